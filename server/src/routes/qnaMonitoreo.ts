// The knowledge base's monitoring: the KB-unrecognised questions (Monitoreo: table, delete, assign
// to a QnA, export), 'Reporte de calificaciones' of the history, and the dashboard's QnA tab. The
// questions are open as the unrecognised phrases are (ROLE_ADMIN, ROLE_COMPANIA and ROLE_USER within
// the bot's company); the ratings report to whom the history's reports are; the QnA tab to every
// signed-in role, as the rest of the dashboard.
import { Type } from 'typebox';
import { currentUser, requireUser } from '../plugins/guards';
import { dashboardQna } from '../services/dashboard/qna';
import { botRange, DASHBOARD_RANGE } from '../services/historial/rango';
import { ReportWait } from '../services/historial/informeLimites';
import { askCalificacionesReport, askNoEncontradasReport } from '../services/qna/informesQna';
import { assignNoEncontradas, deleteNoEncontradas, listNoEncontradas } from '../services/qna/noEncontradas';
import type { App } from '../types';
import { REPORTS_CHECK } from '../../../common/roles';
import { BOT_MESSAGES } from '../../../common/schemas/bots';
import { ErrorBody, IdAnswer, MessageBody, signedErrors } from '../../../common/schemas/common';
import { DashboardQuery, HistoryQuery } from '../../../common/schemas/historial';
import { DashboardQna, QnaNfAssignBody, QnaNfDeleteQuery, QnaNfExportBody, QnaNfIds, QnaNfPage, QnaNfQuery, QnaNfSearchBody } from '../../../common/schemas/qna';

const refusals = { ...signedErrors, 403: ErrorBody, 404: ErrorBody };
const reportRefusals = { ...refusals, 429: ErrorBody };
const tags = ['QnA'];
const botRule = 'botEditOrUser' as const;
/** The ratings report's bot, beside the history's query (which names it too). */
const ScoreQuery = Type.Object({ idBot: Type.Optional(Type.String({ maxLength: 64 })) });

/** A report refused past the limits tells how long to wait, as 'Generar informe' does. */
async function reportAsked(reply: { header: (name: string, value: string) => unknown }, ask: () => Promise<{ id: string }>): Promise<{ id: string }> {
  try {
    return await ask();
  } catch (error) {
    if (error instanceof ReportWait) reply.header('Retry-After', String(Math.max(1, Math.ceil(error.waitMs / 1000))));
    throw error;
  }
}

export async function qnaMonitoreoRoutes(app: App): Promise<void> {
  app.post(
    '/qna-not-found/table',
    {
      preHandler: requireUser(botRule),
      schema: {
        tags, operationId: 'listQnaNotFound',
        summary: 'Preguntas que la base de conocimiento no respondió, de 20 en 20, las más repetidas primero, por skill de entrada y días de la empresa',
        querystring: QnaNfQuery, body: QnaNfSearchBody,
        response: { 200: QnaNfPage, ...refusals },
      },
    },
    async (request) => listNoEncontradas(app, currentUser(request), request.query.idBot, request.body),
  );

  app.post(
    '/qna-not-found/delete',
    {
      preHandler: requireUser(botRule),
      schema: { tags, operationId: 'deleteQnaNotFound', summary: 'Elimina preguntas no encontradas del bot', querystring: QnaNfDeleteQuery, body: QnaNfIds, response: { 200: MessageBody, ...refusals } },
    },
    async (request) => {
      await deleteNoEncontradas(app, currentUser(request), request.query.idBot, request.query.idSkill, request.body);
      return { message: BOT_MESSAGES.deleted };
    },
  );

  app.post(
    '/qna-not-found/assign',
    {
      preHandler: requireUser(botRule),
      schema: {
        tags, operationId: 'assignQnaNotFound', summary: 'Agrega las preguntas elegidas a una QnA como variantes y las quita de la lista',
        querystring: QnaNfQuery, body: QnaNfAssignBody, response: { 200: MessageBody, ...refusals },
      },
    },
    async (request) => {
      await assignNoEncontradas(app, currentUser(request), request.query.idBot, request.body);
      return { message: BOT_MESSAGES.assigned };
    },
  );

  app.post(
    '/qna-not-found/export',
    {
      preHandler: requireUser(botRule),
      schema: {
        tags, operationId: 'exportQnaNotFound', summary: 'Pide el informe de las preguntas no encontradas con los filtros de la tabla (aparece en Ver Informes)',
        querystring: QnaNfQuery, body: QnaNfExportBody, response: { 200: IdAnswer, ...reportRefusals },
      },
    },
    async (request, reply) => reportAsked(reply, () => askNoEncontradasReport(app, currentUser(request), request.query.idBot, request.body)),
  );

  app.post(
    '/qna-score/export',
    {
      preHandler: requireUser(REPORTS_CHECK),
      schema: {
        tags, operationId: 'exportQnaScore', summary: "'Reporte de calificaciones': por QnA del bot en el rango, preguntas, buenas y malas, y cada calificación (aparece en Ver Informes)",
        querystring: ScoreQuery, body: HistoryQuery, response: { 200: IdAnswer, ...reportRefusals },
      },
    },
    async (request, reply) => {
      const idBot = request.query.idBot?.trim() || request.body.idBot;
      return reportAsked(reply, () => askCalificacionesReport(app, currentUser(request), { ...request.body, idBot }));
    },
  );

  app.post(
    '/dashboard/qna',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['Dashboard'], operationId: 'dashboardQna',
        summary: 'Pestaña QnA: las 10 QnA y los 10 skills que más respondieron, las calificaciones por QnA, y los totales del intervalo',
        body: DashboardQuery, response: { 200: DashboardQna, ...refusals },
      },
    },
    async (request) => dashboardQna(app.db, await botRange(app, currentUser(request), request.body, DASHBOARD_RANGE)),
  );
}
