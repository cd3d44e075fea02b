// Tasks that must not overlap on this instance, one queue per key: a conversation's turns, and the
// builds of one bot's model.

declare module 'fastify' {
  interface FastifyInstance {
    /** The queue per key that keeps a conversation's turns (and a model's builds) from overlapping here. */
    turns: TurnQueue;
  }
}

export interface TurnQueueOptions {
  /** How long a task waits for the one before it on its key. */
  waitMs: number;
  /** Told of a task that waited its whole `waitMs`. */
  log?: (key: string, waitedMs: number) => void;
}

export class TurnQueue {
  /** Tasks running per key, each after the one before. */
  private readonly tails = new Map<string, Promise<unknown>>();

  constructor(private readonly options: TurnQueueOptions = { waitMs: 60_000 }) {}

  /**
   * Runs `task` alone for its key: messages of one conversation (or builds of one model) never
   * overlap on this instance. A task that throws hands the key on at once; one that never ends holds
   * it at most `waitMs`, after which the next task runs anyway (and it is logged): a turn's store
   * refuses a conversation changed meanwhile, so an overlap is retried, never lost.
   */
  once<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key);
    let timer: NodeJS.Timeout | undefined;
    const before = previous
      ? Promise.race([
          previous,
          new Promise<void>((resolve) => {
            const asked = performance.now();
            timer = setTimeout(() => {
              this.options.log?.(key, performance.now() - asked);
              resolve();
            }, this.options.waitMs);
          }),
        ]).finally(() => clearTimeout(timer))
      : Promise.resolve();
    const run = before.then(task, task);
    const tail = run.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return run;
  }

  /** Settles once no task runs or waits, on any key (a shutdown waits for the turns in flight). */
  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.all([...this.tails.values()]);
  }
}
