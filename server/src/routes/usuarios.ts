// Users: the paged list, save (create or update) and delete.
// GET /usuario?id lives in usuarioLookup.ts.
import { canManageUsers } from '../../../common/roles';
import { currentUser, requireUser, scopeIdE } from '../plugins/guards';
import { runSearch } from '../db/paging';
import { deleteUser, planUserSearch, saveUser, toView } from '../services/empresas/usuarios';
import type { App } from '../types';
import { ErrorBody, IdAnswer, IdQuery, signedErrors } from '../../../common/schemas/common';
import { pageResponse } from '../../../common/schemas/paging';
import { UsuarioBody, UsuarioRecord, UsuarioSearchBody } from '../../../common/schemas/usuarios';

export { UsuarioBody };

const refusals = { ...signedErrors, 403: ErrorBody, 404: ErrorBody };

export async function usuariosRoutes(app: App): Promise<void> {
  app.post(
    '/usuario/search',
    {
      preHandler: requireUser('adminUserOrChannel'),
      schema: {
        tags: ['Usuarios'], operationId: 'searchUsuarios',
        summary: 'Lista paginada de usuarios (de la propia empresa, salvo para el administrador del sistema)',
        body: UsuarioSearchBody,
        response: { 200: pageResponse(UsuarioRecord), ...refusals },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const page = await runSearch(app.db, planUserSearch(app.db, scopeIdE(user, request.body.idE), request.body));
      return { ...page, content: page.content.map(toView) };
    },
  );

  app.post(
    '/usuario',
    {
      preHandler: requireUser(canManageUsers),
      schema: {
        tags: ['Usuarios'], operationId: 'saveUsuario',
        summary: 'Crea (sin id) o modifica (con id y version) un usuario',
        body: UsuarioBody,
        response: { 200: UsuarioRecord, ...refusals, 409: ErrorBody, 502: ErrorBody },
      },
    },
    async (request) => saveUser(app, currentUser(request), request.body),
  );

  // The console calls DELETE /usuario/?id; both spellings are served.
  for (const url of ['/usuario', '/usuario/']) {
    app.delete(
      url,
      {
        preHandler: requireUser(canManageUsers),
        schema: {
          tags: ['Usuarios'], operationId: 'deleteUsuario', hide: url === '/usuario/',
          summary: 'Elimina un usuario',
          querystring: IdQuery,
          response: { 200: IdAnswer, ...refusals, 409: ErrorBody },
        },
      },
      async (request) => {
        await deleteUser(app, currentUser(request), request.query.id);
        return { id: request.query.id };
      },
    );
  }
}
