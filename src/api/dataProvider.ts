// The data provider (ra-data-simple-rest style): ONE table maps each resource and verb to the
// server's call. Session calls used inside the app are named custom methods on the same provider.
import type {
  CreateParams,
  CreateResult,
  DataProvider,
  DeleteManyParams,
  DeleteManyResult,
  DeleteParams,
  DeleteResult,
  GetListParams,
  GetListResult,
  GetManyParams,
  GetManyReferenceParams,
  GetManyReferenceResult,
  GetManyResult,
  GetOneParams,
  GetOneResult,
  Identifier,
  RaRecord,
  UpdateManyParams,
  UpdateManyResult,
  UpdateParams,
  UpdateResult,
} from 'ra-core';
import { createBotsApi, toBotBody } from './bots';
import { createCanalesApi } from './canales';
import { createChatApi } from './chat';
import { createCorreoApi } from './correo';
import { createHistorialApi } from './historial';
import { createDashboardApi } from './dashboard';
import type { HttpClient } from './http';
import { fromPagedAnswer, pageLocally, toPagedQuery, type PagedAnswer } from './paging';
import { createSessionApi } from './session';
import { createQnaApi } from './qna';
import { createQnaMonitoreoApi } from './qnaMonitoreo';
import { createVersionsApi } from './versions';
import { createSkillsApi, toSkillBody, type Skill } from './skills';
import { createTwitterApi } from './twitter';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Call {
  method: Method;
  path: string;
  body?: unknown;
}

interface Endpoints {
  getList?: (params: GetListParams, idE: string | undefined) => Call;
  getOne?: (params: { id: Identifier }) => Call;
  /** ONE call for every id; its answer may hold more rows, which getMany drops. */
  getMany?: (params: { ids: Identifier[] }, idE: string | undefined) => Call;
  create?: (params: { data: Partial<RaRecord> }) => Call;
  update?: (params: { id: Identifier; data: Partial<RaRecord> }) => Call;
  delete?: (params: { id: Identifier }) => Call;
}

const get = (path: string): Call => ({ method: 'GET', path });
const post = (path: string, body: unknown): Call => ({ method: 'POST', path, body });
const del = (path: string): Call => ({ method: 'DELETE', path });
const q = (id: Identifier) => encodeURIComponent(String(id));

export const ENDPOINTS: Record<string, Endpoints> = {
  usuarios: {
    getList: (params, idE) => post('/usuario/search', toPagedQuery(params, idE)),
    getOne: ({ id }) => get(`/usuario?id=${q(id)}`),
    // The search with an id-list filter ({id: 'ids', value: [...]}), confined to the caller's company.
    getMany: ({ ids }, idE) =>
      post('/usuario/search', { page: 0, pageSize: ids.length, sorted: [], filtered: [{ id: 'ids', value: ids.map(String) }], idE }),
    create: ({ data }) => post('/usuario', data),
    update: ({ id, data }) => post('/usuario', { ...data, id }),
    delete: ({ id }) => del(`/usuario/?id=${q(id)}`),
  },
  empresas: {
    getList: () => get('/empresa'),
    getOne: ({ id }) => get(`/empresa?id=${q(id)}`),
    // GET /empresa answers every company in one call.
    getMany: () => get('/empresa'),
    create: ({ data }) => post('/empresa', data),
    update: ({ id, data }) => post('/empresa', { ...data, id }),
    delete: ({ id }) => del(`/empresa?id=${q(id)}`),
  },
  bots: {
    getList: (params, idE) => post('/bot/search', toPagedQuery(params, idE)),
    getOne: ({ id }) => get(`/bot?id=${q(id)}`),
    getMany: ({ ids }, idE) => post('/bot/search', { page: 0, pageSize: ids.length, sorted: [], filtered: [{ id: 'ids', value: ids.map(String) }], idE }),
    create: ({ data }) => post('/bot', toBotBody(data)),
    update: ({ id, data }) => post('/bot', toBotBody({ ...data, id: String(id) })),
    delete: ({ id }) => del(`/bot/?id=${q(id)}`),
  },
  skills: {
    getOne: ({ id }) => get(`/skill?id=${q(id)}`),
    update: ({ id, data }) => post('/skill', toSkillBody({ ...(data as Skill), id: String(id) })),
  },
  // The /canal list and its cards (GET /ch?idE answers every channel at once; paged here). The
  // system admin's list names the company picked (meta.idE).
  canales: {
    getList: ({ meta }, idE) => {
      const company = (meta as { idE?: string } | undefined)?.idE ?? idE;
      return get(company ? `/ch?idE=${q(company)}` : '/ch');
    },
    getOne: ({ id }) => get(`/ch?id=${q(id)}`),
    getMany: (_params, idE) => get(idE ? `/ch?idE=${q(idE)}` : '/ch'),
    create: ({ data }) => post('/ch/web', data),
    update: ({ id, data }) => post('/ch/web', { ...data, id }),
    delete: ({ id }) => del(`/ch?id=${q(id)}`),
  },
  auditoria: {
    getList: (params, idE) => post('/auditoria/search', toPagedQuery(params, idE)),
    create: ({ data }) => post('/auditoria', data),
  },
};

const isRecord = (value: unknown): value is RaRecord => typeof value === 'object' && value !== null && 'id' in value;

export function createDataProvider(apiUrl: string, httpClient: HttpClient, getIdE: () => string | undefined) {
  const endpoint = <V extends keyof Endpoints>(resource: string, verb: V): NonNullable<Endpoints[V]> => {
    const build = ENDPOINTS[resource]?.[verb];
    if (!build) throw new Error(`El recurso '${resource}' no admite la operación '${verb}'`);
    return build;
  };
  const send = async ({ method, path, body }: Call): Promise<unknown> =>
    (await httpClient(`${apiUrl}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) })).json;
  const sessionCalls = createSessionApi(apiUrl, httpClient);
  const correo = createCorreoApi(apiUrl, httpClient);
  const bots = createBotsApi(apiUrl, httpClient);
  const versions = createVersionsApi(apiUrl, httpClient);
  const skills = createSkillsApi(apiUrl, httpClient);
  const chat = createChatApi(apiUrl, httpClient);
  const canales = createCanalesApi(apiUrl, httpClient);
  const twitter = createTwitterApi(apiUrl, httpClient);
  const historial = createHistorialApi(apiUrl, httpClient);
  const dashboard = createDashboardApi(apiUrl, httpClient);
  const qna = createQnaApi(apiUrl, httpClient);
  const qnaMonitoreo = createQnaMonitoreoApi(apiUrl, httpClient);

  const provider = {
    async getList<R extends RaRecord>(resource: string, params: GetListParams): Promise<GetListResult<R>> {
      const answer = await send(endpoint(resource, 'getList')(params, getIdE()));
      return Array.isArray(answer) ? pageLocally(answer as R[], params) : fromPagedAnswer(answer as PagedAnswer<R>, params);
    },
    async getOne<R extends RaRecord>(resource: string, { id }: GetOneParams): Promise<GetOneResult<R>> {
      return { data: (await send(endpoint(resource, 'getOne')({ id }))) as R };
    },
    async getMany<R extends RaRecord>(resource: string, { ids }: GetManyParams): Promise<GetManyResult<R>> {
      if (ids.length === 0) return { data: [] };
      const answer = await send(endpoint(resource, 'getMany')({ ids }, getIdE()));
      const rows = Array.isArray(answer) ? (answer as R[]) : ((answer as PagedAnswer<R>).content ?? []);
      const wanted = new Set(ids.map(String));
      return { data: rows.filter((row) => wanted.has(String(row.id))) };
    },
    async getManyReference<R extends RaRecord>(resource: string, params: GetManyReferenceParams): Promise<GetManyReferenceResult<R>> {
      return provider.getList<R>(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } });
    },
    async create<_T, R extends RaRecord>(resource: string, { data }: CreateParams): Promise<CreateResult<R>> {
      const answer = await send(endpoint(resource, 'create')({ data }));
      return { data: (isRecord(answer) ? answer : { ...data, ...(answer as object) }) as R };
    },
    async update<R extends RaRecord>(resource: string, { id, data }: UpdateParams): Promise<UpdateResult<R>> {
      const answer = await send(endpoint(resource, 'update')({ id, data }));
      return { data: (isRecord(answer) ? answer : { ...data, id }) as R };
    },
    async updateMany(resource: string, { ids, data }: UpdateManyParams): Promise<UpdateManyResult> {
      for (const id of ids) await provider.update(resource, { id, data, previousData: undefined });
      return { data: ids };
    },
    async delete<R extends RaRecord>(resource: string, { id, previousData }: DeleteParams<R>): Promise<DeleteResult<R>> {
      const answer = await send(endpoint(resource, 'delete')({ id }));
      return { data: (isRecord(answer) ? answer : (previousData ?? { id })) as R };
    },
    async deleteMany(resource: string, { ids }: DeleteManyParams): Promise<DeleteManyResult> {
      for (const id of ids) await provider.delete(resource, { id });
      return { data: ids };
    },
    // Custom methods: the session calls made from inside the app.
    about: sessionCalls.about,
    changePassword: sessionCalls.changePassword,
    // The mail-server settings of /cfg: GET /email, POST /email, POST /email.test.
    getEmailSettings: correo.getEmailSettings,
    saveEmailSettings: correo.saveEmailSettings,
    sendTestEmail: correo.sendTestEmail,
    // Bots (src/api/bots.ts): export and import, entities, skills of a bot, unrecognised phrases.
    ...bots,
    // Deploy and versions of a bot (src/api/versions.ts): deploy, its state, list, restore, compare.
    ...versions,
    // The skills of a bot, for its flow diagram: GET /skills, POST /skill, POST /skill.delete.
    ...skills,
    // The test chat, 'Probar Skill' and the bot's regression tests (src/api/chat.ts).
    ...chat,
    // Channels (src/api/canales.ts): one, save, delete, link a bot, activate, Telegram, WhatsApp export.
    ...canales,
    // Twitter's connect, disconnect and webhook check (src/api/twitter.ts).
    ...twitter,
    // The history: client cards, sessions, messages, the spreadsheet and the reports (src/api/historial.ts).
    ...historial,
    // The dashboard, 'Ver uso' and the Sesiones card (src/api/dashboard.ts).
    ...dashboard,
    // The QnA knowledge base: tags, the QnA table, imports and their history (src/api/qna.ts).
    ...qna,
    // The KB-unrecognised questions, the ratings report and the dashboard's QnA tab (src/api/qnaMonitoreo.ts).
    ...qnaMonitoreo,
  };
  return provider satisfies DataProvider;
}

export type QuipuDataProvider = ReturnType<typeof createDataProvider>;
