// Plain constants both sides read (no typebox here, so the console bundle takes only these values).
export const PROVIDERS = ['JEDAI', 'SMTP', 'OFFICE_365', 'G_SUITE_GOOGLE'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** A new company's session inactivity limit, in minutes. */
export const DEFAULT_TS = 30;

/** True for a time zone this runtime knows by its IANA name ('America/Lima', 'UTC'). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('es', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** True for an e-mail address: a name, '@' and a domain with a dot, without spaces. */
export function isEmail(text: string): boolean {
  return EMAIL.test(text);
}

/** The IANA time zones a company can choose (the runtime's own list), for the company form. */
export function timeZones(): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return listed.includes('UTC') ? listed : [...listed, 'UTC'];
}

/** Audit event codes: 0-3 are posted by the console, 4-6 are written by the server. */
export const EV = {
  HISTORIAL: 0,
  BOT_MODIFICADO: 1,
  BOT_DESPLEGADO: 2,
  CANALES: 3,
  USUARIO: 4,
  EMPRESA: 5,
  CORREO: 6,
} as const;

/** The name of each audit event, as the audit list shows it. */
export const AUDIT_EVENTS: Readonly<Record<number, string>> = {
  0: 'Historial',
  1: 'Bot Modificado',
  2: 'Bot desplegado',
  3: 'Canales',
  4: 'Usuarios',
  5: 'Empresas',
  6: 'Correo',
};

/**
 * The built-in entities (GET /entity/internal/list): recognised by the engine in every bot, shown
 * read-only beside the bot's own. `id` is what a requirement names (field type 1, internal).
 */
export const INTERNAL_ENTITIES: ReadonlyArray<{ id: string; nm: string; dsc: string }> = [
  { id: 'email', nm: 'Correo electrónico', dsc: 'Una dirección de correo, como nombre@empresa.com' },
  { id: 'phone', nm: 'Teléfono', dsc: 'Un número de teléfono fijo o celular, con o sin código de país (+51 987 654 321)' },
  { id: 'number', nm: 'Número', dsc: 'Una cantidad en cifras o en palabras (3, 2,5, tres)' },
  { id: 'date', nm: 'Fecha', dsc: 'Una fecha, como 15/03/2026, 15 de marzo o mañana' },
  { id: 'time', nm: 'Hora', dsc: 'Una hora del día, como 14:30, 2 pm o a las tres' },
  { id: 'document', nm: 'Documento de identidad', dsc: 'Un número de documento de identidad: DNI (8 dígitos), carné de extranjería o pasaporte' },
  { id: 'ruc', nm: 'RUC', dsc: 'El Registro Único de Contribuyentes de una empresa o persona (11 dígitos)' },
  { id: 'url', nm: 'Dirección web', dsc: 'Una dirección de internet, como https://www.empresa.com' },
  { id: 'currency', nm: 'Monto', dsc: 'Un importe con su moneda, como S/ 150, 20 dólares o USD 35,90' },
];

/** Whatever a save sends, an entity exposes its text and its length. */
export const ENTITY_PATHS: ReadonlyArray<{ nm: string; tp: string }> = [{ nm: 'text', tp: 'text' }, { nm: 'length', tp: 'number' }];

/** The demo bot's plans: its carousel and the web channel editor's preview show the same ones. */
export const DEMO_PLANS: ReadonlyArray<{ nm: string; imagen: string; subtitle: string }> = [
  { nm: 'Básico', imagen: 'plan-basico', subtitle: 'S/ 99 al mes: 1 bot y 1.000 conversaciones' },
  { nm: 'Pro', imagen: 'plan-pro', subtitle: 'S/ 299 al mes: 5 bots y 10.000 conversaciones' },
  { nm: 'Empresa', imagen: 'plan-empresa', subtitle: 'S/ 899 al mes: bots ilimitados y un asesor dedicado' },
];
