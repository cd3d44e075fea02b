// SQLite's one connection, handed to the queries waiting for it first come, first served. Kysely's
// own driver wakes every waiter on each release (they all await one promise) and lets a newcomer
// take the connection ahead of them: under load that is work per query that grows with the queue,
// and a few requests that wait for seconds while the rest pass.
import { CompiledQuery, SqliteDialect, type DatabaseConnection, type Driver, type QueryCompiler, type TransactionSettings } from 'kysely';

export class QueuedDriver implements Driver {
  private busy = false;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // Released to the next waiter without ever becoming free, so nobody passes the queue.
    if (this.busy) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.busy = true;
    try {
      return await this.inner.acquireConnection();
    } catch (error) {
      this.handOn();
      throw error;
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // Whatever the inner release does, the turn passes on: a stuck turn would stop every query.
    try {
      await this.inner.releaseConnection(connection);
    } finally {
      this.handOn();
    }
  }

  /** The connection goes to the first waiter, or becomes free. */
  private handOn(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.busy = false;
  }

  /**
   * A transaction takes the write lock when it begins, waiting for it as long as busy_timeout says.
   * Begun deferred, one that read first and then wrote while the WAL's checkpointer held the lock
   * would fail at once with "database is locked": SQLite refuses to wait there, to avoid a deadlock.
   */
  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  async savepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.savepoint!(connection, name, compileQuery);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.rollbackToSavepoint!(connection, name, compileQuery);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.releaseSavepoint!(connection, name, compileQuery);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** Kysely's SQLite dialect with the connection queued (QueuedDriver). */
export class QueuedSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    return new QueuedDriver(super.createDriver());
  }
}
