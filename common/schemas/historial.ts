// History, reports and the dashboard: what the bots said, to whom, and how much. Days on the wire
// are calendar days (YYYY-MM-DD) in the company's time zone; instants are ISO-8601.
import { Type, type Static } from 'typebox';
import { MESSAGE_KEYWORD, closed, literals } from './common';
import { CANAL_KINDS, CANAL_NAMES } from './canales';
import { ChatMessage } from './chat';
import { pageResponse } from './paging';

/** Cards per page of the history. */
export const HISTORY_PAGE_SIZE = 20;
/** The widest range of the dashboard and of 'Ver uso', in days (both ends counted). */
export const DASHBOARD_MAX_DAYS = 90;
/** Reports are deleted this long after they were asked for. */
export const REPORT_TTL_MS = 2 * 60 * 60_000;
/** How often the console asks again while a report is being generated. */
export const REPORT_POLL_MS = 5_000;
/** How many pie slices the dashboard draws. */
export const TOP_N = 10;
/** Messages per page of a conversation, newest page first. */
export const CONVERSATION_PAGE = 200;

export const HISTORY_TEXTS = {
  seleccioneBot: 'seleccione un bot',
  hastaMayor: 'La fecha hasta debe ser mayor a la fecha desde',
  desdeMenor: 'La fecha desde debe ser menor a la fecha hasta',
  preguntaDetalle: '¿Desea incluir el detalle de los mensajes en el informe?',
  generandoInforme: 'Generando informe. En Ver Informes encontrará su archivo generado.',
  generandoExcel: 'Generando... Por favor espere...',
  conversacion: 'Conversación',
  sesiones: 'Sesiones',
  mensajes: 'Mensajes',
  exportarExcel: 'Exportar Excel',
  cerrar: 'Cerrar',
  buscar: 'Buscar',
  generarInforme: 'Generar informe',
  verInformes: 'Ver Informes',
  seleccione: 'Seleccione',
  fdDia: 'fd: la fecha desde debe ser un día AAAA-MM-DD entre 2000 y 2100',
  fhDia: 'fh: la fecha hasta debe ser un día AAAA-MM-DD entre 2000 y 2100',
} as const;

export const DASHBOARD_TEXTS = {
  seleccioneBot: 'Seleccione un bot',
  intervalo: 'Intervalo de fechas no puede ser mayor a 3 meses',
} as const;

/**
 * A calendar day, YYYY-MM-DD, of the years 2000 to 2100: any range of them has an end the day
 * arithmetic reaches (common/dias.ts isDay keeps the same years).
 */
export const Day = (message: string) => Type.String({ pattern: '^(20\\d{2}|2100)-\\d{2}-\\d{2}$', [MESSAGE_KEYWORD]: message });

/**
 * The label of each channel code a conversation is recorded under (CANAL_KINDS' codes with their
 * `label`, and Instagram's 5); any other code reads 'No detectada'.
 */
export const CHANNEL_CODE_LABELS: Readonly<Record<number, string>> = {
  ...Object.fromEntries(CANAL_NAMES.map((kind) => [CANAL_KINDS[kind].red, CANAL_KINDS[kind].label])),
  5: 'Instagram',
};
export const channelCodeLabel = (red: number): string => CHANNEL_CODE_LABELS[red] ?? 'No detectada';

/** POST /session.clientes, POST /informe/excel (with completo): the history's filters. */
export const HistoryQuery = Type.Object({
  idBot: Type.String({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: HISTORY_TEXTS.seleccioneBot }),
  fd: Day(HISTORY_TEXTS.fdDia),
  fh: Day(HISTORY_TEXTS.fhDia),
  /** Part of the client's name, any case. */
  name: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  /** Sent by the console; the server uses the session's company (any company for the system admin). */
  idE: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  /** Reports only: each message as a row, besides one row per session. */
  completo: Type.Optional(Type.Boolean()),
}, closed);
export type HistoryQuery = Static<typeof HistoryQuery>;

/** A client card: a client who wrote to the bot in the range. */
export const ClientCard = Type.Object({
  idClt: Type.String(),
  nm: Type.Union([Type.String(), Type.Null()]),
  /** Channel code (0 Twitter … 6 Teams). */
  red: Type.Integer(),
  /** The last message in the range, ISO-8601. */
  ultimo: Type.String(),
  /** Sessions of the client with the bot that were active in the range. */
  sesiones: Type.Integer(),
});
export type ClientCard = Static<typeof ClientCard>;

/** POST /session.clientes: a page of client cards; preparando as on the dashboard (DashboardData). */
export const ClientCardsPage = Type.Object({ ...pageResponse(ClientCard).properties, preparando: Type.Optional(Type.Boolean()) });
export type ClientCardsPage = Static<typeof ClientCardsPage>;

/** POST /session (query idClt): the sessions of one client with the bot in the range. */
export const ChatSessionQuery = Type.Object({
  idBot: Type.String({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: HISTORY_TEXTS.seleccioneBot }),
  fd: Day(HISTORY_TEXTS.fdDia),
  fh: Day(HISTORY_TEXTS.fhDia),
  idClt: Type.Optional(Type.String({ maxLength: 64 })),
  idE: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
}, closed);
export type ChatSessionQuery = Static<typeof ChatSessionQuery>;

export const HistoryChatSession = Type.Object({
  id: Type.String(),
  /** Start, ISO-8601. */
  fi: Type.String(),
  /** End (for a session closed by idleness), ISO-8601, or null while open. */
  ff: Type.Union([Type.String(), Type.Null()]),
  red: Type.Integer(),
});
export type HistoryChatSession = Static<typeof HistoryChatSession>;

/** GET /conversacion?idS[&antes][&cantidad]: a page of a session's messages, newest page first. */
export const ConversationQuery = Type.Object({
  idS: Type.String({ minLength: 1, maxLength: 64 }),
  /** Only messages before this position (`seq`), for the page before the one shown. */
  antes: Type.Optional(Type.Integer({ minimum: 1 })),
  cantidad: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
});

/** A file the client sent with a message, still kept (files are deleted after ADJUNTOS_DIAS days). */
export const HistoryAttachment = Type.Object({
  id: Type.String(),
  nm: Type.String(),
  /** Its size in bytes. */
  tam: Type.Integer(),
});
export type HistoryAttachment = Static<typeof HistoryAttachment>;

/** GET /conversacion/adjunto: one kept file of a conversation. */
export const AttachmentQuery = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const ADJUNTO_NO_ENCONTRADO = 'Archivo no encontrado';

export const HistoryMessage = Type.Object({
  id: Type.String(),
  /** 0 from the bot (outgoing), anything else from the client. */
  t: Type.Integer(),
  /** The text (for a card or carousel, its titles). */
  m: Type.String(),
  tipo: Type.String(),
  fc: Type.String(),
  seq: Type.Integer(),
  /** An outgoing message as the chat drew it (cards, buttons, carousels, attachments). */
  body: Type.Union([ChatMessage, Type.Null()]),
  /** The skill that answered and its score: only for users who may edit bots. */
  idSkill: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  skill: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  score: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  /** The files the client sent with it that are still kept. */
  adjuntos: Type.Optional(Type.Array(HistoryAttachment)),
});
export type HistoryMessage = Static<typeof HistoryMessage>;

export const ConversationPage = Type.Object({
  /** Oldest first within the page. */
  msgs: Type.Array(HistoryMessage),
  /** Whether older messages remain (ask again with antes = the first message's seq). */
  hayMas: Type.Boolean(),
  total: Type.Integer(),
});
export type ConversationPage = Static<typeof ConversationPage>;

/** A generated report ('Ver Informes'). */
export const Report = Type.Object({
  id: Type.String(),
  /** The file's name. */
  name: Type.String(),
  /** When it was asked for, ISO-8601. */
  fc: Type.String(),
  done: Type.Boolean(),
  estado: literals(['generando', 'hecho', 'error'] as const),
  /** Rows written, of `total` to write. */
  progreso: Type.Integer(),
  total: Type.Integer(),
  idBot: Type.Union([Type.String(), Type.Null()]),
  tipo: Type.String(),
  error: Type.Union([Type.String(), Type.Null()]),
  /** Bytes, once done. */
  tam: Type.Union([Type.Integer(), Type.Null()]),
  /** The login of who asked for it (null once that user is deleted). */
  us: Type.Union([Type.String(), Type.Null()]),
});
export type Report = Static<typeof Report>;

export const ReportListQuery = Type.Object({
  idBot: Type.Optional(Type.String({ maxLength: 64 })),
  tipo: Type.Optional(Type.String({ maxLength: 40 })),
  idE: Type.Optional(Type.String({ maxLength: 64 })),
});

/** The dashboard's filters (POST /dashboard/*). */
export const DashboardQuery = Type.Object({
  idBot: Type.String({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: DASHBOARD_TEXTS.seleccioneBot }),
  fd: Day(HISTORY_TEXTS.fdDia),
  fh: Day(HISTORY_TEXTS.fhDia),
  tipo: Type.Optional(literals(['sesiones', 'clientes'] as const)),
  tl: Type.Optional(literals(['dias', 'horas'] as const)),
  idE: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
}, closed);
export type DashboardQuery = Static<typeof DashboardQuery>;

/** Sessions started, clients (each client once per day it wrote) and messages. */
const Counts = { ses: Type.Integer(), clt: Type.Integer(), msg: Type.Integer() };

/** POST /dashboard/datos: totals per channel and in all. */
export const DashboardData = Type.Object({
  /** Per channel code; clt is the clients who wrote through it, each once. */
  canales: Type.Array(Type.Object({ red: Type.Integer(), ...Counts })),
  totSessions: Type.Integer(),
  /** The clients who wrote in the range, each once. */
  totClts: Type.Integer(),
  msmTot: Type.Integer(),
  /** True when the clients are estimated (a range of many clients), within about 1 %. */
  cltAprox: Type.Optional(Type.Boolean()),
  /** True, and only there, while an upgrade still counts the history recorded before it: the figures may fall short. */
  preparando: Type.Optional(Type.Boolean()),
});
export type DashboardData = Static<typeof DashboardData>;

/**
 * POST /dashboard/timeline: one row per weekday (dia 1 Sunday … 7 Saturday) or per hour (0–23),
 * every one present. Per weekday, clt is the clients who wrote on that weekday, each once, and
 * cltAprox is true where it is estimated (a range of many clients), within about 1 %; per hour, clt
 * counts each client once a day, in the hour of its first message that day, summed over the days.
 */
export const DashboardTimeline = Type.Array(Type.Object({ dia: Type.Optional(Type.Integer()), hora: Type.Optional(Type.Integer()), ...Counts, cltAprox: Type.Optional(Type.Boolean()) }));
export type DashboardTimeline = Static<typeof DashboardTimeline>;

/** POST /dashboard/skill: the skills that answered most (top 10), by answers. */
export const DashboardSkills = Type.Array(Type.Object({ idSkill: Type.String(), nm: Type.String(), n: Type.Integer() }));
export type DashboardSkills = Static<typeof DashboardSkills>;

/** POST /dashboard/depts and /dashboard/bots (pre-release, companies named '…internacional…'). */
export const DashboardDepts = Type.Array(Type.Object({ dept: Type.String(), ses: Type.Integer(), clt: Type.Integer() }));
export const DashboardBots = Type.Array(Type.Object({ bot: Type.String(), ses: Type.Integer(), clt: Type.Integer() }));

/** POST /dashboard/uso ('Ver uso' on the diagram): per skill, the sessions that reached it and those that ended there. */
export const SkillUsage = Type.Array(Type.Object({ idSkill: Type.String(), llegan: Type.Integer(), terminan: Type.Integer() }));
export type SkillUsage = Static<typeof SkillUsage>;
