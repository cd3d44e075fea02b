// Mail-server settings of /cfg.
import { Type, type Static } from 'typebox';
import { closed, RequiredNumber, RequiredText } from './common';

export { PROVIDERS, type Provider } from './rules';

export const MailSettings = Type.Object({
  host: Type.String(),
  port: Type.Union([Type.Integer(), Type.Null()]),
  username: Type.String(),
  email: Type.String(),
  provider: Type.String(),
  /** Whether a password is stored; the password itself is never sent. */
  passwordSet: Type.Boolean(),
});
export type MailSettings = Static<typeof MailSettings>;

// The password is required only when none is stored yet, so the service checks it.
export const MailSettingsBody = Type.Object(
  {
    host: RequiredText(200, 'Campo requerido: Servidor'),
    port: RequiredNumber('Campo requerido: Puerto'),
    username: RequiredText(200, 'Campo requerido: Usuario'),
    password: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
    email: RequiredText(200, 'Campo requerido: Correo'),
    provider: RequiredText(40, 'Campo requerido: Proveedor'),
  },
  closed,
);
export type MailSettingsBody = Static<typeof MailSettingsBody>;

export const TestMailBody = Type.Object({ email: RequiredText(200, 'Ingrese un email') }, closed);
