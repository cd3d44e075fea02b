// Users (access spec §2, §7): the paged list, save (create or update) and delete.
// GET /usuario?id lives in usuarioLookup.ts.
import { Type } from 'typebox';
import { currentUser, requireUser, scopeIdE } from '../plugins/guards';
import { pageRequestFields, pageResponse, runSearch } from '../services/paging';
import { deleteUser, planUserSearch, saveUser, toView } from '../services/usuarios';
import type { App } from '../types';
import { ErrorBody, signedErrors } from './schemas';
import { UsuarioRecord } from './usuarioLookup';

const Text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
const Nullable = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));

// Required fields are optional here so that a missing one gets the form's own message.
export const UsuarioBody = Type.Object({
  id: Nullable(64),
  usuario: Text(200),
  idE: Nullable(64),
  rol: Nullable(40),
  nm: Text(100),
  ap: Text(100),
  a: Type.Optional(Type.Boolean()),
  sso: Type.Optional(Type.Boolean()),
  pmHist: Type.Optional(Type.Boolean()),
  showChannels: Type.Optional(Type.Boolean()),
  version: Type.Optional(Type.Integer({ minimum: 0 })),
  // Sent back by the form and ignored: the server keeps the creator and the creation date.
  uc: Nullable(200),
  fc: Nullable(40),
});

const SearchBody = Type.Object({
  ...pageRequestFields,
  // Sent by the console; the caller's role is taken from the session instead.
  rol: Nullable(40),
});

const IdQuery = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

const refusals = { ...signedErrors, 403: ErrorBody, 404: ErrorBody };

export async function usuariosRoutes(app: App): Promise<void> {
  app.post(
    '/usuario/search',
    {
      preHandler: requireUser('adminUserOrChannel'),
      schema: {
        summary: 'Lista paginada de usuarios (de la propia empresa, salvo para el administrador del sistema)',
        body: SearchBody,
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
      preHandler: requireUser('adminUserOrChannel'),
      schema: {
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
        preHandler: requireUser('adminUserOrChannel'),
        schema: {
          summary: 'Elimina un usuario',
          querystring: IdQuery,
          response: { 200: Type.Object({ id: Type.String() }), ...refusals, 409: ErrorBody },
        },
      },
      async (request) => {
        await deleteUser(app, currentUser(request), request.query.id);
        return { id: request.query.id };
      },
    );
  }
}
