// Calls grouped into one statement (server/src/db/grouped.ts): alone when idle, together while a group runs.
import { describe, expect, it } from 'vitest';
import { Grouped } from '../../server/src/db/grouped';

/** A runner whose groups finish when the test says, recording each group it was given. */
function controlled() {
  const groups: number[][] = [];
  const finish: Array<(error?: Error) => void> = [];
  const run = (inputs: number[]) => {
    groups.push(inputs);
    return new Promise<number[]>((resolve, reject) => finish.push((error) => (error ? reject(error) : resolve(inputs.map((n) => n * 10)))));
  };
  return { groups, finish, run };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('Grouped', () => {
  it('una llamada con nada en curso sale sola y en el acto', async () => {
    const { groups, finish, run } = controlled();
    const grouped = new Grouped(run);
    const answer = grouped.call(1);
    expect(groups).toEqual([[1]]);
    finish[0]();
    expect(await answer).toBe(10);
  });

  it('las llamadas que llegan mientras un grupo corre salen juntas en el siguiente, cada una con su respuesta', async () => {
    const { groups, finish, run } = controlled();
    const grouped = new Grouped(run);
    const answers = [1, 2, 3, 4].map((n) => grouped.call(n));
    expect(groups).toEqual([[1]]);
    finish[0]();
    await tick();
    expect(groups).toEqual([[1], [2, 3, 4]]);
    finish[1]();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40]);
  });

  it('un grupo que falla rechaza solo sus llamadas; las siguientes salen igual', async () => {
    const { groups, finish, run } = controlled();
    const grouped = new Grouped(run);
    const first = grouped.call(1);
    const second = grouped.call(2);
    finish[0](new Error('sin conexión'));
    await expect(first).rejects.toThrow('sin conexión');
    await tick();
    expect(groups).toEqual([[1], [2]]);
    finish[1]();
    expect(await second).toBe(20);
  });

  it('un grupo no pasa de maxGroup llamadas', async () => {
    const { groups, finish, run } = controlled();
    const grouped = new Grouped(run, 2);
    const answers = [1, 2, 3, 4, 5, 6].map((n) => grouped.call(n));
    for (let i = 0; i < 4; i++) {
      finish[i]?.();
      await tick();
    }
    expect(groups).toEqual([[1], [2, 3], [4, 5], [6]]);
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50, 60]);
  });

  it('un ejecutor que lanza en el acto, o que responde de menos, rechaza su grupo', async () => {
    const throwing = new Grouped<number, number>(() => {
      throw new Error('roto');
    });
    await expect(throwing.call(1)).rejects.toThrow('roto');
    const short = new Grouped<number, number>(async () => []);
    await expect(short.call(1)).rejects.toThrow('un grupo de 1 llamadas recibió 0 respuestas');
  });
});
