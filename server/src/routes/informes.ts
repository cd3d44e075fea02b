// Reports: asked for as a job ('Generar informe'), listed while they last ('Ver Informes'),
// downloaded from any instance, deleted; and each instance's schedule that deletes expired ones.
import type { Readable } from 'node:stream';
import { Type } from 'typebox';
import { currentUser, requireUser, scopeIdE } from '../plugins/guards';
import { askReport, attachment, deleteReport, EXPIRY_CHECK_MS, listReports, reportFile, scheduleExpiry, XLSX_TYPE } from '../services/historial/informes';
import { ReportWait } from '../services/historial/informeLimites';
import type { App } from '../types';
import { REPORTS_CHECK } from '../../../common/roles';
import { ErrorBody, IdAnswer, IdQuery, signedErrors } from '../../../common/schemas/common';
import { HistoryQuery, Report, ReportListQuery } from '../../../common/schemas/historial';

/** The file, streamed as it is written or read (never serialised). */
const XlsxFile = Type.Unsafe<Readable>({ type: 'string', format: 'binary' });
const tags = ['Historial'];
const refusals = { ...signedErrors, 403: ErrorBody, 404: ErrorBody };

export async function informesRoutes(app: App): Promise<void> {
  app.post(
    '/informe/excel',
    {
      preHandler: requireUser(REPORTS_CHECK),
      schema: {
        tags, operationId: 'askHistoryReport',
        summary: 'Pide el informe del historial (se genera como trabajo; aparece en Ver Informes); 429 con Retry-After pasados los límites de informes en curso o de espacio',
        body: HistoryQuery,
        response: { 200: IdAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      try {
        return await askReport(app, currentUser(request), request.body);
      } catch (error) {
        if (error instanceof ReportWait) reply.header('Retry-After', String(Math.max(1, Math.ceil(error.waitMs / 1000))));
        throw error;
      }
    },
  );

  app.get(
    '/informes',
    {
      preHandler: requireUser(REPORTS_CHECK),
      schema: {
        tags, operationId: 'listReports',
        summary: 'Informes propios que no han vencido (los de la empresa para ROLE_ADMIN y ROLE_COMPANIA), el más reciente primero',
        querystring: ReportListQuery,
        response: { 200: Type.Array(Report), ...refusals },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return listReports(app, user, scopeIdE(user, request.query.idE), request.query);
    },
  );

  app.delete(
    '/informes',
    {
      preHandler: requireUser(REPORTS_CHECK),
      schema: { tags, operationId: 'deleteReport', summary: 'Borra un informe y su archivo', querystring: IdQuery, response: { 200: IdAnswer, ...refusals } },
    },
    async (request) => deleteReport(app, currentUser(request), request.query.id),
  );

  app.get(
    '/informe',
    {
      preHandler: requireUser(REPORTS_CHECK),
      schema: { tags, operationId: 'downloadReport', summary: 'El archivo de un informe terminado', querystring: IdQuery, response: { 200: XlsxFile, ...refusals } },
    },
    async (request, reply) => {
      const file = await reportFile(app, currentUser(request), request.query.id);
      return reply
        .header('Content-Type', XLSX_TYPE)
        .header('Content-Disposition', attachment(file.name))
        .header('Content-Length', String(file.size))
        .header('Cache-Control', 'no-store')
        .send(file.stream);
    },
  );

  // Every instance asks for the expired reports to go; whichever takes the job deletes them.
  const timer = setInterval(() => {
    scheduleExpiry(app).catch((error: unknown) => app.log.error({ err: error }, 'no se pudo programar el borrado de informes vencidos'));
  }, EXPIRY_CHECK_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
