// The QnA knowledge base's calls: the bot's tags, the paged QnA table and its deletes, the default
// set, the import (its template, the multipart upload) and the import history. A QnA itself is
// read and saved as a skill (src/api/skills.ts). Named custom methods of the data provider.
import type { Static } from 'typebox';
import type {
  QnaDefaultAnswer,
  QnaDeleteByTagsAnswer,
  QnaDeleteByTagsBody,
  QnaImport,
  QnaImportDatos,
  QnaImportStarted,
  QnaRow,
  QnaSearchBody,
  TagKb,
} from '../../common/schemas/qna';
import { jsonCaller, type HttpClient } from './http';
import { multipartBody } from './multipart';
import type { PagedAnswer } from './paging';

export type { QnaDeleteByTagsBody, QnaImport, QnaImportDatos, QnaRow, QnaSearchBody, TagKb };
export type QnaDefaultResult = Static<typeof QnaDefaultAnswer>;
export type QnaDeleteByTagsResult = Static<typeof QnaDeleteByTagsAnswer>;
export type QnaImportStart = Static<typeof QnaImportStarted>;

const q = encodeURIComponent;

export function createQnaApi(apiUrl: string, httpClient: HttpClient) {
  const call = jsonCaller(apiUrl, httpClient);

  return {
    /** GET /tag-kb?idBot: the bot's tags. */
    getTagsKb: (idBot: string) => call<TagKb[]>('GET', `/tag-kb?idBot=${q(idBot)}`),
    /** POST /tag-kb: the new tag, or the one of that name already there. */
    createTagKb: (idBot: string, nm: string) => call<TagKb>('POST', '/tag-kb', { idBot, nm }),
    /** POST /skill/qna-search: a page of the bot's QnAs carrying any of the tags. */
    searchQna: (body: QnaSearchBody) => call<PagedAnswer<QnaRow>>('POST', '/skill/qna-search', body),
    /** DELETE /skill/qna?id&idBot. */
    deleteQna: (id: string, idBot: string) => call<unknown>('DELETE', `/skill/qna?id=${q(id)}&idBot=${q(idBot)}`),
    /** POST /skill/qna-delete: the bot's QnAs carrying any of the tags go. */
    deleteQnaByTags: (body: QnaDeleteByTagsBody) => call<QnaDeleteByTagsResult>('POST', '/skill/qna-delete', body),
    /** GET /skill/jedai?idBot: the default set copied into the bot. */
    loadDefaultQna: (idBot: string) => call<QnaDefaultResult>('GET', `/skill/jedai?idBot=${q(idBot)}`),
    /** GET /skill/qna-plantilla: the import's Excel template. */
    getQnaTemplate: async () => (await httpClient(`${apiUrl}/skill/qna-plantilla`, { method: 'GET', responseType: 'blob' })).blob ?? new Blob([]),
    /** POST /skill/qna-importar?idBot: multipart `datos` (JSON) and `file`, signed over its exact bytes; answers the history row's id. */
    importQna: async (idBot: string, file: File, datos: QnaImportDatos = {}) => {
      const { body, contentType } = await multipartBody([
        { name: 'datos', value: JSON.stringify(datos), type: 'application/json' },
        { name: 'file', value: file, filename: file.name },
      ]);
      return (await httpClient<QnaImportStart>(`${apiUrl}/skill/qna-importar?idBot=${q(idBot)}`, { method: 'POST', bytes: body, headers: { 'Content-Type': contentType } })).json;
    },
    /** GET /skill/historial-import?idBot: the bot's imports, newest first. */
    getImportHistory: (idBot: string) => call<QnaImport[]>('GET', `/skill/historial-import?idBot=${q(idBot)}`),
    /** GET /skill/historial-import/do?idBot: imports the bot's external QnA now. */
    importQnaNow: (idBot: string) => call<unknown>('GET', `/skill/historial-import/do?idBot=${q(idBot)}`),
  };
}

export type QnaApi = ReturnType<typeof createQnaApi>;
