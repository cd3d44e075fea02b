// The bot's own regular expressions (server/src/engine/patterns.ts): linear time on any input, the
// meaning they have in JavaScript, a Spanish reason for what the linear engine cannot run, and the
// budget one message may spend on them.
import { describe, expect, it } from 'vitest';
import { EntityExtractor } from '../../../server/src/engine/entities';
import { evaluate } from '../../../server/src/engine/operators';
import { DEFAULT_PATTERN_BUDGET, literalPattern, PatternBudget, patternRefusal, userPattern } from '../../../server/src/engine/patterns';
import type { EntidadDef } from '../../../common/schemas/bots';

const now = new Date('2026-03-10T15:00:00Z');

function regexEntity(id: string, format: string): EntidadDef {
  return { id, nm: id, dsc: null, rgx: true, format, keywords: [], type: null, paths: [] };
}

/** The bot entities' values in `text`, as [name, value]. */
function found(entities: EntidadDef[], text: string, budget?: PatternBudget): Array<[string, string]> {
  return new EntityExtractor(entities)
    .extract(text, { now, budget })
    .filter((e) => e.type === 0)
    .map((e) => [e.nm, e.value]);
}

/** Milliseconds `run` takes. */
function elapsed(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

/** Generous: a backtracking engine takes hours on these, the linear one a few milliseconds. */
const BOUND_MS = 200;

describe('expresiones que hacen retroceder sin fin a un motor con retroceso', () => {
  const cases: Array<[string, string]> = [
    ['^(a+)+$', 'a'.repeat(4999) + '!'],
    ['(a|a)*$', 'a'.repeat(4999) + '!'],
    ['(x+x+)+y', 'x'.repeat(5000)],
    // The anchored expression is also tried on each run of up to eight words.
    ['^(a+)+$', `${'a'.repeat(28)}! `.repeat(170)],
  ];

  it.each(cases)('como entidad, %s sobre el texto %#: termina en menos de 200 ms', (format, text) => {
    expect(elapsed(() => found([regexEntity('mala', format)], text))).toBeLessThan(BOUND_MS);
  });

  it.each(cases)('en condiciones MATCHES y MATCHES_NOT, %s sobre el texto %#: termina en menos de 200 ms', (format, text) => {
    expect(elapsed(() => [evaluate('MATCHES', text, format), evaluate('MATCHES_NOT', text, format)])).toBeLessThan(BOUND_MS);
  });
});

describe('lo que una expresión significa en JavaScript se mantiene', () => {
  const first = (format: string, text: string) => found([regexEntity('e', format)], text).map(([, value]) => value);

  it('\\s es todo espacio Unicode y . no cruza ningún salto de línea', () => {
    expect(first('hola\\s(\\S+)', 'hola\u00a0Ana')).toEqual(['Ana']);
    expect(first('a.+', 'ab\rcd')).toEqual(['ab']);
    expect(first('a.+', 'ab\u2028cd')).toEqual(['ab']);
    expect(first('[\\s]+x', 'y\u3000x')).toEqual(['\u3000x']);
  });

  it('clases Unicode con nombre largo o corto, tildes y letras fuera del plano básico, con posiciones en UTF-16', () => {
    expect(first('soy (\\p{Letter}+)', 'soy Íñigo')).toEqual(['Íñigo']);
    expect(first('^\\p{Lu}\\p{Ll}+$', 'Ñandú')).toEqual(['Ñandú']);
    expect(first('\\p{Script=Greek}+', 'alfa es α y beta β')).toEqual(['α', 'β']);
    const [value] = new EntityExtractor([regexEntity('e', 'código (\\d+)')]).extract('😀😀 código 42', { now }).filter((e) => e.type === 0);
    expect(value).toMatchObject({ value: '42', start: 12, end: 14, text: '42' });
  });

  it('\\d y \\w son ASCII, como en JavaScript; los grupos con nombre cuentan como grupos', () => {
    expect(first('^\\d+$', '١٢٣')).toEqual([]);
    expect(first('(?<pedido>Q-\\d{5})', 'el Q-12345 por favor')).toEqual(['Q-12345']);
  });

  it('una búsqueda hacia atrás sin grupos se admite', () => {
    expect(first('(?<=S/\\s?)\\d+', 'cuesta S/ 50 y no 70')).toEqual(['50']);
    expect(patternRefusal('(?<!\\d)\\d{8}')).toBeUndefined();
  });
});

describe('lo que el motor lineal no puede ejecutar se rechaza con el motivo', () => {
  it.each([
    ['(a)\\1', 'las referencias hacia atrás (\\1) no se pueden usar', 'aa'],
    ['(?<x>a)\\k<x>', 'las referencias hacia atrás (\\k<x>) no se pueden usar', 'aa'],
    ['\\d+(?=€)', 'las búsquedas hacia adelante (?=…) no se pueden usar', '5€'],
    ['(?!no)\\w+', 'las búsquedas hacia adelante (?!…) no se pueden usar', 'si'],
    ['(?<=(a))b', 'los grupos de captura dentro de una búsqueda hacia atrás ((?<=…) o (?<!…)) no se pueden usar; use (?:…)', 'ab'],
    ['a{2000}', 'las repeticiones de más de 1000 ({2000}) no se pueden usar', 'a'.repeat(2000)],
    ['\\p{Ideographic}', 'la clase Unicode \\p{Ideographic} no se puede usar', '漢字'],
  ])('%s: %s; ya guardada, no encuentra nada', (format, reason, text) => {
    expect(patternRefusal(format)).toBe(reason);
    expect(userPattern(format)).toBeNull();
    expect(found([regexEntity('vieja', format)], text)).toEqual([]);
    expect(evaluate('MATCHES', text, format)).toBe(false);
  });

  it('un texto de memoria escapado es literal, también dentro de una clase', () => {
    const pattern = `^${literalPattern('(a+)+ [x-z] $1')}$`;
    expect(patternRefusal(pattern)).toBeUndefined();
    expect(evaluate('MATCHES', '(a+)+ [x-z] $1', pattern)).toBe(true);
    expect(evaluate('MATCHES', 'aaaa [y] $1', pattern)).toBe(false);
    expect(evaluate('MATCHES', 'y', `^[${literalPattern('x-z')}]$`)).toBe(false);
  });
});

describe('presupuesto de un mensaje', () => {
  const entities = [regexEntity('uno', 'uno (\\d+)'), regexEntity('dos', 'dos (\\d+)'), regexEntity('tres', '^(\\d{3})$')];
  const text = 'uno 1 dos 2 y el 333';

  it('con presupuesto, cada expresión lee el mensaje', () => {
    expect(found(entities, text, new PatternBudget(DEFAULT_PATTERN_BUDGET))).toEqual([['uno', '1'], ['dos', '2'], ['tres', '333']]);
  });

  it('gastado, las expresiones no encuentran nada, y MATCHES y MATCHES_NOT son falsas', () => {
    const budget = new PatternBudget(10);
    expect(found(entities, text, budget)).toEqual([]);
    expect(budget.exhausted).toBe(true);
    expect(evaluate('MATCHES', 'abc', 'a', budget)).toBe(false);
    expect(evaluate('MATCHES_NOT', 'abc', 'x', budget)).toBe(false);
  });

  it('un mensaje largo leído por muchas expresiones costosas se detiene al gastarlo', () => {
    const costly = Array.from({ length: 20 }, (_, i) => regexEntity(`e${i}`, `(?:(.)|(..)){1,900}q${i}`));
    const message = `${'abcdefg '.repeat(60)}${Array.from({ length: 20 }, (_, i) => `q${i}`).join(' ')}`;
    // A search's cost is known before it runs (the text's length times its program's size): the
    // searches that ran spent at most the budget, and once it was spent the rest did not run.
    class Counted extends PatternBudget {
      granted = 0;
      refused = 0;
      override spend(steps: number): boolean {
        const fits = super.spend(steps);
        if (fits) this.granted += steps;
        else this.refused += 1;
        return fits;
      }
    }
    const budget = new Counted(DEFAULT_PATTERN_BUDGET);
    found(costly, message, budget);
    expect(budget.exhausted).toBe(true);
    expect(budget.granted).toBeLessThanOrEqual(DEFAULT_PATTERN_BUDGET);
    expect(budget.refused).toBeGreaterThan(0);
  });
});
