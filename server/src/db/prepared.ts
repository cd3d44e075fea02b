// PostgreSQL: the statements the server runs again and again (a chat message's session check and
// nonce, its turn, the fan-out's NOTIFY) are prepared once per pooled connection and then only
// bound and executed, so the database parses and plans each once per connection instead of on
// every call; planning cost more than running these short statements. A statement is prepared
// from its third run on, at most PREPARED_PER_CONNECTION per connection. Statements that project
// every column (`*`, `t.*`, `returning *`) stay unprepared: a migration adding a column (another
// instance starting a newer version) would change their rows, which a prepared plan refuses.
// DATABASE_PREPARED_STATEMENTS=0 turns it off, for a pooler in transaction mode that does not keep
// prepared statements (PgBouncer before 1.21).
// A statement's name is looked up by its text: a text Kysely builds anew is hashed on each lookup
// (about 7 µs for the session's), while a precompiled statement (db/precompiled.ts) passes the same
// string every time, whose hash V8 keeps with it.
import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Named statements one connection holds at most; past that, new ones run unnamed. */
export const PREPARED_PER_CONNECTION = 200;
/** A statement is prepared from this run on. */
export const PREPARE_FROM_RUN = 3;
/** Distinct statement texts remembered; past that the counts start again. */
const TEXTS_KEPT = 5000;
/** Longer texts (bulk inserts, long IN lists) are one-offs: never remembered nor prepared. */
const MAX_TEXT = 4000;

const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** `*`, `"t".*` or `returning *` as a projection (not `count(*)`). */
const EVERY_COLUMN = /(^|[\s,(])("?\w+"?\.)?\*(?=\s|,|$)/;

/** The statement name of a text run often enough, or undefined to run it unnamed. */
export class StatementNames {
  private readonly texts = new Map<string, number | string>();

  nameFor(text: string): string | undefined {
    if (text.length > MAX_TEXT) return undefined;
    const known = this.texts.get(text);
    if (typeof known === 'string') return known;
    if (known === undefined && (!PREPARABLE.test(text) || EVERY_COLUMN.test(text))) {
      this.remember(text, -Infinity);
      return undefined;
    }
    const runs = (known ?? 0) + 1;
    if (runs < PREPARE_FROM_RUN) {
      this.remember(text, runs);
      return undefined;
    }
    const name = `quipu_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    this.remember(text, name);
    return name;
  }

  private remember(text: string, value: number | string): void {
    if (this.texts.size >= TEXTS_KEPT && !this.texts.has(text)) this.texts.clear();
    this.texts.set(text, value);
  }
}

type Query = (text: unknown, values?: unknown, callback?: unknown) => unknown;

/** Makes every connection the pool opens run the pool's frequent statements as named (prepared) ones. */
export function prepareFrequentStatements(pool: pg.Pool, names = new StatementNames(), perConnection = PREPARED_PER_CONNECTION): void {
  pool.on('connect', (client) => {
    const held = new Set<string>();
    const query = client.query as unknown as Query;
    // Kysely calls query(text, values); anything else (a config object, a callback) goes through as is.
    (client as unknown as { query: Query }).query = function (this: pg.PoolClient, text, values, callback) {
      if (typeof text === 'string' && Array.isArray(values) && callback === undefined) {
        const name = names.nameFor(text);
        if (name && (held.has(name) || held.size < perConnection)) {
          held.add(name);
          return query.call(this, { name, text, values });
        }
      }
      return query.call(this, text, values, callback);
    };
  });
}
