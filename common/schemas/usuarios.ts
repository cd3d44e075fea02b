// Users: the record, the body of a save and the paged search.
import { Type, type Static } from 'typebox';
import { closed, RequiredText } from './common';
import { pageRequestFields } from './paging';

export const USER_NOT_FOUND = 'Usuario no encontrado';

export const UsuarioRecord = Type.Object({
  id: Type.String(),
  usuario: Type.String(),
  idE: Type.String(),
  rol: Type.String(),
  nm: Type.String(),
  ap: Type.String(),
  a: Type.Boolean(),
  uc: Type.Union([Type.String(), Type.Null()]),
  sso: Type.Boolean(),
  pmHist: Type.Boolean(),
  showChannels: Type.Boolean(),
  fc: Type.String(),
  version: Type.Integer(),
});

const Nullable = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));

// The required fields answer the form's own message when missing or blank; idE is
// required of a system admin only, so the service checks it.
export const UsuarioBody = Type.Object({
  id: Nullable(64),
  usuario: RequiredText(200, 'Ingrese un email'),
  idE: Nullable(64),
  rol: Nullable(40),
  nm: RequiredText(100, 'Ingrese un nombre'),
  ap: RequiredText(100, 'Ingrese un apellido'),
  a: Type.Optional(Type.Boolean()),
  sso: Type.Optional(Type.Boolean()),
  pmHist: Type.Optional(Type.Boolean()),
  showChannels: Type.Optional(Type.Boolean()),
  version: Type.Optional(Type.Integer({ minimum: 0 })),
  // Sent back by the form and ignored: the server keeps the creator and the creation date.
  uc: Nullable(200),
  fc: Nullable(40),
}, closed);

export const UsuarioSearchBody = Type.Object({
  ...pageRequestFields,
  // Sent by the console; the caller's role is taken from the session instead.
  rol: Nullable(40),
}, closed);
export type UsuarioRecord = Static<typeof UsuarioRecord>;
