// Companies: list and read (a system admin any, others their own),
// save and delete (system admin only).
import { Type } from 'typebox';
import { currentUser, requireUser } from '../plugins/guards';
import { deleteCompany, getCompany, listCompanies, saveCompany } from '../services/empresas/empresas';
import type { App } from '../types';
import { ErrorBody, IdAnswer, IdQuery, signedErrors } from '../../../common/schemas/common';
import { Empresa, EmpresaBody, EmpresaQuery } from '../../../common/schemas/empresas';

export { Empresa, EmpresaBody };

const refusals = { ...signedErrors, 403: ErrorBody, 404: ErrorBody };

export async function empresasRoutes(app: App): Promise<void> {
  app.get(
    '/empresa',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['Empresas'], operationId: 'getEmpresas',
        summary: 'Sin id: las empresas (todas para el administrador del sistema, la propia para los demás). Con id: una empresa',
        querystring: EmpresaQuery,
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
        tags: ['Empresas'], operationId: 'saveEmpresa',
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
        tags: ['Empresas'], operationId: 'deleteEmpresa',
        summary: 'Elimina una empresa sin usuarios ni bots',
        querystring: IdQuery,
        response: { 200: IdAnswer, ...refusals, 409: ErrorBody },
      },
    },
    async (request) => {
      await deleteCompany(app, currentUser(request), request.query.id);
      return { id: request.query.id };
    },
  );
}
