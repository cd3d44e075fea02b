// The web channel editor's data (bot-building spec §3, §5, §9): the form's values and their
// defaults, the body POST /ch/web takes, the JSON copied and pasted, and the rgba colour text.
import { WebConfig, WebTheme, WEB_DEFAULTS, type Canal, type CanalBody } from '../../../../server/src/schemas/canales';

export type WebThemeForm = Required<{ [K in keyof WebTheme]: string }>;

/** Every field of the web object, none missing, so each input has a value. */
export interface WebForm {
  domain: string[];
  dsc: string;
  welcomeMessage: string;
  floating: boolean;
  floatingIcon: string;
  theme: WebThemeForm;
  headerTitle: string;
  headerLogo: string;
  height: string;
  width: string;
  placeholder: string;
  hideBotAvatar: boolean;
  hideUserAvatar: boolean;
  botAvatar: string;
  userAvatar: string;
  widthBtn: string;
  heightBtn: string;
  paddingBtn: string;
  shadowBtn: string;
  bottom: string;
  right: string;
  fullFloatingIcon: boolean;
  /** null while the input is empty (the form refuses it). */
  welcomeHeight: number | null;
  showCloseWelcome: boolean;
  carouselDoble: boolean;
}

/** What the form edits. The channel's id, company, bot, state and rev stay outside it. */
export interface CanalWebValues {
  dsc: string;
  porHora: boolean;
  hi: string;
  hf: string;
  msgFueraHora: string;
  web: WebForm;
}

type WebKey = keyof WebForm;
type ThemeKey = keyof WebThemeForm;
const WEB_KEYS = Object.keys(WebConfig.properties) as WebKey[];
const THEME_KEYS = Object.keys(WebTheme.properties) as ThemeKey[];

/** The theme colours, each edited with a colour picker. */
export const COLOUR_KEYS = [
  'background',
  'headerBgColor',
  'headerFontColor',
  'botBubbleColor',
  'botFontColor',
  'userBubbleColor',
  'userFontColor',
  'bgBtn',
] as const satisfies readonly ThemeKey[];

const BLANK_WEB: Omit<WebForm, 'theme'> = {
  domain: [],
  dsc: '',
  welcomeMessage: '',
  floating: false,
  floatingIcon: '',
  headerTitle: '',
  headerLogo: '',
  height: '',
  width: '',
  placeholder: '',
  hideBotAvatar: false,
  hideUserAvatar: false,
  botAvatar: '',
  userAvatar: '',
  widthBtn: '',
  heightBtn: '',
  paddingBtn: '',
  shadowBtn: '',
  bottom: '',
  right: '',
  fullFloatingIcon: false,
  welcomeHeight: null,
  showCloseWelcome: false,
  carouselDoble: false,
};

/** A field's value when it has the type of its blank (a string, a boolean, a number, a list of strings); otherwise undefined. */
function sameKind<T>(blank: T, value: unknown): T | undefined {
  if (Array.isArray(blank)) return Array.isArray(value) && value.every((item) => typeof item === 'string') ? (value as T) : undefined;
  if (blank === null) return typeof value === 'number' && Number.isFinite(value) ? (value as T) : undefined;
  return typeof value === typeof blank ? (value as T) : undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The web object with every field: the given value where it has the right type, otherwise the
 * default (WEB_DEFAULTS, then blank). Unknown fields are dropped.
 */
export function toWebForm(web: unknown): WebForm {
  const given = isObject(web) ? web : {};
  const theme = isObject(given.theme) ? given.theme : {};
  const defaults: Partial<Record<WebKey, unknown>> = WEB_DEFAULTS;
  const result = { ...BLANK_WEB } as Record<string, unknown>;
  for (const key of WEB_KEYS) {
    if (key === 'theme') continue;
    const blank = BLANK_WEB[key];
    result[key] = sameKind(blank, given[key]) ?? sameKind(blank, defaults[key]) ?? blank;
  }
  // A copy: the defaults are readonly and the form's list inputs change what they are given.
  result.domain = [...(result.domain as string[])];
  const themeDefaults: Partial<Record<ThemeKey, string>> = WEB_DEFAULTS.theme;
  result.theme = Object.fromEntries(
    THEME_KEYS.map((key) => [key, sameKind('', theme[key]) ?? themeDefaults[key] ?? '']),
  );
  return result as unknown as WebForm;
}

const text = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);

/** The form's values of a saved channel, or of a new one (undefined). */
export function toCanalWebValues(canal?: Pick<Canal, 'dsc' | 'porHora' | 'hi' | 'hf' | 'msgFueraHora' | 'web'> | Record<string, unknown>): CanalWebValues {
  const given: Record<string, unknown> = canal ?? {};
  return {
    dsc: text(given.dsc),
    porHora: typeof given.porHora === 'boolean' ? given.porHora : false,
    hi: text(given.hi),
    hf: text(given.hf),
    msgFueraHora: text(given.msgFueraHora),
    web: toWebForm(given.web),
  };
}

/** The channel as the page holds it: saved (from the server) or new (no id yet). */
export type CanalWebState = Pick<Canal, 'activo' | 'b' | 'bot'> & Partial<Pick<Canal, 'id' | 'idE' | 'idR' | 'rev'>>;

/** A new channel starts active and unlinked (access spec §4). */
export const NEW_CANAL: CanalWebState = { activo: true, b: null, bot: null };

/** POST /ch/web's body for a web channel. (The schema's `name` is a union built from a list, which its Static reads as never.) */
export type CanalWebBody = Omit<CanalBody, 'name'> & { name: 'Web' };

/** POST /ch/web: the form's values on the channel's id, company and rev (none for a new one). */
export function toCanalBody(values: CanalWebValues, canal: CanalWebState): CanalWebBody {
  const { welcomeHeight, ...web } = values.web;
  return {
    ...(canal.id ? { id: canal.id } : {}),
    name: 'Web',
    dsc: values.dsc.trim(),
    activo: canal.activo,
    ...(canal.idE ? { idE: canal.idE } : {}),
    ...(canal.idR ? { idR: canal.idR } : {}),
    porHora: values.porHora,
    hi: values.hi || null,
    hf: values.hf || null,
    msgFueraHora: values.msgFueraHora || null,
    web: { ...web, domain: web.domain.map((site) => site.trim()).filter(Boolean), ...(welcomeHeight === null ? {} : { welcomeHeight }) },
    ...(canal.rev !== undefined ? { rev: canal.rev } : {}),
  };
}

/** 'Copiar configuración': the whole channel, as its form shows it now. */
export function toCopiedJson(values: CanalWebValues, canal: CanalWebState): string {
  return JSON.stringify({ ...toCanalBody(values, canal), b: canal.b }, null, 2);
}

/**
 * 'Pegar configuración' (spec §5): the text must hold a brace and parse as a JSON object, else
 * null ('Error al decodificar canal'). The pasted channel replaces every value the form edits;
 * the id, idE and idR (and the bot, state and rev) stay the current channel's, since they are
 * never read from the paste.
 */
export function parsePastedCanal(text: string): CanalWebValues | null {
  if (!text.includes('{')) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.trim());
  } catch {
    return null;
  }
  return isObject(parsed) ? toCanalWebValues(parsed) : null;
}

export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** 'rgba(r, g, b, a)': r, g and b whole from 0 to 255, a from 0 to 1 with at most two decimals. */
export function formatRgba({ r, g, b, a }: Rgba): string {
  const channel = (value: number) => Math.round(clamp(value, 0, 255));
  return `rgba(${channel(r)}, ${channel(g)}, ${channel(b)}, ${Math.round(clamp(a, 0, 1) * 100) / 100})`;
}

const NUMBER = String.raw`\s*(\d+(?:\.\d+)?)\s*`;
const RGB = new RegExp(String.raw`^rgba?\(${NUMBER},${NUMBER},${NUMBER}(?:,${NUMBER})?\)$`, 'i');
const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** A colour written as rgba(), rgb() or #hex; null when it is none of them or out of range. */
export function parseColour(value: string): Rgba | null {
  const trimmed = value.trim();
  const rgb = RGB.exec(trimmed);
  if (rgb) {
    const [r, g, b] = [rgb[1], rgb[2], rgb[3]].map(Number);
    const a = rgb[4] === undefined ? 1 : Number(rgb[4]);
    return [r, g, b].every((c) => c <= 255) && a <= 1 ? { r, g, b, a } : null;
  }
  const hex = HEX.exec(trimmed);
  if (!hex) return null;
  const digits = hex[1].length <= 4 ? [...hex[1]].map((d) => d + d).join('') : hex[1];
  const byte = (i: number) => parseInt(digits.slice(i * 2, i * 2 + 2), 16);
  return { r: byte(0), g: byte(1), b: byte(2), a: digits.length === 8 ? Math.round((byte(3) / 255) * 100) / 100 : 1 };
}

/** A CSS length the widget can use as a size: '360px', '80%', '2.5rem', '0'. */
export function isCssLength(value: string): boolean {
  return /^(0|\d+(\.\d+)?(px|%|em|rem|vh|vw))$/.test(value.trim());
}

export const WELCOME_HEIGHT = { min: 0, max: 150 } as const;

/** Spec §5, §9: a whole number from 0 to 150. */
export function isWelcomeHeight(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= WELCOME_HEIGHT.min && value <= WELCOME_HEIGHT.max;
}
