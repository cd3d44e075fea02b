// Companies: the record and the body of a save.
import { Type, type Static } from 'typebox';
import { closed, RequiredText } from './common';

const Nullable = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));
const Flag = Type.Optional(Type.Boolean());

export const Empresa = Type.Object({
  id: Type.String(),
  nm: Type.String(),
  ruc: Type.String(),
  activo: Type.Boolean(),
  audit: Type.Boolean(),
  dir: Type.Union([Type.String(), Type.Null()]),
  tel: Type.Union([Type.String(), Type.Null()]),
  c: Type.Union([Type.String(), Type.Null()]),
  razon: Type.Union([Type.String(), Type.Null()]),
  cs: Type.Union([Type.String(), Type.Null()]),
  csA: Type.Union([Type.String(), Type.Null()]),
  csE: Type.Union([Type.String(), Type.Null()]),
  consulta: Type.Union([Type.String(), Type.Null()]),
  fc: Type.String(),
  ff: Type.Union([Type.String(), Type.Null()]),
  acl: Type.Boolean(),
  aclList: Type.Array(Type.String()),
  liveAgent: Type.Boolean(),
  tg: Type.Boolean(),
  ts: Type.Integer(),
  /** IANA time zone of the company's channel hours and of the dates its bots read; null: the server's (CHAT_TIME_ZONE). */
  tz: Type.Union([Type.String(), Type.Null()]),
  // Only for a system admin and the company's own administrator.
  tk1: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  tk2: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  tk3: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  tk4: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  version: Type.Integer(),
});

// nm, ruc and the four tokens of the company administration section are required, with the
// form's messages.
export const EmpresaBody = Type.Object({
  id: Nullable(64),
  nm: RequiredText(200, 'Campo requerido: Nombre'),
  ruc: RequiredText(40, 'Campo requerido: RUC'),
  activo: Flag,
  audit: Flag,
  dir: Nullable(300),
  tel: Nullable(60),
  c: Nullable(200),
  razon: Nullable(300),
  cs: Nullable(200),
  csA: Nullable(200),
  csE: Nullable(200),
  consulta: Nullable(300),
  ff: Nullable(32),
  acl: Flag,
  aclList: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 500 })),
  liveAgent: Flag,
  tg: Flag,
  ts: Type.Optional(Type.Number({ maximum: 525_600 })),
  tz: Nullable(64),
  tk1: RequiredText(200, 'Campo requerido: Token 1'),
  tk2: RequiredText(200, 'Campo requerido: Token 2'),
  tk3: RequiredText(200, 'Campo requerido: Token 3'),
  tk4: RequiredText(200, 'Campo requerido: Token 4'),
  version: Type.Optional(Type.Integer({ minimum: 0 })),
  // Sent back by the form and ignored: the creation date is the server's.
  fc: Nullable(40),
}, closed);
export type Empresa = Static<typeof Empresa>;

/** GET /empresa: without id the list, with id one company. */
export const EmpresaQuery = Type.Object({ id: Type.Optional(Type.String({ maxLength: 64 })) });
