// GET /health and GET /ready: what a load balancer or an orchestrator asks an instance, and why an instance is not ready.
import { Type, type Static } from 'typebox';

export const SaludOk = Type.Object({ status: Type.Literal('ok') });
export type SaludOk = Static<typeof SaludOk>;

/** Why an instance answers 503: at /ready, and to new work while it drains. */
export const SALUD_MESSAGES = {
  starting: 'La instancia se está iniciando',
  databaseDown: 'La base de datos no responde',
  pendingMigrations: 'Faltan migraciones por aplicar',
  draining: 'La instancia se está deteniendo',
  refused: 'El servidor se está deteniendo: vuelva a intentarlo en unos segundos',
} as const;
