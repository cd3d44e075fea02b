// Which skill answers (server/src/engine/nlu/matcher.ts): thresholds, the fallback, included and
// excluded keywords, and token mode with obligatory tokens, synonyms, requirements and order.
import { beforeAll, describe, expect, it } from 'vitest';
import { IntentModel, train } from '../../../server/src/engine/nlu/classifier';
import { Matcher, matchSkills, type MatchSkill } from '../../../server/src/engine/nlu/matcher';
import type { TokenInput } from '../../../common/schemas/skillRules';
import { FRASES, INEDITAS, SIN_SENTIDO, SKILLS, phrasesOf, skill } from './nluBot';

let model: IntentModel;
beforeAll(() => {
  model = train(phrasesOf(FRASES));
});

/** The bot's skills with `id` changed by `overrides`. */
const withSkill = (id: string, overrides: Partial<MatchSkill>) => SKILLS.map((s) => (s.id === id ? { ...s, ...overrides } : s));
const token = (nm: string, fields: Partial<TokenInput> = {}): TokenInput => ({ nm, sinonimos: [], obl: true, req: false, order: 0, unique: false, ...fields });

describe('skill que responde', () => {
  it('responde el skill de la paráfrasis, con su puntaje y los siguientes candidatos', () => {
    const matcher = new Matcher(SKILLS, model);
    for (const [text, skillId] of INEDITAS) {
      const r = matcher.match(text);
      expect({ text, skillId: r.skillId, recognised: r.recognised, fallback: r.fallback }).toEqual({ text, skillId, recognised: true, fallback: false });
      expect(r.candidates[0]).toMatchObject({ skillId, passed: true, reason: 'clasificador', score: r.score });
      expect(r.candidates[1].score).toBeLessThan(r.score);
    }
  });

  it('sin ningún skill sobre su umbral responde el skill de respaldo y la frase queda como no reconocida', () => {
    const matcher = new Matcher(SKILLS, model);
    for (const text of SIN_SENTIDO) {
      const r = matcher.match(text);
      expect({ text, skillId: r.skillId, recognised: r.recognised, fallback: r.fallback, score: r.score }).toEqual({ text, skillId: 'noEntiendo', recognised: false, fallback: true, score: 0 });
      expect(r.candidates.every((c) => !c.passed && c.reason === 'umbral')).toBe(true);
    }
  });

  it('sin skill de respaldo no responde nadie', () => {
    const r = new Matcher(SKILLS.filter((s) => s.tipo !== 1), model).match(SIN_SENTIDO[0]);
    expect(r).toMatchObject({ skillId: null, recognised: false, fallback: false });
  });

  it('un umbral por encima del puntaje lo deja sin responder; uno por debajo, responde', () => {
    const text = '¿cuál es su horario los sábados?';
    const { score } = new Matcher(SKILLS, model).match(text);
    expect(score).toBeGreaterThan(0.5);
    expect(score).toBeLessThan(1);
    expect(new Matcher(withSkill('horario', { threshold: Math.min(1, score + 0.001) }), model).match(text)).toMatchObject({ skillId: 'noEntiendo', recognised: false });
    expect(new Matcher(withSkill('horario', { threshold: score - 0.001 }), model).match(text)).toMatchObject({ skillId: 'horario', recognised: true });
  });

  it('un umbral bajo deja responder una frase dudosa que el umbral 0,5 manda al respaldo', () => {
    const text = 'fotosíntesis cuántica del ornitorrinco';
    const doubtful = new Matcher(SKILLS, model).match(text);
    expect(doubtful.recognised).toBe(false);
    const best = doubtful.candidates[0];
    const low = new Matcher(withSkill(best.skillId, { threshold: best.score / 2 }), model).match(text);
    expect(low).toMatchObject({ skillId: best.skillId, recognised: true, score: best.score });
  });

  it('limita los candidatos y agrega el skill por el que se pregunta', () => {
    const matcher = new Matcher(SKILLS, model);
    const r = matcher.match('hola', { limit: 2 });
    expect(r.candidates.map((c) => c.skillId)).toEqual(['saludo', expect.any(String)]);
    const asked = matcher.match('hola', { limit: 1, skillId: 'noEntiendo' });
    expect(asked.candidates.map((c) => c.skillId)).toEqual(['saludo', 'noEntiendo']);
  });

  it('lee umbral, palabras clave y tokens de la definición desplegada, con el umbral 0,5 si falta', () => {
    const [s] = matchSkills([{ id: 'a', nm: 'A', dsc: null, tipo: 0, frases: ['hola'], fc: '2026-01-01', cfg: { keywordIncluye: ['x', 3], modToken: true, tokens: [token('pagar')] } }]);
    expect(s).toEqual({ id: 'a', nm: 'A', tipo: 0, threshold: 0.5, keywordIncluye: ['x'], keywordExcluye: [], modToken: true, tokenOrd: false, tokens: [token('pagar')] });
  });
});

describe('palabras clave', () => {
  it('una palabra clave incluida lleva la frase a su skill, aunque el clasificador prefiera otro', () => {
    const text = 'hola, buenos días, ¿qué tarifa tienen?';
    expect(new Matcher(SKILLS, model).match(text).skillId).not.toBe('precios');
    const r = new Matcher(withSkill('precios', { keywordIncluye: ['tarifa'] }), model).match(text);
    expect(r).toMatchObject({ skillId: 'precios', recognised: true });
    expect(r.candidates[0]).toMatchObject({ skillId: 'precios', reason: 'palabraClave', keyword: 'tarifa' });
    expect(r.score).toBeGreaterThanOrEqual(0.9);
  });

  it('encuentra la palabra clave en plural, sin tildes y en mayúsculas, y también las de varias palabras', () => {
    const matcher = new Matcher(withSkill('precios', { keywordIncluye: ['tarifa', 'lista de precios'] }), model);
    expect(matcher.match('BUENAS, LAS TARIFAS?').skillId).toBe('precios');
    expect(matcher.match('hola, ¿me mandan la LISTA DE PRECIOS?').candidates[0]).toMatchObject({ skillId: 'precios', keyword: 'lista de precios' });
    expect(matcher.match('hola, ¿me mandan la lista?').skillId).toBe('saludo');
  });

  it('una palabra clave excluida impide que la frase vaya a su skill, aun siendo una frase de entrenamiento', () => {
    const matcher = new Matcher(withSkill('horario', { keywordExcluye: ['feriado'] }), model);
    const r = matcher.match('¿Están abiertos los feriados?');
    expect(r.skillId).not.toBe('horario');
    expect(r.candidates.find((c) => c.skillId === 'horario')).toMatchObject({ passed: false, score: 0, reason: 'excluida', keyword: 'feriado' });
    expect(matcher.match('¿a qué hora abren el lunes?').skillId).toBe('horario');
  });

  it('la palabra excluida gana a la incluida en el mismo skill', () => {
    const matcher = new Matcher(withSkill('precios', { keywordIncluye: ['precio'], keywordExcluye: ['gratis'] }), model);
    expect(matcher.match('¿precio? ¿es gratis?').candidates.find((c) => c.skillId === 'precios')).toMatchObject({ passed: false, reason: 'excluida' });
  });
});

describe('modo token', () => {
  const pagos = (tokens: TokenInput[], tokenOrd = false) => [...SKILLS, skill('pagos', { modToken: true, tokenOrd, tokens })];

  it('con los tokens obligatorios (o sus sinónimos) responde el skill y muestra qué palabras coincidieron', () => {
    const tokens = [token('pagar', { sinonimos: ['abonar', 'cancelar'], order: 0 }), token('monto', { req: true, obl: false, order: 1 }), token('soles', { obl: false, order: 2 })];
    const r = new Matcher(pagos(tokens, true), model).match('Hola, quiero ABONAR 150 soles');
    expect(r).toMatchObject({ skillId: 'pagos', recognised: true });
    expect(r.candidates[0]).toMatchObject({ skillId: 'pagos', reason: 'tokens', passed: true });
    expect(r.candidates[0].tokens).toEqual([
      { nm: 'pagar', order: 0, obl: true, req: false, text: 'abonar', position: 2 },
      { nm: 'monto', order: 1, obl: false, req: true, text: '150', position: 3 },
      { nm: 'soles', order: 2, obl: false, req: false, text: 'soles', position: 4 },
    ]);
  });

  it('sin un token obligatorio el skill no responde, y muestra cuál faltó', () => {
    const tokens = [token('pagar', { sinonimos: ['abonar'] }), token('factura', { order: 1 })];
    const r = new Matcher(pagos(tokens), model).match('quiero pagar, hola');
    expect(r.skillId).not.toBe('pagos');
    expect(r.candidates.find((c) => c.skillId === 'pagos')).toMatchObject({
      passed: false,
      reason: 'faltanTokens',
      tokens: [expect.objectContaining({ nm: 'pagar', text: 'pagar' }), expect.objectContaining({ nm: 'factura', text: null, position: null })],
    });
  });

  it('con orden, los tokens deben aparecer en su orden; sin orden, en cualquiera', () => {
    const tokens = [token('factura', { order: 1 }), token('pagar', { order: 0 })];
    const text = 'la factura, ¿cómo la pago?';
    expect(new Matcher(pagos(tokens, false), model).match(text).skillId).toBe('pagos');
    const ordered = new Matcher(pagos(tokens, true), model).match(text);
    expect(ordered.skillId).not.toBe('pagos');
    expect(ordered.candidates.find((c) => c.skillId === 'pagos')?.reason).toBe('faltanTokens');
    expect(new Matcher(pagos(tokens, true), model).match('quiero pagar mi factura').skillId).toBe('pagos');
  });

  it('un sinónimo de varias palabras cuenta como el token', () => {
    const tokens = [token('cancelar', { sinonimos: ['dar de baja'] })];
    const r = new Matcher(pagos(tokens), model).match('quiero dar de baja el servicio');
    expect(r.skillId).toBe('pagos');
    expect(r.candidates[0].tokens?.[0]).toMatchObject({ text: 'dar de baja', position: 1 });
  });

  it('sin tokens obligatorios hace falta encontrar al menos uno', () => {
    const tokens = [token('pagar', { obl: false }), token('deuda', { obl: false, order: 1 })];
    const matcher = new Matcher(pagos(tokens), model);
    expect(matcher.match('tengo una deuda').skillId).toBe('pagos');
    expect(matcher.match('asdf qwerty zxcv').skillId).toBe('noEntiendo');
  });
});
