// The distinct clients of a bot per company day and channel, as a HyperLogLog sketch (db/hll.ts),
// so the dashboard counts the people who wrote in a range, not the client-days: a range's clients
// are the merge of its days' sketches. A client's first turn of a day adds it to its channel's
// sketch; the sketches of the conversations recorded before are made from chat_cliente_dia (a
// count of the conversation's, db/migrationFills.ts).
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';
import type { CounterFills } from '../migrationFills';

export function clientesDistintos(fills: CounterFills): Migration {
  return { up: (db) => up(db, fills), down };
}

async function up(db: Kysely<unknown>, fills: CounterFills): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('uso_clientes')
    .addColumn('idBot', 'varchar(64)', (c) => c.notNull().references('bot.id').onDelete('cascade'))
    .addColumn('dia', 'varchar(10)', (c) => c.notNull())
    .addColumn('idChannel', 'varchar(64)', (c) => c.notNull())
    .addColumn('idE', 'varchar(64)', (c) => c.notNull())
    .addColumn('red', 'integer', (c) => c.notNull())
    // 16,384 registers of one byte.
    .addColumn('hll', postgres ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('uso_clientes_pk', ['idBot', 'dia', 'idChannel'])
    .execute();
  if (postgres) {
    // The registers `regs` raised to at least `ranks` (a null sketch is an empty one): the turns
    // written together in one statement may add several clients to one sketch.
    await sql`
      create or replace function hll_max(sketch bytea, regs int[], ranks int[]) returns bytea language plpgsql immutable as $$
      declare
        s bytea := coalesce(sketch, decode(repeat('00', 16384), 'hex'));
      begin
        for i in 1 .. coalesce(array_length(regs, 1), 0) loop
          if get_byte(s, regs[i]) < ranks[i] then
            s := set_byte(s, regs[i], ranks[i]);
          end if;
        end loop;
        return s;
      end $$`.execute(db);
  }
  await fills.clientSketches(db);
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('uso_clientes').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`drop function if exists hll_max(bytea, int[], int[])`.execute(db);
}
