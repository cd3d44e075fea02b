// The audit log: event codes, writing a row, and the paged search of /auditoria with the names of
// what each row's detail names by id.
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Config } from '../config';
import type { DB } from '../db';
import type { Database } from '../db/schema';
import type { AuditoriaTable } from '../db/schema';
import { badRequest } from '../errors';
import { EV } from '../../../common/schemas/rules';
import { AUDIT_REF_KINDS, type AuditRef, type AuditRefKind, type AuditRow as AuditAnswerRow } from '../../../common/schemas/auditoria';
import { checkFilters, checkSorts, containsText, ftsMatch, fullOrder, planWindow, textSearchPlan, type PageRequest, type SearchPlan } from '../db/paging';

export { EV, AUDIT_EVENTS as EV_LABELS } from '../../../common/schemas/rules';

/** The codes a client may post; the administrative ones are only written by the server. */
export const CLIENT_EVENTS: readonly number[] = [EV.HISTORIAL, EV.BOT_MODIFICADO, EV.BOT_DESPLEGADO, EV.CANALES];

/** Who did it: the part of the session user a row keeps. */
export interface AuditActor {
  id: string;
  usuario: string;
  idE: string;
}

/** Something `val` names by its id, so the search can show it by its name as it is now. */
export interface AuditTarget {
  tipo: AuditRefKind;
  id: string;
}

export interface AuditEvent {
  ev: number;
  val: string | null;
  /** The company the change concerns; the actor's own company by default. */
  idE?: string;
  /** What `val` names by id. */
  refs?: readonly AuditTarget[];
}

/** What a service that writes needs: the database and the clock (config.now, movable in tests). */
export interface WriteContext {
  db: DB;
  config: Pick<Config, 'now'>;
}

/**
 * Appends one row at `now` (ms). `db` may be a transaction, so the row lands with the change it
 * records.
 */
export async function recordAudit(db: DB, actor: AuditActor, event: AuditEvent, now: number): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto('auditoria')
    .values({
      id, idU: actor.id, us: actor.usuario, idE: event.idE ?? actor.idE, ev: event.ev, fc: new Date(now).toISOString(), val: event.val,
      refs: event.refs?.length ? JSON.stringify(event.refs.map(({ tipo, id: ref }) => ({ tipo, id: ref }))) : null,
    })
    .execute();
  return id;
}

/**
 * "(campos: nombre, rol)" naming, in Spanish, the fields whose value differs, or "(sin cambios)".
 * Only names: a value (a password, a token) never reaches the log.
 */
export function changedFields<T extends object>(before: T, after: Partial<T>, labels: Partial<Record<keyof T, string>>): string {
  const names: string[] = [];
  for (const key of Object.keys(labels) as (keyof T)[]) {
    if (key in after && after[key] !== undefined && after[key] !== before[key]) names.push(labels[key] as string);
  }
  return names.length ? `(campos: ${names.join(', ')})` : '(sin cambios)';
}

export type AuditRow = Pick<AuditoriaTable, 'id' | 'idU' | 'us' | 'idE' | 'ev' | 'fc' | 'val' | 'refs'>;

export const AUDIT_SORTS = ['fc', 'us', 'ev'] as const;
/** q is react-admin's search box: user or detail. */
export const AUDIT_FILTERS = ['us', 'ev', 'val', 'fc', 'fcDesde', 'fcHasta', 'q'] as const;
export const AUDIT_PAGE_SIZE = 10;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A filter date: 'YYYY-MM-DD' is a whole UTC day [start, next day); an ISO instant is exact. */
function dateBound(id: string, value: string): { start: string; next: string } {
  if (DAY.test(value)) {
    const start = new Date(`${value}T00:00:00.000Z`);
    if (!Number.isNaN(start.getTime()) && start.toISOString().startsWith(value)) {
      return { start: value, next: new Date(start.getTime() + 86_400_000).toISOString().slice(0, 10) };
    }
  } else if (INSTANT.test(value)) {
    const instant = new Date(value);
    if (!Number.isNaN(instant.getTime())) return { start: instant.toISOString(), next: instant.toISOString() };
  }
  throw badRequest(`filtered: la fecha de '${id}' no es válida ('${value}'); use AAAA-MM-DD`);
}

/** The queries of one audit search; `idE` undefined means every company (system admin). */
export function planAuditSearch(db: DB, idE: string | undefined, req: PageRequest): SearchPlan<AuditRow> {
  const sorts = checkSorts(req.sorted, AUDIT_SORTS);
  const filters = checkFilters(req.filtered, AUDIT_FILTERS);
  const { pageSize, offset, countLimit } = planWindow(req, AUDIT_PAGE_SIZE);

  const conditions: Expression<SqlBool>[] = [];
  const matches: string[] = [];
  const contains = (columns: readonly ('us' | 'val')[], text: string) => {
    const likes = columns.map((c) => containsText(sql.ref(`auditoria.${c}`), text));
    conditions.push(likes.length === 1 ? likes[0] : sql<SqlBool>`(${sql.join(likes, sql` or `)})`);
    const match = ftsMatch(db, columns, text);
    if (match) matches.push(match);
  };
  const fc = sql.ref('auditoria.fc');
  for (const f of filters) {
    switch (f.id) {
      case 'us':
      case 'val':
        contains([f.id], f.value);
        break;
      case 'q':
        contains(['us', 'val'], f.value);
        break;
      case 'ev': {
        const ev = Number(f.value);
        if (!Number.isInteger(ev)) throw badRequest(`filtered: el código de evento no es un número ('${f.value}')`);
        conditions.push(sql<SqlBool>`${sql.ref('auditoria.ev')} = ${ev}`);
        break;
      }
      case 'fc': {
        if (!DAY.test(f.value)) throw badRequest(`filtered: la fecha de 'fc' no es válida ('${f.value}'); use AAAA-MM-DD`);
        const day = dateBound(f.id, f.value);
        conditions.push(sql<SqlBool>`${fc} >= ${day.start}`, sql<SqlBool>`${fc} < ${day.next}`);
        break;
      }
      case 'fcDesde':
        conditions.push(sql<SqlBool>`${fc} >= ${dateBound(f.id, f.value).start}`);
        break;
      case 'fcHasta': {
        const bound = dateBound(f.id, f.value);
        // A day includes all of it; an instant is inclusive.
        conditions.push(DAY.test(f.value) ? sql<SqlBool>`${fc} < ${bound.next}` : sql<SqlBool>`${fc} <= ${bound.start}`);
        break;
      }
    }
  }

  return textSearchPlan<AuditRow>(db, {
    table: 'auditoria',
    idE,
    conditions,
    matches,
    order: fullOrder(sorts, { id: 'fc', desc: true }),
    window: { pageSize, offset, countLimit },
    fetch: (ids) => db.selectFrom('auditoria').select(['id', 'idU', 'us', 'idE', 'ev', 'fc', 'val', 'refs']).where('id', 'in', ids),
  });
}

interface Named {
  tipo: string;
  id: string;
  idE: string;
  nm: string | null;
}

/** Each kind a row may name, read by id: its company, and what the console shows for it. */
function namesOf(db: DB, tipo: AuditRefKind, ids: string[]): SelectQueryBuilder<Database, 'bot' | 'chat_cliente' | 'chat_sesion', Named> {
  const kind = sql<string>`${sql.lit(tipo)}`.as('tipo');
  switch (tipo) {
    case 'bot':
      return db.selectFrom('bot').select([kind, 'id', 'idE', sql<string | null>`${sql.ref('nm')}`.as('nm')]).where('id', 'in', ids);
    case 'cliente':
      return db.selectFrom('chat_cliente').select([kind, 'id', 'idE', sql<string | null>`${sql.ref('nm')}`.as('nm')]).where('id', 'in', ids);
    case 'sesion':
      // A session has no name: its start says which it was.
      return db.selectFrom('chat_sesion').select([kind, 'id', 'idE', sql<string | null>`${sql.ref('fi')}`.as('nm')]).where('id', 'in', ids);
  }
}

function parseRefs(refs: string | null): AuditTarget[] {
  if (!refs) return [];
  try {
    const parsed: unknown = JSON.parse(refs);
    return Array.isArray(parsed) ? parsed.filter((r): r is AuditTarget => typeof r?.id === 'string' && (AUDIT_REF_KINDS as readonly string[]).includes(r?.tipo)) : [];
  } catch {
    return [];
  }
}

/**
 * The page's rows as the console gets them: each with what its detail names by id, named as it is
 * now, read in one query for the whole page. Something gone, or found in another company than the
 * row's, is `eliminado`.
 */
export async function withRefNames<P extends { content: AuditRow[] }>(db: DB, page: P): Promise<Omit<P, 'content'> & { content: AuditAnswerRow[] }> {
  const targets = page.content.map((row) => parseRefs(row.refs));
  const wanted = new Map<AuditRefKind, Set<string>>();
  for (const ref of targets.flat()) wanted.set(ref.tipo, (wanted.get(ref.tipo) ?? new Set()).add(ref.id));
  const [first, ...rest] = [...wanted].map(([tipo, ids]) => namesOf(db, tipo, [...ids]));
  // One query for the page: the kinds' reads joined with union all.
  const found = first ? await rest.reduce((all, query) => all.unionAll(query), first).execute() : [];
  const byKey = new Map(found.map((f) => [`${f.tipo}\u0000${f.id}`, f]));
  const content = page.content.map(({ refs: _stored, ...row }, i): AuditAnswerRow => {
    if (targets[i].length === 0) return row;
    const refs = targets[i].map(({ tipo, id }): AuditRef => {
      const hit = byKey.get(`${tipo}\u0000${id}`);
      if (!hit || hit.idE !== row.idE) return { tipo, id, eliminado: true };
      return hit.nm ? { tipo, id, nm: hit.nm } : { tipo, id };
    });
    return { ...row, refs };
  });
  return { ...page, content };
}
