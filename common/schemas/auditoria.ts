// Audit log: the rows of the paged search and the events the console records.
import { Type, type Static } from 'typebox';
import { closed } from './common';

export const AuditRow = Type.Object({
  id: Type.String(),
  idU: Type.String(),
  us: Type.String(),
  idE: Type.String(),
  ev: Type.Integer(),
  fc: Type.String(),
  val: Type.Union([Type.String(), Type.Null()]),
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
