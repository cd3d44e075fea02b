// GET /usuario?id: one user record for the lookups and the user form. Kept apart from
// usuarios.ts (search, save, delete) until the two are merged.
import { notFound } from '../errors';
import { currentUser, requireUser, sameTenant } from '../plugins/guards';
import type { App } from '../types';
import { ErrorBody, IdQuery } from '../../../common/schemas/common';
import { USER_NOT_FOUND, UsuarioRecord } from '../../../common/schemas/usuarios';

export { USER_NOT_FOUND, UsuarioRecord };

export async function usuarioLookupRoutes(app: App): Promise<void> {
  app.get(
    '/usuario',
    {
      preHandler: requireUser('adminUserOrChannel'),
      schema: {
        tags: ['Usuarios'], operationId: 'getUsuario',
        summary: 'Un usuario por id (de la propia empresa, salvo para el administrador del sistema)',
        querystring: IdQuery,
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
