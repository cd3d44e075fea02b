// TypeBox schemas shared by several routes: error and message answers, the session answer.
import { Type } from 'typebox';

export const ErrorBody = Type.Object({ message: Type.String(), code: Type.Optional(Type.String()) });
export const MessageBody = Type.Object({ message: Type.String() });

/** The usual refusals of a signed route, for the OpenAPI document. */
export const signedErrors = {
  400: ErrorBody,
  401: ErrorBody,
  429: ErrorBody,
};

export const SessionInfo = Type.Object({
  user: Type.Object({
    id: Type.String(),
    usuario: Type.String(),
    nm: Type.String(),
    ap: Type.String(),
    rol: Type.String(),
    idE: Type.String(),
    sso: Type.Boolean(),
    pmHist: Type.Boolean(),
    showChannels: Type.Boolean(),
    a: Type.Boolean(),
  }),
  config: Type.Object({
    k: Type.String(),
    fb: Type.Boolean(),
    tw: Type.Boolean(),
    web: Type.Boolean(),
    tg: Type.Boolean(),
    wp: Type.Boolean(),
    ts: Type.Integer({ description: 'Minutos de inactividad antes de cerrar la sesión' }),
    menu: Type.Array(Type.String()),
  }),
  emp: Type.Object({
    id: Type.String(),
    nm: Type.String(),
    audit: Type.Boolean(),
    tg: Type.Boolean(),
    liveAgent: Type.Boolean(),
  }),
});

/** Passwords are capped so a huge body cannot make scrypt hash megabytes. */
export const Password = Type.String({ maxLength: 128 });
export const Login = Type.String({ maxLength: 200 });
