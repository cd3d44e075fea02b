// Audit log: the rows of the paged search and the events the console records.
import { Type, type Static } from 'typebox';
import { closed, literals } from './common';

/** What an audit row may name by its id in its detail: a bot, a conversation's client or session. */
export const AUDIT_REF_KINDS = ['bot', 'cliente', 'sesion'] as const;
export type AuditRefKind = (typeof AUDIT_REF_KINDS)[number];

/**
 * One thing the detail names by `id`, as it is now: its name (`nm`; a session's start instant), or
 * `eliminado` when it no longer exists; neither when it exists without a name.
 */
export const AuditRef = Type.Object({
  tipo: literals(AUDIT_REF_KINDS),
  id: Type.String(),
  nm: Type.Optional(Type.String()),
  eliminado: Type.Optional(Type.Boolean()),
});
export type AuditRef = Static<typeof AuditRef>;

export const AuditRow = Type.Object({
  id: Type.String(),
  idU: Type.String(),
  us: Type.String(),
  idE: Type.String(),
  ev: Type.Integer(),
  fc: Type.String(),
  val: Type.Union([Type.String(), Type.Null()]),
  /** The ids in `val` that name something, each with its name; absent when there are none. */
  refs: Type.Optional(Type.Array(AuditRef)),
});
export type AuditRow = Static<typeof AuditRow>;

export const AuditEventBody = Type.Object({
  ev: Type.Integer(),
  val: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  // Sent by the console and ignored: the row always names the session's user and company.
  idU: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  idE: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
}, closed);

export const AuditEventAnswer = Type.Object({ recorded: Type.Boolean(), id: Type.Optional(Type.String()) });
