// Statements compiled once per dialect, then run with new values. Kysely rebuilds, freezes and
// compiles a query's operation tree on every call, which costs more than running a short statement
// (a chat message's session, nonce and turn). A precompiled statement is built with Kysely once per
// dialect, with placeholders where its values go, so Kysely stays the one source of its SQL text;
// each run only puts that run's values, in order, in the compiled statement's parameters.
// Its shape (columns, rows, optional parts) must not depend on the values: a statement whose
// shape varies is precompiled per shape (precompiledShapes).
import { createQueryId, type CompiledQuery, type Compilable, type DialectAdapter, type Kysely, type QueryResult, type RawBuilder } from 'kysely';
import type { Database } from './schema';

type Db = Kysely<Database>;

/** Stands, while a statement is compiled, for the value `pick` takes from each run's parameters. */
class Placeholder<P> {
  constructor(readonly pick: (params: P) => unknown) {}
}

/**
 * Makes placeholders while a statement is built: `$('id')` for `params.id`, `$((p) => p.rows[0].id)`
 * for anything else. Typed as the value it stands for, so it goes wherever Kysely takes that value.
 */
export interface Placeholders<P> {
  <K extends keyof P>(key: K): P[K];
  <T>(pick: (params: P) => T): T;
}

type Built<O> = Compilable<O> | RawBuilder<O>;

interface Template<P> {
  sql: string;
  query: CompiledQuery['query'];
  /** Each parameter in order: a placeholder, or a value the statement always has. */
  slots: readonly unknown[];
  /** Positions of the placeholders in slots, and what each one picks. */
  picks: ReadonlyArray<readonly [number, (params: P) => unknown]>;
}

export class Precompiled<P, O> {
  /**
   * The compiled statement per dialect: per database adapter, which a database's transactions share.
   * (Quipu's databases use no Kysely plugin; one added with withPlugin would not change the text.)
   */
  private readonly templates = new WeakMap<DialectAdapter, Template<P>>();

  constructor(private readonly build: (db: Db, $: Placeholders<P>) => Built<O>) {}

  /** The statement with `params` as its values, for `db`'s dialect (compiled on the first call). */
  bind(db: Db, params: P): CompiledQuery<O> {
    const template = this.templateFor(db);
    const parameters = template.slots.slice();
    for (const [i, pick] of template.picks) {
      const value = pick(params);
      // Kysely leaves an undefined value out of an insert or update; here its place is taken.
      if (value === undefined) throw new Error(`Falta el valor ${i + 1} de una sentencia precompilada: ${template.sql}`);
      parameters[i] = value;
    }
    return { sql: template.sql, query: template.query, queryId: createQueryId(), parameters };
  }

  execute(db: Db, params: P): Promise<QueryResult<O>> {
    return db.executeQuery(this.bind(db, params));
  }

  async takeFirst(db: Db, params: P): Promise<O | undefined> {
    const { rows } = await this.execute(db, params);
    return rows[0];
  }

  private templateFor(db: Db): Template<P> {
    const adapter = db.getExecutor().adapter;
    let template = this.templates.get(adapter);
    if (!template) this.templates.set(adapter, (template = this.compile(db)));
    return template;
  }

  private compile(db: Db): Template<P> {
    const made = new Set<Placeholder<P>>();
    const $ = ((key: keyof P | ((params: P) => unknown)) => {
      const placeholder = new Placeholder<P>(typeof key === 'function' ? key : (params) => params[key]);
      made.add(placeholder);
      return placeholder;
    }) as Placeholders<P>;
    const built = this.build(db, $);
    const compiled = isRaw(built) ? built.compile(db) : built.compile();
    const picks: Array<readonly [number, (params: P) => unknown]> = [];
    compiled.parameters.forEach((slot, i) => {
      if (!(slot instanceof Placeholder)) return;
      made.delete(slot);
      picks.push([i, slot.pick]);
    });
    // A placeholder Kysely did not bind (written into the text, or dropped) would run as garbage.
    if (made.size > 0) throw new Error(`Una sentencia precompilada no usa ${made.size} de sus valores como parámetros: ${compiled.sql}`);
    return { sql: compiled.sql, query: compiled.query, slots: compiled.parameters, picks };
  }
}

function isRaw<O>(built: Built<O>): built is RawBuilder<O> {
  return (built as Partial<RawBuilder<O>>).isRawBuilder === true;
}

/** A statement compiled once per dialect; `build` runs once per dialect, with placeholders for the values. */
export function precompile<P, O>(build: (db: Db, $: Placeholders<P>) => Built<O>): Precompiled<P, O> {
  return new Precompiled(build);
}

/**
 * A row of placeholders, one per column: each stands for that column of the parameters, or of the
 * row `at` picks from them.
 */
export function placeholderRow<P, K extends keyof P>($: Placeholders<P>, columns: readonly K[]): Pick<P, K>;
export function placeholderRow<P, R, K extends keyof R>($: Placeholders<P>, columns: readonly K[], at: (params: P) => R): Pick<R, K>;
export function placeholderRow<P, K extends PropertyKey>($: Placeholders<P>, columns: readonly K[], at = (params: P) => params as Record<K, unknown>): Record<K, unknown> {
  return Object.fromEntries(columns.map((column) => [column, $((params) => at(params)[column])])) as Record<K, unknown>;
}

/**
 * A statement whose text depends on a shape (a number of rows, which optional parts it has):
 * precompiled per shape, for up to `maxShapes` shapes; any other shape is compiled on each call.
 */
export function precompiledShapes<K, P, O>(make: (shape: K) => Precompiled<P, O>, maxShapes = 64): (shape: K) => Precompiled<P, O> {
  const shapes = new Map<K, Precompiled<P, O>>();
  return (shape) => {
    let statement = shapes.get(shape);
    if (!statement) {
      statement = make(shape);
      if (shapes.size < maxShapes) shapes.set(shape, statement);
    }
    return statement;
  };
}
