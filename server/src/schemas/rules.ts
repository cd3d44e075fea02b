// Plain constants both sides read (no typebox here, so the console bundle takes only these values).
export const PROVIDERS = ['JEDAI', 'SMTP', 'OFFICE_365', 'G_SUITE_GOOGLE'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** A new company's session inactivity limit, in minutes. */
export const DEFAULT_TS = 30;

/** Audit event codes: 0-3 come from the spec (posted by the console), 4-6 are written by the server. */
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
