// Calls that go to the database together: a call made while the previous group is still running
// waits for it and goes in the next group, as one statement. An idle server runs each call at once,
// alone; under load, the calls of a whole round trip share one, so the database's round trips (and
// its commits) no longer grow with the requests. Each call gets its own answer, or its group's error.

/** Runs a group of inputs as one statement; answers one output per input, in order. */
export type GroupRunner<I, O> = (inputs: I[]) => Promise<O[]>;

interface Waiting<I, O> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

export class Grouped<I, O> {
  private waiting: Waiting<I, O>[] = [];
  private running = false;

  constructor(
    private readonly run: GroupRunner<I, O>,
    /** The most inputs one statement takes; the rest wait for the next. */
    private readonly maxGroup = 500,
  ) {}

  call(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      if (!this.running) this.next();
    });
  }

  private next(): void {
    const group = this.waiting.splice(0, this.maxGroup);
    if (group.length === 0) return;
    this.running = true;
    let answered: Promise<O[]>;
    try {
      answered = this.run(group.map((w) => w.input));
    } catch (error) {
      answered = Promise.reject(error);
    }
    answered
      .then(
        (outputs) => {
          if (outputs.length !== group.length) throw new Error(`un grupo de ${group.length} llamadas recibió ${outputs.length} respuestas`);
          group.forEach((w, i) => w.resolve(outputs[i]));
        },
      )
      .catch((error: unknown) => group.forEach((w) => w.reject(error)))
      .finally(() => {
        this.running = false;
        this.next();
      });
  }
}

/**
 * One Grouped per database (each app opens its own), made on first use: `run` writes a group to
 * the database it belongs to.
 */
export function groupedPerDatabase<D extends object, I, O>(run: (db: D, inputs: I[]) => Promise<O[]>, maxGroup?: number): (db: D) => Grouped<I, O> {
  const groups = new WeakMap<D, Grouped<I, O>>();
  return (db) => {
    let group = groups.get(db);
    if (!group) groups.set(db, (group = new Grouped((inputs) => run(db, inputs), maxGroup)));
    return group;
  };
}
