// The knowledge base's monitoring calls: the KB-mode skills (the filter), the KB-unrecognised
// questions (table, delete, assign to a QnA, export), 'Reporte de calificaciones' and the
// dashboard's QnA tab. Named custom methods of the data provider.
import type { DashboardQuery, HistoryQuery } from '../../common/schemas/historial';
import type { DashboardQna, KbSkill, QnaNfAssignBody, QnaNfRow, QnaNfSearchBody } from '../../common/schemas/qna';
import { jsonCaller, type HttpClient } from './http';
import type { PagedAnswer } from './paging';

export type { DashboardQna, KbSkill, QnaNfRow, QnaNfSearchBody };

const q = encodeURIComponent;

export function createQnaMonitoreoApi(apiUrl: string, httpClient: HttpClient) {
  const call = jsonCaller(apiUrl, httpClient);

  return {
    /** GET /skills/kb?idBot: the bot's KB-mode skills. */
    getKbSkills: (idBot: string) => call<KbSkill[]>('GET', `/skills/kb?idBot=${q(idBot)}`),
    /** POST /qna-not-found/table?idBot: a page of the questions the knowledge base did not answer. */
    getQnaNotFound: (idBot: string, body: QnaNfSearchBody) => call<PagedAnswer<QnaNfRow>>('POST', `/qna-not-found/table?idBot=${q(idBot)}`, body),
    /** POST /qna-not-found/delete?idBot[&idSkill]: the ids. */
    deleteQnaNotFound: (idBot: string, ids: string[], idSkill?: string) =>
      call<{ message: string }>('POST', `/qna-not-found/delete?idBot=${q(idBot)}${idSkill ? `&idSkill=${q(idSkill)}` : ''}`, ids),
    /** POST /qna-not-found/assign?idBot: the questions become variants of the QnA. */
    assignQnaNotFound: (idBot: string, body: QnaNfAssignBody) => call<{ message: string }>('POST', `/qna-not-found/assign?idBot=${q(idBot)}`, body),
    /** POST /qna-not-found/export?idBot: the table's filters; the report shows in 'Ver Informes'. */
    exportQnaNotFound: (idBot: string, body: QnaNfSearchBody) => call<{ id: string }>('POST', `/qna-not-found/export?idBot=${q(idBot)}`, body),
    /** POST /qna-score/export?idBot: 'Reporte de calificaciones' of the history's query. */
    requestQnaScoreReport: (query: HistoryQuery) => call<{ id: string }>('POST', `/qna-score/export?idBot=${q(query.idBot)}`, query),
    /** POST /dashboard/qna: the QnA tab. */
    getDashboardQna: (query: DashboardQuery) => call<DashboardQna>('POST', '/dashboard/qna', query),
  };
}

export type QnaMonitoreoApi = ReturnType<typeof createQnaMonitoreoApi>;
