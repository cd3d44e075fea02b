// The counters' statements of a turn written in a transaction (SQLite): a new key's row, or the
// turn's increments added to the row there is. On PostgreSQL the same upserts are parts of the
// turn's one statement (store.ts).
import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../db';
import { HLL_REGISTERS } from '../db/hll';
import { placeholderRow, precompile, type Placeholders } from '../db/precompiled';
import type { ClienteDiaRow, UsageWrite, UsoClientesRow, UsoKbRow, UsoQnaRow, UsoRow, UsoSkillRow } from './uso';

export async function writeUsage(trx: DB, usage: UsageWrite): Promise<void> {
  await COUNT_USO.execute(trx, usage.uso);
  await COUNT_CLIENTE_DIA.execute(trx, usage.cliente);
  for (const skill of usage.skills) await COUNT_USO_SKILL.execute(trx, skill);
  if (usage.clientes) await COUNT_CLIENTES.execute(trx, usage.clientes);
  for (const qna of usage.qnas) await COUNT_USO_QNA.execute(trx, qna);
  if (usage.kb) await COUNT_USO_KB.execute(trx, usage.kb);
}

/** Each of `columns` of `table`'s row there is, with the new row's added: an upsert's counts. */
function added<C extends string>(table: string, columns: readonly C[]): Record<C, RawBuilder<number>> {
  return Object.fromEntries(columns.map((c) => [c, sql<number>`${sql.ref(`${table}.${c}`)} + ${sql.ref(`excluded.${c}`)}`])) as Record<C, RawBuilder<number>>;
}

// Each counter's key, and its counts added to the row there is (the recorded history's count adds its own the same way: usoRellenoPaginas.ts).
export const USO_KEY = ['idBot', 'dia', 'hora', 'idChannel'] as const;
export const USO_SUMS = added('uso', ['ses', 'clt', 'msg']);
export const CLIENTE_DIA_KEY = ['idBot', 'dia', 'idClt'] as const;
export const CLIENTE_DIA_SUMS = added('chat_cliente_dia', ['ses', 'msg']);
export const USO_SKILL_KEY = ['idBot', 'dia', 'idSkill'] as const;
export const USO_SKILL_SUMS = added('uso_skill', ['n', 'llegan', 'terminan']);
export const USO_QNA_KEY = ['idBot', 'dia', 'idQna'] as const;
export const USO_QNA_SUMS = added('uso_qna', ['n', 'ok', 'bad']);
export const USO_KB_KEY = ['idBot', 'dia'] as const;
export const USO_KB_SUMS = added('uso_kb', ['nf']);

const COUNT_USO = precompile((db, $: Placeholders<UsoRow>) =>
  db
    .insertInto('uso')
    .values(placeholderRow($, ['idBot', 'dia', 'hora', 'idChannel', 'idE', 'red', 'ds', 'ses', 'clt', 'msg']))
    .onConflict((oc) =>
      oc.columns(USO_KEY).doUpdateSet(USO_SUMS),
    ),
);
const COUNT_CLIENTE_DIA = precompile((db, $: Placeholders<ClienteDiaRow>) =>
  db
    .insertInto('chat_cliente_dia')
    .values(placeholderRow($, ['idBot', 'dia', 'idClt', 'idE', 'red', 'nm', 'ses', 'msg', 'ultimo']))
    .onConflict((oc) =>
      oc.columns(CLIENTE_DIA_KEY).doUpdateSet({
        ...CLIENTE_DIA_SUMS,
        ultimo: sql<string>`"excluded"."ultimo"`,
        nm: sql<string | null>`coalesce("excluded"."nm", "chat_cliente_dia"."nm")`,
      }),
    ),
);
const COUNT_USO_SKILL = precompile((db, $: Placeholders<UsoSkillRow>) =>
  db
    .insertInto('uso_skill')
    .values(placeholderRow($, ['idBot', 'dia', 'idSkill', 'idE', 'n', 'llegan', 'terminan']))
    .onConflict((oc) =>
      oc.columns(USO_SKILL_KEY).doUpdateSet(USO_SKILL_SUMS),
    ),
);

const COUNT_USO_QNA = precompile((db, $: Placeholders<UsoQnaRow>) =>
  db
    .insertInto('uso_qna')
    .values(placeholderRow($, ['idBot', 'dia', 'idQna', 'idE', 'n', 'ok', 'bad']))
    .onConflict((oc) =>
      oc.columns(USO_QNA_KEY).doUpdateSet(USO_QNA_SUMS),
    ),
);
const COUNT_USO_KB = precompile((db, $: Placeholders<UsoKbRow>) =>
  db
    .insertInto('uso_kb')
    .values(placeholderRow($, ['idBot', 'dia', 'idE', 'nf']))
    .onConflict((oc) => oc.columns(USO_KB_KEY).doUpdateSet(USO_KB_SUMS)),
);

// The client's register raised to its rank, in a new sketch or the day's one (written only when it rises).
const COUNT_CLIENTES = precompile((db, $: Placeholders<UsoClientesRow>) =>
  db
    .insertInto('uso_clientes')
    .values({ ...placeholderRow($, ['idBot', 'dia', 'idChannel', 'idE', 'red']), hll: sql<Uint8Array>`set_byte(zeroblob(${HLL_REGISTERS}), ${$('reg')}, ${$('rank')})` })
    .onConflict((oc) =>
      oc.columns(['idBot', 'dia', 'idChannel'])
        .doUpdateSet({ hll: sql<Uint8Array>`set_byte("uso_clientes"."hll", ${$('reg')}, ${$('rank')})` })
        .where(sql<number>`get_byte("uso_clientes"."hll", ${$('reg')})`, '<', $('rank'))),
);

/**
 * PostgreSQL: the counters as parts of the turns' one statement (store.ts), each turn's rows only
 * when its conversation was written, and rows of one key summed first (an upsert may not touch a
 * row twice in one statement), in key order; the clients one sketch gains, as lists of registers
 * and ranks that hll_max (migration 015) raises, the row written only when one rises.
 */
export function usageParts(rows: (part: 'uso' | 'ccd' | 'usk' | 'ucl' | 'uqna' | 'ukb', columns: string) => RawBuilder<unknown>, written: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`cuso as (insert into uso ("idBot", dia, hora, "idChannel", "idE", red, ds, ses, clt, msg)
      select r."idBot", r.dia, r.hora, r."idChannel", min(r."idE"), min(r.red), min(r.ds), sum(r.ses), sum(r.clt), sum(r.msg)
      from ${rows('uso', '"idBot" text, dia text, hora int, "idChannel" text, "idE" text, red int, ds int, ses int, clt int, msg int, conv text')} where ${written}
      group by r."idBot", r.dia, r.hora, r."idChannel" order by 1, 2, 3, 4
      on conflict ("idBot", dia, hora, "idChannel") do update set ses = uso.ses + excluded.ses, clt = uso.clt + excluded.clt, msg = uso.msg + excluded.msg),
    cccd as (insert into chat_cliente_dia ("idBot", dia, "idClt", "idE", red, nm, ses, msg, ultimo)
      select r."idBot", r.dia, r."idClt", min(r."idE"), min(r.red), max(r.nm), sum(r.ses), sum(r.msg), max(r.ultimo)
      from ${rows('ccd', '"idBot" text, dia text, "idClt" text, "idE" text, red int, nm text, ses int, msg int, ultimo text, conv text')} where ${written}
      group by r."idBot", r.dia, r."idClt" order by 1, 2, 3
      on conflict ("idBot", dia, "idClt") do update set ses = chat_cliente_dia.ses + excluded.ses, msg = chat_cliente_dia.msg + excluded.msg,
        ultimo = greatest(chat_cliente_dia.ultimo, excluded.ultimo), nm = coalesce(excluded.nm, chat_cliente_dia.nm)),
    cusk as (insert into uso_skill ("idBot", dia, "idSkill", "idE", n, llegan, terminan)
      select r."idBot", r.dia, r."idSkill", min(r."idE"), sum(r.n), sum(r.llegan), sum(r.terminan)
      from ${rows('usk', '"idBot" text, dia text, "idSkill" text, "idE" text, n int, llegan int, terminan int, conv text')} where ${written}
      group by r."idBot", r.dia, r."idSkill" order by 1, 2, 3
      on conflict ("idBot", dia, "idSkill") do update set n = uso_skill.n + excluded.n, llegan = uso_skill.llegan + excluded.llegan, terminan = uso_skill.terminan + excluded.terminan),
    cuqna as (insert into uso_qna ("idBot", dia, "idQna", "idE", n, ok, bad)
      select r."idBot", r.dia, r."idQna", min(r."idE"), sum(r.n), sum(r.ok), sum(r.bad)
      from ${rows('uqna', '"idBot" text, dia text, "idQna" text, "idE" text, n int, ok int, bad int, conv text')} where ${written}
      group by r."idBot", r.dia, r."idQna" order by 1, 2, 3
      on conflict ("idBot", dia, "idQna") do update set n = uso_qna.n + excluded.n, ok = uso_qna.ok + excluded.ok, bad = uso_qna.bad + excluded.bad),
    cukb as (insert into uso_kb ("idBot", dia, "idE", nf)
      select r."idBot", r.dia, min(r."idE"), sum(r.nf)
      from ${rows('ukb', '"idBot" text, dia text, "idE" text, nf int, conv text')} where ${written}
      group by r."idBot", r.dia order by 1, 2
      on conflict ("idBot", dia) do update set nf = uso_kb.nf + excluded.nf),
    cucp as (select r."idBot", r.dia, r."idChannel", min(r."idE") as "idE", min(r.red) as red, array_agg(r.reg) as regs, array_agg(r.rank) as ranks
      from ${rows('ucl', '"idBot" text, dia text, "idChannel" text, "idE" text, red int, reg int, rank int, conv text')} where ${written}
      group by r."idBot", r.dia, r."idChannel"),
    cucl as (insert into uso_clientes ("idBot", dia, "idChannel", "idE", red, hll)
      select p."idBot", p.dia, p."idChannel", p."idE", p.red, hll_max(null, p.regs, p.ranks) from cucp p order by 1, 2, 3
      on conflict ("idBot", dia, "idChannel") do update
        set hll = (select hll_max(uso_clientes.hll, p.regs, p.ranks) from cucp p where (p."idBot", p.dia, p."idChannel") = (excluded."idBot", excluded.dia, excluded."idChannel"))
        where exists (select from cucp p, unnest(p.regs, p.ranks) as q(reg, rank)
          where (p."idBot", p.dia, p."idChannel") = (excluded."idBot", excluded.dia, excluded."idChannel") and get_byte(uso_clientes.hll, q.reg) < q.rank))`;
}
