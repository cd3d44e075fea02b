// The QnA screens' pure parts: the table's pages cut from the server's pages of 20, the new QnA's
// skill, the labels of a row and of an import, and when the history is polled.
import { GLOBAL_TAG, GLOBAL_TAG_NAME, QNA_TIPO, type QnaImport, type TagKb } from '../../../common/schemas/qna';
import { SKILL_DEFAULTS } from '../../../common/schemas/skillRules';
import type { Skill } from '../../api/skills';

/** The server is asked for this many QnAs at a time; the table shows a part of them. */
export const QNA_FETCH_SIZE = 20;
export const QNA_ROWS_PER_PAGE = [5, 10, 20] as const;
export const QNA_DEFAULT_ROWS = 5;
/** The import history is read again this often while an import runs. */
export const IMPORT_POLL_MS = 5000;

/**
 * Which server page of QNA_FETCH_SIZE holds the table's page (0-based, `perPage` rows), and where
 * its rows start in it. Every choice of QNA_ROWS_PER_PAGE divides QNA_FETCH_SIZE, so a table page
 * never spans two server pages.
 */
export function serverSlice(page: number, perPage: number): { serverPage: number; start: number } {
  const first = page * perPage;
  return { serverPage: Math.floor(first / QNA_FETCH_SIZE), start: first % QNA_FETCH_SIZE };
}

/** A new QnA: a skill of tipo 2 with the skill defaults and the global tag. */
export function newQna(idBot: string): Partial<Skill> & Pick<Skill, 'idBot' | 'nm'> {
  return {
    ...SKILL_DEFAULTS,
    tokens: [],
    attachmentTypes: [...SKILL_DEFAULTS.attachmentTypes] as Skill['attachmentTypes'],
    tipo: QNA_TIPO,
    idBot,
    nm: '',
    frases: [],
    tagsKb: [GLOBAL_TAG],
  };
}

/** The bot's tags with the global one first (it is never stored, so the server may leave it out). */
export function withGlobalTag(tags: readonly TagKb[]): TagKb[] {
  return tags.some((tag) => tag.sg === GLOBAL_TAG) ? [...tags] : [{ sg: GLOBAL_TAG, nm: GLOBAL_TAG_NAME }, ...tags];
}

/** 'Creado por': 1 is the import's, anything else a person's. */
export const origenLabel = (origen: number) => (origen === 1 ? 'quipu.qna.automatico' : 'quipu.qna.usuario');

/** An import's 'Origen' ('archivo', 'ahora', 'programada'); an unknown one reads as sent. */
export const importOrigenLabel = (origen: string) => (['archivo', 'ahora', 'programada'].includes(origen) ? `quipu.qna.origenes.${origen}` : origen);

/** The history is read again while its newest import has not finished. */
export const importRunning = (rows: readonly QnaImport[] | undefined) => !!rows?.length && !rows[0].done;

/** An import's share done, 0 to 100. */
export const importPercent = (row: Pick<QnaImport, 'progreso' | 'total'>) => (row.total > 0 ? Math.min(100, Math.round((row.progreso / row.total) * 100)) : 0);

/** A duration in milliseconds as seconds, or minutes and seconds from one minute on. */
export function durationParts(ms: number): { key: 'quipu.qna.segundos'; n: number } | { key: 'quipu.qna.minutos'; m: number; s: number } {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? { key: 'quipu.qna.segundos', n: seconds } : { key: 'quipu.qna.minutos', m: Math.floor(seconds / 60), s: seconds % 60 };
}
