// The rules of a channel save that the schema cannot state: hours needed when porHora is on, the
// relay's https address, excluded numbers with digits, the web chat's defaults and its allowed sites. Each refusal is a Spanish 400 naming the
// field by its form path, so the editor can mark it.
import { ApiError } from '../../errors';
import { CANAL_MESSAGES, WEB_DEFAULTS, type CanalBody, type CanalCfg, type WebConfig, type WebTheme } from '../../../../common/schemas/canales';

export const CANAL_RULE_MESSAGES = {
  noDigits: 'Ingrese un número de teléfono (con dígitos)',
  repeatedNumber: 'El número {numero} ya está en la lista',
  badDomain: "'{value}' no es un sitio válido: escriba un nombre de host (tienda.ejemplo.com) o un origen (https://tienda.ejemplo.com)",
  fixedKind: 'El tipo de un canal no cambia una vez creado',
} as const;

const refuse = (field: string, message: string) => new ApiError(400, message, undefined, field);

/** The stored columns a save writes (besides the secrets, merged apart). */
export interface CanalFields {
  dsc: string;
  porHora: 0 | 1;
  hi: string | null;
  hf: string | null;
  msgFueraHora: string | null;
  liveAgent: 0 | 1;
  useChasqui: 0 | 1;
  chasquiUrl: string | null;
  /** JSON: [{numero, nombre}]. */
  excluir: string;
  /** JSON: WebConfig, or null for any kind but Web. */
  web: string | null;
}

/** The provider settings an editor enters; the others come from the provider (sign-in, getMe, OAuth). */
export const EDITABLE_CFG = ['appId', 'phoneNumberId', 'projectNumber'] as const satisfies ReadonlyArray<keyof CanalCfg>;

const text = (value: string | null | undefined): string | null => value?.trim() || null;
const bool = (value: boolean | undefined): 0 | 1 => (value ? 1 : 0);

/** Digits only, so '+51 999 888 777' and '51999888777' are one number. */
const digits = (value: string) => value.replace(/\D/g, '');

/** True for an https address with a host. */
export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !!url.hostname;
  } catch {
    return false;
  }
}

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A host name ('tienda.ejemplo.com', 'localhost'): labels of letters, digits and inner hyphens. */
function isHostName(value: string): boolean {
  return value.length <= 253 && value.split('.').every((label) => HOST_LABEL.test(label));
}

/**
 * One entry of the web chat's `domain` list as stored: a host name in lower case, or an http(s)
 * origin (scheme, host and port only) as the browser sends it; undefined when it is neither.
 */
export function normalizeDomain(entry: string): string | undefined {
  const value = entry.trim().toLowerCase();
  if (/^https?:\/\//.test(value)) {
    try {
      const url = new URL(value);
      if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return undefined;
      return url.origin;
    } catch {
      return undefined;
    }
  }
  return isHostName(value) ? value : undefined;
}

/** The web chat's appearance with every missing (or null) setting taken from WEB_DEFAULTS, and the site list checked. */
export function withWebDefaults(web: WebConfig | null | undefined): WebConfig {
  const given = web ?? {};
  const out: Record<string, unknown> = { ...WEB_DEFAULTS };
  for (const [key, value] of Object.entries(given)) if (value !== undefined && value !== null && key !== 'theme') out[key] = value;
  const theme: Record<string, unknown> = { ...WEB_DEFAULTS.theme };
  for (const [key, value] of Object.entries(given.theme ?? {})) if (value !== undefined && value !== null) theme[key] = value;
  out.theme = theme as WebTheme;
  const domains: string[] = [];
  (given.domain ?? []).forEach((entry, i) => {
    if (!entry.trim()) return;
    const domain = normalizeDomain(entry);
    if (!domain) throw refuse(`web.domain.${i}`, CANAL_RULE_MESSAGES.badDomain.replace('{value}', entry.trim()));
    if (!domains.includes(domain)) domains.push(domain);
  });
  out.domain = domains;
  return out as WebConfig;
}

/** The excluded numbers as stored: trimmed, each with digits, none twice. */
function exclusions(excluir: CanalBody['excluir']): CanalBody['excluir'] {
  const seen = new Set<string>();
  return (excluir ?? []).map((e, i) => {
    const numero = e.numero.trim();
    const key = digits(numero);
    if (!key) throw refuse(`excluir.${i}.numero`, CANAL_RULE_MESSAGES.noDigits);
    if (seen.has(key)) throw refuse(`excluir.${i}.numero`, CANAL_RULE_MESSAGES.repeatedNumber.replace('{numero}', numero));
    seen.add(key);
    return { numero, nombre: e.nombre.trim() };
  });
}

/** The columns a save of `body` writes for a channel of kind `name`, or the first broken rule. */
export function canalFields(body: CanalBody, name: string): CanalFields {
  const porHora = !!body.porHora;
  const hi = text(body.hi);
  const hf = text(body.hf);
  if (porHora && !hi) throw refuse('hi', CANAL_MESSAGES.required);
  if (porHora && !hf) throw refuse('hf', CANAL_MESSAGES.required);
  const useChasqui = !!body.useChasqui;
  const chasquiUrl = text(body.chasquiUrl);
  if (useChasqui && !chasquiUrl) throw refuse('chasquiUrl', CANAL_MESSAGES.required);
  if (useChasqui && chasquiUrl && !isHttpsUrl(chasquiUrl)) throw refuse('chasquiUrl', CANAL_MESSAGES.chasquiHttps);
  return {
    dsc: body.dsc.trim(),
    porHora: bool(porHora),
    hi,
    hf,
    msgFueraHora: text(body.msgFueraHora),
    liveAgent: bool(body.liveAgent),
    useChasqui: bool(useChasqui),
    chasquiUrl,
    excluir: JSON.stringify(exclusions(body.excluir)),
    web: name === 'Web' ? JSON.stringify(withWebDefaults(body.web)) : null,
  };
}

/** The editor's provider settings of `body` (EDITABLE_CFG only): '' or null removes one. */
export function editableCfg(body: CanalBody): Partial<CanalCfg> {
  const out: Partial<CanalCfg> = {};
  for (const key of EDITABLE_CFG) {
    const value = body.cfg?.[key];
    if (value !== undefined) out[key] = text(value);
  }
  return out;
}
