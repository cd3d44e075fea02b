// The QnA knowledge base on the wire: the bot's tags, the paged QnA table, delete by tags, the
// imports and their history, the questions the knowledge base could not answer, and the texts
// the console and the server both show. A QnA itself is a skill of tipo 2, read and saved through
// GET/POST /skill (its phrases are the question's variants, tagsKb its tags) with its answer as
// actions through /acciones.
import { Type, type Static } from 'typebox';
import { closed } from './common';
import { pageRequestFields, pageResponse } from './paging';

/** The global tag: every bot has it, it is never stored, and a QnA without tags carries it. */
export const GLOBAL_TAG = 't0';
export const GLOBAL_TAG_NAME = 'Global';
/** The skill kind of a QnA. */
export const QNA_TIPO = 2;
/** The bot whose QnAs are the default set ('Skills QNA'), copied by 'Cargar QnA por Defecto'. */
export const DEFAULT_QNA_BOT = 'jedai';
export const DEFAULT_QNA_BOT_NAME = 'Skills QNA';
/** Import history rows shown, newest first. */
export const IMPORT_HISTORY_ROWS = 50;

const IdBot = Type.String({ minLength: 1, maxLength: 64 });

// ---------------------------------------------------------------------------------------------
// Tags

/** A tag: its code (t0 global, t1 …) and name. */
export const TagKb = Type.Object({ sg: Type.String(), nm: Type.String() });
export type TagKb = Static<typeof TagKb>;
/** GET /tag-kb?idBot */
export const TagKbQuery = Type.Object({ idBot: IdBot }, closed);
/** POST /tag-kb: creates the tag (or answers the one of that name, whatever its case). */
export const TagKbBody = Type.Object({ idBot: IdBot, nm: Type.String({ maxLength: 64 }) }, closed);
export type TagKbBody = Static<typeof TagKbBody>;

// ---------------------------------------------------------------------------------------------
// The QnA table

/** POST /skill/qna-search: a page of the bot's QnAs carrying any of `tags` (all of them when none). */
export const QnaSearchBody = Type.Object({
  ...pageRequestFields,
  idBot: IdBot,
  tags: Type.Optional(Type.Array(Type.String({ maxLength: 16 }), { maxItems: 100 })),
}, closed);
export type QnaSearchBody = Static<typeof QnaSearchBody>;

/** A row of the QnA table. */
export const QnaRow = Type.Object({
  id: Type.String(),
  nm: Type.String(),
  /** Last change (creation until changed), ISO-8601. */
  fa: Type.String(),
  /** 'Creado por': 0 Usuario, 1 Automático. */
  origen: Type.Integer(),
  tagsKb: Type.Array(Type.String()),
  nFrases: Type.Integer(),
});
export type QnaRow = Static<typeof QnaRow>;
export const QnaPage = pageResponse(QnaRow);

/** DELETE /skill/qna?id&idBot */
export const QnaDeleteQuery = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }), idBot: IdBot }, closed);

/** POST /skill/qna-delete: the bot's QnAs carrying any of the tags go (at least one tag). */
export const QnaDeleteByTagsBody = Type.Object({
  idBot: IdBot,
  tags: Type.Array(Type.String({ maxLength: 16 }), { maxItems: 100 }),
}, closed);
export type QnaDeleteByTagsBody = Static<typeof QnaDeleteByTagsBody>;
export const QnaDeleteByTagsAnswer = Type.Object({ msg: Type.String(), n: Type.Integer() });

/** GET /skill/jedai?idBot: the default set copied into the bot. */
export const QnaDefaultAnswer = Type.Object({ msg: Type.String(), nuevos: Type.Integer() });

/** GET /skills/kb?idBot: the bot's skills in KB mode (the Monitoreo panel's skill filter). */
export const KbSkill = Type.Object({ id: Type.String(), nm: Type.String() });
export type KbSkill = Static<typeof KbSkill>;

// ---------------------------------------------------------------------------------------------
// Imports

/** POST /skill/qna-importar?idBot: the multipart part `datos` (JSON). */
export const QnaImportDatos = Type.Object({
  /** Tags given to the rows that name none (the global tag when absent). */
  tagsKb: Type.Optional(Type.Array(Type.String({ maxLength: 16 }), { maxItems: 100 })),
}, closed);
export type QnaImportDatos = Static<typeof QnaImportDatos>;
export const IdBotQuery = Type.Object({ idBot: IdBot }, closed);
/** The import started: its history row's id. */
export const QnaImportStarted = Type.Object({ id: Type.String() });

/** A refused row: where (e: 'Fila 7, columna pregunta') and why (t). */
export const ImportError = Type.Object({ e: Type.String(), t: Type.String() });

/** GET /skill/historial-import?idBot: the bot's imports, newest first. */
export const QnaImport = Type.Object({
  id: Type.String(),
  fc: Type.String(),
  /** 'archivo', 'ahora' or 'programada'. */
  origen: Type.String(),
  /** The file's name or the external address. */
  fuente: Type.String(),
  /** Who asked: the login, or null for a schedule (or a deleted user). */
  us: Type.Union([Type.String(), Type.Null()]),
  done: Type.Boolean(),
  /** Milliseconds, once done. */
  dur: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  errores: Type.Array(ImportError),
  progreso: Type.Integer(),
  total: Type.Integer(),
  nuevos: Type.Integer(),
  actualizados: Type.Integer(),
  remove: Type.Integer(),
});
export type QnaImport = Static<typeof QnaImport>;

// ---------------------------------------------------------------------------------------------
// KB unrecognised

/** POST /qna-not-found/table?idBot */
export const QnaNfSearchBody = Type.Object({
  ...pageRequestFields,
  idSkill: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  /** Days, YYYY-MM-DD, in the company's time zone (both counted). */
  from: Type.Optional(Type.Union([Type.String({ maxLength: 10 }), Type.Null()])),
  to: Type.Optional(Type.Union([Type.String({ maxLength: 10 }), Type.Null()])),
}, closed);
export type QnaNfSearchBody = Static<typeof QnaNfSearchBody>;
export const QnaNfRow = Type.Object({
  id: Type.String(),
  idSkill: Type.String(),
  /** The entry skill's name now, or '(eliminado)'. */
  skill: Type.String(),
  txt: Type.String(),
  c: Type.Integer(),
  fc: Type.String(),
});
export type QnaNfRow = Static<typeof QnaNfRow>;
export const QnaNfPage = pageResponse(QnaNfRow);
/** POST /qna-not-found/delete?idBot[&idSkill]: the ids. */
export const QnaNfDeleteQuery = Type.Object({ idBot: IdBot, idSkill: Type.Optional(Type.String({ maxLength: 64 })) }, closed);
export const QnaNfIds = Type.Array(Type.String({ maxLength: 64 }), { maxItems: 500 });
/** POST /qna-not-found/assign?idBot: the questions become variants of the QnA, and leave the list. */
export const QnaNfAssignBody = Type.Object({ ids: QnaNfIds, idQna: Type.String({ maxLength: 64 }) }, closed);
export type QnaNfAssignBody = Static<typeof QnaNfAssignBody>;

// ---------------------------------------------------------------------------------------------
// Texts both sides show

export const QNA_MESSAGES = {
  seleccioneTag: 'Seleccione mínimo 1 tag',
  seleccioneExcel: 'Seleccione un archivo excel',
  noSePuedeLeer: 'no se puede leer el archivo',
  procesado: 'Procesado con éxito',
  qnaNoEncontrada: 'QnA no encontrada',
  botSinQna: 'El bot no tiene QnA activo',
  sinUrlExterna: 'El bot no tiene una URL de QnA externo',
  importacionEnCurso: 'Ya hay una importación en curso para este bot',
  tagNoExiste: (sg: string) => `El tag ${sg} no existe en este bot`,
  tagVacio: 'Ingrese el nombre del tag',
  porDefectoEnSiMismo: 'Las QnA por defecto no se pueden cargar en su propio bot',
  eliminadas: (n: number) => (n === 1 ? 'Se eliminó 1 QnA' : `Se eliminaron ${n} QnA`),
  cargadas: (n: number) => (n === 1 ? 'Se agregó 1 QnA por defecto' : `Se agregaron ${n} QnA por defecto`),
  maxQnas: (n: number, max: number) => `El bot tendría ${n} QnA; el máximo es ${max}`,
  maxVariantes: (n: number, max: number) => `El bot tendría ${n} variantes de QnA en total; el máximo es ${max}`,
} as const;

// ---------------------------------------------------------------------------------------------
// KB-unrecognised export, the ratings report and the dashboard's QnA tab

/** The report kind of the KB-unrecognised export and of 'Reporte de calificaciones' ('Ver Informes'). */
export const QNA_REPORT = 'qna';
/** Rows of the KB-unrecognised table per page. */
export const QNA_NF_PAGE_SIZE = 20;
/** Columns the KB-unrecognised table sorts by, and filters by (part of the text). */
export const QNA_NF_SORTS = ['c', 'fc', 'txt'] as const;
export const QNA_NF_FILTERS = ['txt'] as const;

/** POST /qna-not-found/export?idBot: the table's filters (its paging ignored). */
export const QnaNfExportBody = QnaNfSearchBody;
export type QnaNfExportBody = Static<typeof QnaNfExportBody>;
/** POST /qna-not-found/assign?idBot, POST /qna-not-found/table?idBot, POST /qna-not-found/export?idBot. */
export const QnaNfQuery = Type.Object({ idBot: IdBot }, closed);

/** POST /dashboard/qna: the QnA tab, from the counters of the range. */
export const DashboardQna = Type.Object({
  /** Whether the bot has QnA on: the tab is shown for such bots, as the bot editor's QnA tab is. */
  qna: Type.Boolean(),
  /** The QnAs that answered most (top 10), by their current name. */
  qnas: Type.Array(Type.Object({ idQna: Type.String(), nm: Type.String(), n: Type.Integer() })),
  /** The skills that answered most (top 10), as the General tab's. */
  skills: Type.Array(Type.Object({ idSkill: Type.String(), nm: Type.String(), n: Type.Integer() })),
  /** Good and bad ratings per QnA (top 10 by both together). */
  calificaciones: Type.Array(Type.Object({ idQna: Type.String(), nm: Type.String(), ok: Type.Integer(), bad: Type.Integer() })),
  /** Answers given by QnAs. */
  respuestas: Type.Integer(),
  buenas: Type.Integer(),
  malas: Type.Integer(),
  /** Questions the knowledge base could not answer. */
  noEncontradas: Type.Integer(),
});
export type DashboardQna = Static<typeof DashboardQna>;

/** What the Monitoreo panel, the ratings report and the QnA tab say on both sides. */
export const QNA_NF_TEXTS = {
  titulo: 'Preguntas no encontradas (KB)',
  reporteCalificaciones: 'Reporte de calificaciones',
  seleccioneQna: 'Seleccione una QnA',
  generandoInforme: 'Generando informe. En Ver Informe encontrará su archivo generado.',
  buena: 'Buena',
  mala: 'Mala',
} as const;
