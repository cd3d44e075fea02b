// The history's calls: the client cards, a client's sessions, a session's messages a page at a
// time and the files a client sent with them, a client's sessions as a spreadsheet, and the
// reports (ask, list, download, delete).
// Named custom methods of the data provider.
import type { ClientCard, ClientCardsPage, ConversationPage, HistoryAttachment, HistoryMessage, HistoryQuery, HistoryChatSession, Report, ChatSessionQuery } from '../../common/schemas/historial';
import { jsonCaller, type HttpClient } from './http';
import type { PagedAnswer } from './paging';

export type { ClientCard, ConversationPage, HistoryAttachment, HistoryMessage, HistoryQuery, HistoryChatSession, Report, ChatSessionQuery };

export interface ReportFilter {
  idBot?: string;
  idE?: string;
}

const query = (params: Record<string, string | number | undefined>) => {
  const defined = Object.entries(params).filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '');
  return defined.length ? `?${new URLSearchParams(defined.map(([key, value]) => [key, String(value)]))}` : '';
};

/** The answer as a Blob; a missing body (never from the server) is an empty file. */
const blobOf = (answer: { blob?: Blob }) => answer.blob ?? new Blob([]);

export function createHistorialApi(apiUrl: string, httpClient: HttpClient) {
  const json = jsonCaller(apiUrl, httpClient);
  const binary = async (method: 'GET' | 'POST', path: string, payload?: unknown): Promise<Blob> =>
    blobOf(await httpClient(`${apiUrl}${path}`, { method, body: payload === undefined ? undefined : JSON.stringify(payload), responseType: 'blob' }));

  return {
    /** POST /session.clientes: a page of the clients who wrote to the bot in the days. */
    getHistoryClients: (body: HistoryQuery) => json<PagedAnswer<ClientCard> & Pick<ClientCardsPage, 'preparando'>>('POST', '/session.clientes', body),
    /** POST /session?idClt: the client's sessions with the bot that were active in the days. */
    getHistoryChatSessions: (body: ChatSessionQuery & { idClt: string }) => json<HistoryChatSession[]>('POST', `/session${query({ idClt: body.idClt })}`, body),
    /** GET /conversacion?idS[&antes]: the newest page of messages, or the one before `antes`. */
    getConversation: (idS: string, antes?: number) => json<ConversationPage>('GET', `/conversacion${query({ idS, antes })}`),
    /** GET /conversacion/adjunto?id: a file the client sent, while it is kept (else 404 'Archivo no encontrado'). */
    downloadAttachment: (id: string) => binary('GET', `/conversacion/adjunto${query({ id })}`),
    /** POST /session/excel: the client's sessions in the days, with their messages, as a spreadsheet. */
    exportChatSessionsExcel: (body: ChatSessionQuery & { idClt: string }) => binary('POST', `/session/excel${query({ idClt: body.idClt })}`, body),
    /** POST /informe/excel: starts a report (answered with its id); it shows in 'Ver Informes' as it is written. */
    requestReport: (body: HistoryQuery & { completo: boolean }) => json<{ id: string }>('POST', '/informe/excel', body),
    /** GET /informes: the caller's reports (the company's for ROLE_ADMIN and ROLE_COMPANIA), newest first, optionally of one bot. */
    listReports: (filter: ReportFilter = {}) => json<Report[]>('GET', `/informes${query({ idBot: filter.idBot, idE: filter.idE })}`),
    /** GET /informe?id: the report's file. */
    downloadReport: (id: string) => binary('GET', `/informe${query({ id })}`),
    /** DELETE /informes?id. */
    deleteReport: (id: string) => json<unknown>('DELETE', `/informes${query({ id })}`),
  };
}

export type HistorialApi = ReturnType<typeof createHistorialApi>;
