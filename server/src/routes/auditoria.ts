// Audit log: the paged search and the events the console records.
// Rows are append-only: no route edits or deletes them.
import { badRequest } from '../errors';
import { currentUser, requireUser, scopeIdE } from '../plugins/guards';
import { CLIENT_EVENTS, planAuditSearch, recordAudit, withRefNames } from '../services/auditoria';
import { runSearch } from '../db/paging';
import type { App } from '../types';
import { AuditEventAnswer, AuditEventBody, AuditRow } from '../../../common/schemas/auditoria';
import { signedErrors } from '../../../common/schemas/common';
import { PageRequestSchema, pageResponse } from '../../../common/schemas/paging';

export async function auditoriaRoutes(app: App): Promise<void> {
  app.post(
    '/auditoria/search',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['Auditoría'], operationId: 'searchAuditoria',
        summary: 'Auditoría paginada (de la propia empresa, salvo para el administrador del sistema), con el nombre actual de lo que cada detalle nombra por su id',
        body: PageRequestSchema,
        response: { 200: pageResponse(AuditRow), ...signedErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return withRefNames(app.db, await runSearch(app.db, planAuditSearch(app.db, scopeIdE(user, request.body.idE), request.body)));
    },
  );

  app.post(
    '/auditoria',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['Auditoría'], operationId: 'recordAuditEvent',
        summary: 'Registra un evento del usuario, si su empresa tiene la auditoría activa',
        body: AuditEventBody,
        response: { 200: AuditEventAnswer, ...signedErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { ev, val } = request.body;
      if (!CLIENT_EVENTS.includes(ev)) throw badRequest(`ev: el código de evento ${ev} no es válido (use ${CLIENT_EVENTS.join(', ')})`);
      if (!user.emp.audit) return { recorded: false };
      const id = await recordAudit(app.db, user, { ev, val: val ?? null }, app.config.now());
      return { recorded: true, id };
    },
  );
}
