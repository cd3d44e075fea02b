// Companies (bot-building spec §2, §7): list and read (a system admin any, others their own),
// save and delete (system admin only).
import { Type } from 'typebox';
import { currentUser, requireUser } from '../plugins/guards';
import { deleteCompany, getCompany, listCompanies, saveCompany } from '../services/empresas';
import type { App } from '../types';
import { ErrorBody, signedErrors } from './schemas';

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
  // Only for a system admin and the company's own administrator.
  tk1: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  tk2: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  tk3: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  tk4: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  version: Type.Integer(),
});

// Required fields are optional here so that a missing one gets the form's own message.
export const EmpresaBody = Type.Object({
  id: Nullable(64),
  nm: Type.Optional(Type.String({ maxLength: 200 })),
  ruc: Type.Optional(Type.String({ maxLength: 40 })),
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
  tk1: Nullable(200),
  tk2: Nullable(200),
  tk3: Nullable(200),
  tk4: Nullable(200),
  version: Type.Optional(Type.Integer({ minimum: 0 })),
  // Sent back by the form and ignored: the creation date is the server's.
  fc: Nullable(40),
});

const refusals = { ...signedErrors, 403: ErrorBody, 404: ErrorBody };

export async function empresasRoutes(app: App): Promise<void> {
  app.get(
    '/empresa',
    {
      preHandler: requireUser(),
      schema: {
        summary: 'Sin id: las empresas (todas para el administrador del sistema, la propia para los demás). Con id: una empresa',
        querystring: Type.Object({ id: Type.Optional(Type.String({ maxLength: 64 })) }),
        response: { 200: Type.Union([Type.Array(Empresa), Empresa]), 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = request.query.id;
      return id ? getCompany(app.db, user, id) : listCompanies(app.db, user);
    },
  );

  app.post(
    '/empresa',
    {
      preHandler: requireUser('admin'),
      schema: {
        summary: 'Crea (sin id) o modifica (con id y version) una empresa',
        body: EmpresaBody,
        response: { 200: Empresa, ...refusals, 409: ErrorBody },
      },
    },
    async (request) => saveCompany(app, currentUser(request), request.body),
  );

  app.delete(
    '/empresa',
    {
      preHandler: requireUser('admin'),
      schema: {
        summary: 'Elimina una empresa sin usuarios ni bots',
        querystring: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: Type.Object({ id: Type.String() }), ...refusals, 409: ErrorBody },
      },
    },
    async (request) => {
      await deleteCompany(app, currentUser(request), request.query.id);
      return { id: request.query.id };
    },
  );
}
