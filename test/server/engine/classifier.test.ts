// The intent classifier (server/src/engine/nlu/classifier.ts): a small Spanish bot understands
// phrases it never saw, scores nonsense low, and its model survives storage unchanged.
import { beforeAll, describe, expect, it } from 'vitest';
import { IntentModel, train, trainingPhrases, type SerializedModel } from '../../../server/src/engine/nlu/classifier';
import { DEFAULT_FEATURES, type FeatureOptions } from '../../../server/src/engine/nlu/features';
import { MAX_TEXT } from '../../../server/src/engine/nlu/model';
import { FRASES, INEDITAS, SIN_SENTIDO, phrasesOf } from './nluBot';

let model: IntentModel;
beforeAll(() => {
  model = train(phrasesOf(FRASES));
});

describe('clasificador de intenciones', () => {
  it('lleva cada paráfrasis nueva, latinoamericana o peninsular, a su skill', () => {
    for (const [text, skill] of INEDITAS) {
      const [best] = model.classify(text);
      expect({ text, skill: best.skillId }).toEqual({ text, skill });
      expect(best.score, text).toBeGreaterThanOrEqual(0.5);
    }
  });

  it('da puntajes bajos a frases sin sentido para el bot', () => {
    for (const text of SIN_SENTIDO) expect(model.classify(text)[0].score, text).toBeLessThan(0.5);
  });

  it('devuelve todos los skills, de mayor a menor puntaje, con puntajes entre 0 y 1', () => {
    const candidates = model.classify('¿a qué hora cierran el sábado?');
    expect(candidates.map((c) => c.skillId).sort()).toEqual(Object.keys(FRASES).sort());
    for (let i = 1; i < candidates.length; i++) expect(candidates[i - 1].score).toBeGreaterThanOrEqual(candidates[i].score);
    for (const c of candidates) {
      expect(c.score).toBeGreaterThanOrEqual(0);
      expect(c.score).toBeLessThanOrEqual(1);
    }
    expect(candidates[1].score).toBeLessThan(0.1);
  });

  it('reconoce una frase de entrenamiento escrita de nuevo, sin importar mayúsculas, tildes ni signos', () => {
    const [best] = model.classify('HASTA LA PROXIMA!!');
    expect(best).toEqual({ skillId: 'despedida', score: 1, exact: true });
  });

  it('no da por exacta una frase que dos skills comparten', () => {
    const shared = train([
      ...phrasesOf(FRASES),
      { text: 'información', skillId: 'horario' },
      { text: 'información', skillId: 'precios' },
    ]);
    expect(shared.classify('informacion').some((c) => c.exact)).toBe(false);
  });

  it('guardado y leído de nuevo da exactamente los mismos puntajes', () => {
    const stored = JSON.parse(JSON.stringify(model)) as SerializedModel;
    const restored = IntentModel.fromJSON(stored);
    for (const text of [...INEDITAS.map(([t]) => t), ...SIN_SENTIDO]) expect(restored.classify(text)).toEqual(model.classify(text));
    expect(JSON.stringify(restored)).toBe(JSON.stringify(model));
  });

  it('lee como entonces un modelo guardado antes de las palabras cortadas y de naive Bayes', () => {
    const before = train(phrasesOf(FRASES), { features: { ...DEFAULT_FEATURES, prefix: 0 }, naiveBayes: { alpha: 0.01, weight: 0 } });
    const stored = JSON.parse(JSON.stringify(before)) as Omit<SerializedModel, 'features'> & { features: Partial<FeatureOptions> };
    expect(stored.mass).toBeUndefined();
    delete stored.features.prefix;
    const restored = IntentModel.fromJSON(stored as SerializedModel);
    for (const text of [...INEDITAS.map(([t]) => t), ...SIN_SENTIDO]) expect(restored.classify(text)).toEqual(before.classify(text));
  });

  it('rechaza un modelo guardado de otro formato', () => {
    expect(() => IntentModel.fromJSON({ format: 'otro', v: 1 } as unknown as SerializedModel)).toThrow('El modelo guardado no es de esta versión de Quipu');
  });

  it('entrenado dos veces con lo mismo da el mismo modelo, byte a byte', () => {
    expect(JSON.stringify(train(phrasesOf(FRASES)))).toBe(JSON.stringify(model));
  });

  it('otra semilla da otro modelo que entiende lo mismo', () => {
    const other = train(phrasesOf(FRASES), { seed: 2 });
    expect(JSON.stringify(other)).not.toBe(JSON.stringify(model));
    for (const [text, skill] of INEDITAS) expect(other.classify(text)[0].skillId, text).toBe(skill);
  });

  it('informa el avance del entrenamiento hasta completarlo', () => {
    const steps: number[] = [];
    train(phrasesOf(FRASES), { onProgress: (done) => steps.push(done) });
    expect(steps.length).toBeGreaterThan(1);
    expect(steps.at(-1)).toBe(1);
    for (let i = 1; i < steps.length; i++) expect(steps[i]).toBeGreaterThan(steps[i - 1]);
  });

  it('ignora frases vacías y sin letras, y un bot sin frases no clasifica nada', () => {
    const empty = train([{ text: ' ¿? ', skillId: 'saludo' }]);
    expect(empty.skills).toEqual([]);
    expect(empty.classify('hola')).toEqual([]);
    expect(IntentModel.fromJSON(JSON.parse(JSON.stringify(empty))).classify('hola')).toEqual([]);
  });

  it('con un solo skill, sus frases puntúan alto y las frases sin sentido bajo', () => {
    const single = train(FRASES.saludo.map((text) => ({ text, skillId: 'saludo' })));
    expect(single.classify('hola, buenas tardes')[0]).toMatchObject({ skillId: 'saludo' });
    expect(single.classify('hola, buenas tardes')[0].score).toBeGreaterThan(0.5);
    for (const text of SIN_SENTIDO) expect(single.classify(text)[0].score, text).toBeLessThan(0.5);
  });

  it('entrena con las frases de los skills de una definición, sin las vacías', () => {
    expect(trainingPhrases([{ id: 'a', frases: ['hola', '  ', 'buenas'] }, { id: 'b', frases: [] }])).toEqual([
      { text: 'hola', skillId: 'a' },
      { text: 'buenas', skillId: 'a' },
    ]);
  });

  it('de un mensaje muy largo lee solo el comienzo', () => {
    const start = '¿a qué hora abren? '.repeat(Math.ceil(MAX_TEXT / 19)).slice(0, MAX_TEXT);
    expect(model.classify(start + 'precio '.repeat(20_000))).toEqual(model.classify(start));
  });
});
