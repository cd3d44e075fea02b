// The bots area's calls beside the CRUD of ENDPOINTS.bots: a bot, its
// export and import, its entities, its skills (for the parameter pickers and Monitoreo) and its
// unrecognised phrases. Named custom methods of the data provider.
import type { Static } from 'typebox';
import type {
  Bot,
  BotBody,
  BotRef,
  Entidad,
  EntidadBody,
  FraseNr,
  ImportResult,
  InternalEntity,
  SkillSummary,
} from '../../common/schemas/bots';
import { jsonCaller, type HttpClient } from './http';
import type { PagedAnswer } from './paging';
import type { ServerMessage } from '../../common/sessionTypes';

export type { Bot, BotBody, Entidad, EntidadBody, ImportResult, SkillSummary };
export type BotRefRow = Static<typeof BotRef>;
export type FraseNoReconocida = Static<typeof FraseNr>;
export type EntidadInterna = Static<typeof InternalEntity>;

/** The document GET /bot.export answers and POST /bot.export takes: kept as the server wrote it. */
export type BotExportDoc = Record<string, unknown>;

export interface ImportOptions {
  /** On: keeps the ids and overwrites the bot with the same id. Off: new ids everywhere. */
  replace: boolean;
  /** On: the imported parameters, extras and QnA settings overwrite the existing bot's. */
  replaceParams: boolean;
  idE?: string;
}

/** POST /frases and its two actions page the bot's unrecognised phrases, 20 a page. */
export interface FrasesPage {
  botId: string;
  page: number;
  pageSize: number;
}

/** What a form holds, as POST /bot takes it: an encrypted extra sends its key, and a value only when one was typed. */
export function toBotBody(values: Partial<Bot> | Partial<BotBody> | Record<string, unknown>): BotBody {
  const { extrasEnc, ...rest } = values as Partial<BotBody> & { extrasEnc?: Array<{ key: string; val?: string }> };
  return {
    ...(rest as BotBody),
    ...(extrasEnc ? { extrasEnc: extrasEnc.map(({ key, val }) => (val ? { key, val } : { key })) } : {}),
  };
}

const q = (value: string) => encodeURIComponent(value);

export function createBotsApi(apiUrl: string, httpClient: HttpClient) {
  const call = jsonCaller(apiUrl, httpClient);

  return {
    getBot: (id: string) => call<Bot>('GET', `/bot?id=${q(id)}`),
    saveBot: (values: Partial<Bot> | BotBody) => call<Bot>('POST', '/bot', toBotBody(values)),
    deleteBot: (id: string) => call<{ id: string }>('DELETE', `/bot/?id=${q(id)}`),
    /** GET /bots?idE: id and name of the company's bots (a non-admin's idE is its own whatever it sends). */
    listBotRefs: (idE?: string) => call<BotRefRow[]>('GET', idE ? `/bots?idE=${q(idE)}` : '/bots'),
    exportBot: (id: string) => call<BotExportDoc>('GET', `/bot.export?id=${q(id)}`),
    importBot: (doc: BotExportDoc, { replace, replaceParams, idE }: ImportOptions) => {
      const query = new URLSearchParams({ replace: String(replace), replaceParams: String(replaceParams) });
      if (idE) query.set('idE', idE);
      return call<ImportResult>('POST', `/bot.export?${query}`, doc);
    },
    getEntities: (botId: string) => call<Entidad[]>('GET', `/entity?botId=${q(botId)}`),
    saveEntity: (entity: EntidadBody) => call<Entidad>('POST', '/entity', entity),
    deleteEntity: (id: string) => call<unknown>('DELETE', `/entity/${q(id)}`),
    getInternalEntities: () => call<EntidadInterna[]>('GET', '/entity/internal/list'),
    getFrases: (query: FrasesPage) => call<PagedAnswer<FraseNoReconocida>>('POST', '/frases', query),
    assignFrases: (query: FrasesPage & { ids: string[]; skillId: string }) => call<ServerMessage>('POST', '/frases/intent', query),
    deleteFrases: (query: FrasesPage & { ids: string[] }) => call<ServerMessage>('POST', '/frases/delete', query),
  };
}

export type BotsApi = ReturnType<typeof createBotsApi>;
