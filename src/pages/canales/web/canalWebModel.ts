// The web channel editor's data: the web object with every field and
// its defaults, the JSON copied and pasted, the rgba colour text and the size checks.
import type { Canal } from '../../../api/canales';
import { WebConfig, WebTheme, WEB_DEFAULTS } from '../../../../common/schemas/canales';

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
  /** Emptied, the input holds null, which the form refuses. */
  welcomeHeight: number;
  showCloseWelcome: boolean;
  carouselDoble: boolean;
}

/** What a pasted channel replaces in the form: everything it edits but the ids (and the secrets, which a web channel has none of). */
export interface PastedCanal {
  dsc: string;
  porHora: boolean;
  hi: string | null;
  hf: string | null;
  msgFueraHora: string | null;
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
  welcomeHeight: 0,
  showCloseWelcome: false,
  carouselDoble: false,
};

/** A field's value when it has the type of its blank (a string, a boolean, a number, a list of strings); otherwise undefined. */
function sameKind<T>(blank: T, value: unknown): T | undefined {
  if (Array.isArray(blank)) return Array.isArray(value) && value.every((item) => typeof item === 'string') ? (value as T) : undefined;
  if (typeof blank === 'number') return typeof value === 'number' && Number.isFinite(value) ? (value as T) : undefined;
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

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** The editor's form record with every web field in place (a stored channel may lack some). */
export function withWebForm<T extends { web?: unknown }>(values: T): Omit<T, 'web'> & { web: WebForm } {
  return { ...values, web: toWebForm(values.web) };
}

/**
 * 'Pegar configuración': the text must hold a brace and parse as a JSON object, else
 * null ('Error al decodificar canal'). A field of the wrong type, or missing, takes its default;
 * unknown fields are dropped; ids are never read from it.
 */
export function parsePastedCanal(pasted: string): PastedCanal | null {
  if (!pasted.includes('{')) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(pasted.trim());
  } catch {
    return null;
  }
  if (!isObject(parsed)) return null;
  return {
    dsc: text(parsed.dsc),
    porHora: parsed.porHora === true,
    hi: textOrNull(parsed.hi),
    hf: textOrNull(parsed.hf),
    msgFueraHora: textOrNull(parsed.msgFueraHora),
    web: toWebForm(parsed.web),
  };
}

/** The form after a paste: the pasted values over the current ones, keeping the current id and idR. */
export function pasteInto<T extends { id?: string; idR?: string | null }>(current: T, pasted: PastedCanal): T {
  return { ...current, ...pasted, id: current.id, idR: current.idR };
}

/** 'Copiar configuración': the whole web channel as its editor shows it now (typed values included). */
export function toCopiedJson(canal: Pick<Canal, 'id' | 'name' | 'idE' | 'idR' | 'activo' | 'b'>, values: Partial<PastedCanal>): string {
  const { id, name, idE, idR, activo, b } = canal;
  const { dsc, porHora, hi, hf, msgFueraHora, web } = values;
  return JSON.stringify({ id, name, idE, idR, activo, b, dsc, porHora, hi, hf, msgFueraHora, web }, null, 2);
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

/** A whole number from 0 to 150. */
export function isWelcomeHeight(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= WELCOME_HEIGHT.min && value <= WELCOME_HEIGHT.max;
}

/** A site allowed to embed the chat: a host name ('tienda.ejemplo.com', 'localhost') or an origin ('https://tienda.ejemplo.com:8443'). */
export function isSiteAddress(value: string): boolean {
  return /^(https?:\/\/)?([a-z0-9]([a-z0-9-]*[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?\/?$/i.test(value.trim());
}
