// Shared by the QnA screens' tests: QnA rows, tags and imports as the server answers them, and
// the /qnas page or the bot editor's QnA tab opened with the calls they make recorded.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QnaImport, QnaRow, TagKb } from '../../../src/api/qna';
import type { Session } from '../../../common/sessionTypes';
import { makeSession } from '../fixtures';
import { page, record, renderAdmin, type Call } from '../resources/support';

export const admin = makeSession({ rol: 'ROLE_ADMIN', id: 'adm' });

export function qnaRow(n: number, extra: Partial<QnaRow> = {}): QnaRow {
  return { id: `q${n}`, nm: `Pregunta ${n}`, fa: '2026-03-04T15:06:00.000Z', origen: n % 2, tagsKb: ['t0'], nFrases: 1, ...extra };
}

export const tags: TagKb[] = [
  { sg: 't0', nm: 'Global' },
  { sg: 't1', nm: 'Tarjetas' },
  { sg: 't2', nm: 'Cuentas' },
];

export function importRow(extra: Partial<QnaImport> = {}): QnaImport {
  return {
    id: 'i1',
    fc: '2026-03-04T15:06:00.000Z',
    origen: 'archivo',
    fuente: 'preguntas.xlsx',
    us: 'ana@quipu.test',
    done: true,
    dur: 4200,
    error: null,
    errores: [],
    progreso: 10,
    total: 10,
    nuevos: 8,
    actualizados: 2,
    remove: 0,
    ...extra,
  };
}

/**
 * POST /skill/qna-search over `total` QnAs named Pregunta 1…: each answer is the page asked for
 * (the rows whose tags meet the filter, when one is sent).
 */
export function searchQnas(total: number) {
  const all = Array.from({ length: total }, (_, i) => qnaRow(i + 1));
  return record('post', '/skill/qna-search', ({ body }) => {
    const { page: index = 0, pageSize = 20 } = body as { page?: number; pageSize?: number };
    return page(all.slice(index * pageSize, (index + 1) * pageSize), total, pageSize);
  });
}

/** Opens 'Skills QNA' (/qnas) as a system admin, over `total` QnAs. */
export function openQnas(total = 3, session: Session = admin) {
  record('get', '/tag-kb', () => tags);
  const searches = searchQnas(total);
  renderAdmin('/qnas', session);
  return { searches };
}

/** The pages of POST /skill/qna-search asked for, as [page, pageSize]. */
export const pagesAsked = (calls: Call[]) => calls.map((call) => [(call.body as { page: number }).page, (call.body as { pageSize: number }).pageSize]);

/** The names in the QnA table, in order. */
export const shownNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelectorAll('td')[1]?.textContent ?? '');

/** Picks `names` in the tag select labelled `label`. */
export async function pickTags(label: string, ...names: string[]) {
  for (const name of names) {
    await userEvent.click(screen.getByRole('combobox', { name: label }));
    await userEvent.click(await screen.findByRole('option', { name }));
  }
}
