// The dashboard's QnA tab: sums over the counters of the range (uso_qna per QnA, uso_skill per
// skill as the General tab reads it, uso_kb for the questions not found), never over the messages.
import { sql } from 'kysely';
import { TOP_N } from '../../../../common/schemas/historial';
import type { DashboardQna } from '../../../../common/schemas/qna';
import type { DB } from '../../db/index';
import { dashboardSkills, DELETED_SKILL, type DashboardScope } from './consultas';

const int = (value: unknown): number => Number(value ?? 0);

/** Top QnAs by answers, top skills, ratings per QnA (top by good and bad together) and the totals. */
export async function dashboardQna(db: DB, scope: DashboardScope): Promise<DashboardQna> {
  const [bot, perQna, skills, kb] = await Promise.all([
    db.selectFrom('bot').select('qna').where('id', '=', scope.idBot).executeTakeFirst(),
    db
      .selectFrom('uso_qna')
      .select((eb) => ['idQna', eb.fn.sum<number>('n').as('n'), eb.fn.sum<number>('ok').as('ok'), eb.fn.sum<number>('bad').as('bad')])
      .where('idBot', '=', scope.idBot).where('dia', '>=', scope.fd).where('dia', '<=', scope.fh)
      .groupBy('idQna')
      .execute(),
    dashboardSkills(db, scope),
    db
      .selectFrom('uso_kb')
      .select(sql<number>`coalesce(sum(nf), 0)`.as('nf'))
      .where('idBot', '=', scope.idBot).where('dia', '>=', scope.fd).where('dia', '<=', scope.fh)
      .executeTakeFirst(),
  ]);
  const rows = perQna.map((r) => ({ idQna: r.idQna, n: int(r.n), ok: int(r.ok), bad: int(r.bad) }));
  const names = rows.length
    ? new Map((await db.selectFrom('skill').select(['id', 'nm']).where('idBot', '=', scope.idBot).where('id', 'in', rows.map((r) => r.idQna)).execute()).map((s) => [s.id, s.nm]))
    : new Map<string, string>();
  const nm = (id: string) => names.get(id) ?? DELETED_SKILL;
  const byId = (a: { idQna: string }, b: { idQna: string }) => (a.idQna < b.idQna ? -1 : a.idQna > b.idQna ? 1 : 0);
  const qnas = rows
    .filter((r) => r.n > 0)
    .sort((a, b) => b.n - a.n || byId(a, b))
    .slice(0, TOP_N)
    .map((r) => ({ idQna: r.idQna, nm: nm(r.idQna), n: r.n }));
  const calificaciones = rows
    .filter((r) => r.ok + r.bad > 0)
    .sort((a, b) => b.ok + b.bad - (a.ok + a.bad) || byId(a, b))
    .slice(0, TOP_N)
    .map((r) => ({ idQna: r.idQna, nm: nm(r.idQna), ok: r.ok, bad: r.bad }));
  let respuestas = 0;
  let buenas = 0;
  let malas = 0;
  for (const r of rows) {
    respuestas += r.n;
    buenas += r.ok;
    malas += r.bad;
  }
  return { qna: Number(bot?.qna ?? 0) === 1, qnas, skills, calificaciones, respuestas, buenas, malas, noEncontradas: int(kb?.nf) };
}
