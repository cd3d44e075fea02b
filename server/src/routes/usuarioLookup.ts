// GET /usuario?id: one user record for the lookups and the user form. Kept apart from
// usuarios.ts (search, save, delete) until the two are merged.
import { Type } from 'typebox';
import { notFound } from '../errors';
import { currentUser, requireUser, sameTenant } from '../plugins/guards';
import type { App } from '../types';
import { ErrorBody } from './schemas';

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

export async function usuarioLookupRoutes(app: App): Promise<void> {
  app.get(
    '/usuario',
    {
      preHandler: requireUser('adminUserOrChannel'),
      schema: {
        summary: 'Un usuario por id (de la propia empresa, salvo para el administrador del sistema)',
        querystring: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: UsuarioRecord, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const row = await app.db
        .selectFrom('usuario')
        .select(['id', 'usuario', 'idE', 'rol', 'nm', 'ap', 'a', 'uc', 'sso', 'pmHist', 'showChannels', 'fc', 'version'])
        .where('id', '=', request.query.id)
        .executeTakeFirst();
      // Another company's user answers exactly like a missing one.
      if (!row || !sameTenant(currentUser(request), row.idE)) throw notFound(USER_NOT_FOUND);
      return { ...row, a: !!row.a, sso: !!row.sso, pmHist: !!row.pmHist, showChannels: !!row.showChannels };
    },
  );
}
