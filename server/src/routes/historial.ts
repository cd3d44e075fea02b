// The history: client cards of a bot in a range of the company's days, a client's sessions, a
// session's messages a page at a time, and one client's messages as a spreadsheet.
import { PassThrough } from 'node:stream';
import type { Readable } from 'node:stream';
import { Type } from 'typebox';
import { ApiError } from '../errors';
import { currentUser, requireUser } from '../plugins/guards';
import { clientCards } from '../services/historial/clientes';
import { fillsPreparing } from '../conversation/rellenos';
import { writeClientWorkbook } from '../services/historial/excel';
import { attachment, XLSX_TYPE } from '../services/historial/informes';
import { botRange, HISTORY_RANGE, seesSkills } from '../services/historial/rango';
import { auditHistory, clientChatSessions, conversationPage, historyClient } from '../services/historial/sesiones';
import { historyAttachment } from '../services/historial/adjuntos';
import { fileMediaType } from '../engine/attachments';
import type { App } from '../types';
import { ErrorBody, signedErrors } from '../../../common/schemas/common';
import { AttachmentQuery, ClientCardsPage, ConversationPage, ConversationQuery, HistoryQuery, HistoryChatSession, ChatSessionQuery } from '../../../common/schemas/historial';

/** The file, streamed as it is written or read (never serialised). */
const XlsxFile = Type.Unsafe<Readable>({ type: 'string', format: 'binary' });
/** A kept file's bytes, sent whole. */
const BinaryFile = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });
const tags = ['Historial'];
const ClientQuery = Type.Object({ idClt: Type.Optional(Type.String({ maxLength: 64 })) });
const refusals = { ...signedErrors, 403: ErrorBody, 404: ErrorBody };

/** The client named in the query or the body; 400 naming idClt when neither does. */
function clientId(query: { idClt?: string }, body: { idClt?: string }): string {
  const idClt = query.idClt?.trim() || body.idClt?.trim();
  if (!idClt) throw new ApiError(400, 'idClt: indique el cliente', undefined, 'idClt');
  return idClt;
}

export async function historialRoutes(app: App): Promise<void> {
  app.post(
    '/session.clientes',
    {
      preHandler: requireUser('historial'),
      schema: {
        tags, operationId: 'historyClients',
        summary: 'Clientes que escribieron al bot en los días de la empresa indicados, el último mensaje más reciente primero; preparando mientras una actualización aún cuenta el historial anterior',
        body: HistoryQuery,
        response: { 200: ClientCardsPage, ...refusals },
      },
    },
    async (request) => {
      const range = await botRange(app, currentUser(request), request.body, HISTORY_RANGE);
      const page = await clientCards(app, range, request.body);
      return (await fillsPreparing(app.db)) ? { ...page, preparando: true } : page;
    },
  );

  app.post(
    '/session',
    {
      preHandler: requireUser('historial'),
      schema: {
        tags, operationId: 'historySessions',
        summary: 'Sesiones de un cliente con el bot activas en el rango, la más reciente primero',
        body: ChatSessionQuery,
        querystring: ClientQuery,
        response: { 200: Type.Array(HistoryChatSession), ...refusals },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const range = await botRange(app, user, request.body, HISTORY_RANGE);
      const client = await historyClient(app, user, range, clientId(request.query, request.body));
      return clientChatSessions(app.db, range, client.id);
    },
  );

  app.get(
    '/conversacion',
    {
      preHandler: requireUser('historial'),
      schema: {
        tags, operationId: 'historyConversation',
        summary: 'Una página de los mensajes de una sesión, la más reciente primero (registra la consulta en la auditoría)',
        querystring: ConversationQuery,
        response: { 200: ConversationPage, ...refusals },
      },
    },
    async (request) => conversationPage(app, currentUser(request), request.query),
  );

  app.get(
    '/conversacion/adjunto',
    {
      preHandler: requireUser('historial'),
      schema: {
        tags, operationId: 'historyAttachment',
        summary: 'Un archivo que el cliente envió en una conversación, mientras se guarda (registra la descarga en la auditoría)',
        querystring: AttachmentQuery,
        response: { 200: BinaryFile, ...refusals },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const file = await historyAttachment(app, user, request.query.id);
      await auditHistory(app, user, file.idE, `Descargar adjunto: ${file.nm} de la sesión ${file.idSesion} del cliente ${file.idClt}`, [
        { tipo: 'sesion', id: file.idSesion },
        { tipo: 'cliente', id: file.idClt },
      ]);
      // A client's file is never shown as a page of the console: downloaded, sniffed as nothing, and sandboxed.
      return reply
        .header('Content-Type', fileMediaType(file.tipo))
        .header('Content-Disposition', attachment(file.nm))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "sandbox; default-src 'none'")
        .header('Cache-Control', 'no-store')
        .send(file.datos);
    },
  );

  app.post(
    '/session/excel',
    {
      preHandler: requireUser('historial'),
      schema: {
        tags, operationId: 'historyClientExcel',
        summary: 'Los mensajes de las sesiones de un cliente en el rango, como Sessions_{idClt}.xlsx',
        body: ChatSessionQuery,
        querystring: ClientQuery,
        response: { 200: XlsxFile, ...refusals },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const range = await botRange(app, user, request.body, HISTORY_RANGE);
      const client = await historyClient(app, user, range, clientId(request.query, request.body));
      await auditHistory(app, user, range.idE, `Exportar Excel: sesiones del cliente ${client.id} del ${range.fd} al ${range.fh}`, [{ tipo: 'cliente', id: client.id }]);
      const out = new PassThrough();
      writeClientWorkbook(app.db, range, client.id, seesSkills(user), out).catch((error: unknown) => {
        request.log.error({ err: error }, 'no se pudo escribir el Excel del cliente');
        out.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply
        .header('Content-Type', XLSX_TYPE)
        .header('Content-Disposition', attachment(`Sessions_${client.id}.xlsx`))
        .header('Cache-Control', 'no-store')
        .send(out);
    },
  );
}
