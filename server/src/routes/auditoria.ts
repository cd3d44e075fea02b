// Audit log (access spec §2, §7): the paged search and the events the console records.
// Rows are append-only: no route edits or deletes them.
import { Type } from 'typebox';
import { badRequest } from '../errors';
import { currentUser, requireUser, scopeIdE } from '../plugins/guards';
import { CLIENT_EVENTS, planAuditSearch, recordAudit } from '../services/audit';
import { PageRequestSchema, pageResponse, runSearch } from '../services/paging';
import type { App } from '../types';
import { signedErrors } from './schemas';

const AuditRow = Type.Object({
  id: Type.String(),
  idU: Type.String(),
  us: Type.String(),
  idE: Type.String(),
  ev: Type.Integer(),
  fc: Type.String(),
  val: Type.Union([Type.String(), Type.Null()]),
});

const AuditEventBody = Type.Object({
  ev: Type.Integer(),
  val: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  // Sent by the console and ignored: the row always names the session's user and company.
  idU: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  idE: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
});

export async function auditoriaRoutes(app: App): Promise<void> {
  app.post(
    '/auditoria/search',
    {
      preHandler: requireUser(),
      schema: {
        summary: 'Auditoría paginada (de la propia empresa, salvo para el administrador del sistema)',
        body: PageRequestSchema,
        response: { 200: pageResponse(AuditRow), ...signedErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return runSearch(app.db, planAuditSearch(app.db, scopeIdE(user, request.body.idE), request.body));
    },
  );

  app.post(
    '/auditoria',
    {
      preHandler: requireUser(),
      schema: {
        summary: 'Registra un evento del usuario, si su empresa tiene la auditoría activa',
        body: AuditEventBody,
        response: { 200: Type.Object({ recorded: Type.Boolean(), id: Type.Optional(Type.String()) }), ...signedErrors },
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
