// Rules and wire fields more than one action kind uses: buttons, name/value rows, addresses.
import { Type } from 'typebox';
import { buttonLinkHref } from '../schemas/buttonLink';
import { Button, KeyValue, Nullable } from '../schemas/skills';
import { LIMITS, SKILL_MESSAGES, blank, type ButtonType, type Problem } from '../schemas/skillRules';

export interface ButtonInput {
  type?: string | null;
  title?: string | null;
  subtitle?: string | null;
  value?: string | null;
  render?: string | null;
}
export interface CardInput {
  title?: string | null;
  subtitle?: string | null;
  imageUrl?: string | null;
  invalidOption?: string | null;
  buttons?: readonly ButtonInput[] | null;
}
export interface KeyValueInput {
  k?: string | null;
  v?: string | null;
}

/** Cards, buttons and carousels use these; quick replies add LOCATION, PHONE and EMAIL to POSTBACK. */
export const BUTTON_TYPES_FOR: Readonly<Record<'default' | 'QUICK_REPLY', readonly ButtonType[]>> = {
  default: ['WEB_URL', 'POSTBACK', 'CALL'],
  QUICK_REPLY: ['POSTBACK', 'LOCATION', 'PHONE', 'EMAIL'],
};
/** Quick replies that ask the client's channel for a value carry no value of their own. */
const VALUELESS: ReadonlySet<string> = new Set(['LOCATION', 'PHONE', 'EMAIL']);

/** Wire fields several kinds share, one schema each so the kinds agree on them. */
export const SHARED_FIELDS = {
  imageUrl: Type.String({ maxLength: 2000 }),
  title: Type.String({ maxLength: 1000 }),
  invalidOption: Type.String({ maxLength: 1000 }),
  buttons: Type.Array(Button, { maxItems: 20 }),
  /** WEB_HOOK's body fields (query parameters for GET); GO_SKILL's values handed to the skill. */
  fields: Type.Array(KeyValue, { maxItems: 100 }),
  /** GO_BOT: the bot. GO_HUMAN (optional): the bot that takes the conversation back. */
  b: Nullable(Type.String({ maxLength: 200 })),
  /** GO_BOT: the value sent. GO_SKILL: the skill. */
  sk: Nullable(Type.String({ maxLength: 1000 })),
};

/** A button's rules: type, title and value required ('campo requerido'), and the length limits (title and subtitle 50, value 150, render 30). */
export function buttonProblems(button: ButtonInput, field: string, label: string, allowed: readonly string[]): Problem[] {
  const problems: Problem[] = [];
  if (blank(button.type)) problems.push({ field: `${field}.type`, message: SKILL_MESSAGES.campoRequerido, label: `${label}, tipo` });
  else if (!allowed.includes(button.type!)) problems.push({ field: `${field}.type`, message: SKILL_MESSAGES.tipoBotonNoPermitido, label: `${label}, tipo` });
  if (blank(button.title)) problems.push({ field: `${field}.title`, message: SKILL_MESSAGES.campoRequerido, label: `${label}, título` });
  if (blank(button.value) && !VALUELESS.has(button.type ?? '')) problems.push({ field: `${field}.value`, message: SKILL_MESSAGES.campoRequerido, label: `${label}, valor` });
  // A link opens in the client's browser: only web pages, calls and mails, never a script.
  else if (button.type === 'WEB_URL' && !buttonLinkHref(button.value)) problems.push({ field: `${field}.value`, message: SKILL_MESSAGES.enlaceBoton, label: `${label}, valor` });
  const lengths: Array<[keyof ButtonInput, number, string]> = [['title', LIMITS.buttonTitle, 'título'], ['subtitle', LIMITS.buttonSubtitle, 'subtítulo'], ['value', LIMITS.buttonValue, 'valor'], ['render', LIMITS.buttonRender, 'texto mostrado']];
  for (const [key, max, name] of lengths) {
    if ((button[key]?.length ?? 0) > max) problems.push({ field: `${field}.${key}`, message: SKILL_MESSAGES.maxCaracteres(max), label: `${label}, ${name}` });
  }
  return problems;
}

export function buttonsProblems(buttons: readonly ButtonInput[] | null | undefined, field: string, allowed: readonly string[], label = 'Botón'): Problem[] {
  return (buttons ?? []).flatMap((b, i) => buttonProblems(b, `${field}.${i}`, `${label} ${i + 1}`, allowed));
}

/** Buttons beyond Facebook's three: a warning, not a refusal. */
export function facebookWarning(accion: { type: string; buttons?: readonly ButtonInput[] | null }): string | null {
  return accion.type !== 'QUICK_REPLY' && (accion.buttons?.length ?? 0) >= LIMITS.facebookButtons ? SKILL_MESSAGES.avisoFacebook : null;
}

export const isHttpUrl = (url: string) => {
  try {
    const { protocol } = new URL(url.trim());
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};
/** A webhook may also call this server by path ('/api/…'): the engine resolves it against its own address. */
export const isOwnPath = (url: string) => /^\/(?!\/)\S*$/.test(url.trim());

/** An image may also be on this server, by path ('/api/…'): the engine gives it the address the client reaches the server by. */
export const isImageUrl = (url: string) => isHttpUrl(url) || isOwnPath(url);

export function keyValueProblems(rows: readonly KeyValueInput[] | null | undefined, field: string, label: string): Problem[] {
  return (rows ?? []).flatMap((row, i) => (blank(row.k) || blank(row.v) ? [{ field: `${field}.${i}`, message: SKILL_MESSAGES.claveValor, label: `${label} ${i + 1}` }] : []));
}
