// The bot definition's pure parts on hand-built definitions: the deploy checks (validateDefinition),
// the comparison of two versions (diffDefinitions), new ids for a copy and unlinking other bots.
import { describe, expect, it } from 'vitest';
import type { BotDefinition } from '../../common/schemas/bots';
import { unlinkOtherBots, validateDefinition, withNewIds, type ValidateContext } from '../../server/src/services/bots/definition';
import { describeChanges, diffDefinitions } from '../../server/src/services/bots/diff';

function definition(): BotDefinition {
  return {
    bot: {
      id: 'bot-1', nm: 'Ventas', dsc: 'Bot de ventas', imp: false, shared: false, idClone: null, tsession: 30, timeout: null,
      main: true, destroy: false, qna: false, qnaExtrn: false, qnaUrl: null, qnaCron: null, ttoken: null, baseUrl: null, baseUrlRemoto: null,
      params: { maxAttempt: 3, msgAttempt: 'Intentos excedidos', invalidOption: 'Opción no válida', skillMenu: 'sk-saludo' },
      diagram: {
        nodes: [{ id: 'sk-saludo', x: 0, y: 0 }, { id: 'sk-precio', x: 200, y: 0 }, { id: 'sk-fallback', x: 400, y: 0 }],
        edges: [{ id: 'e-sk-saludo-sk-precio', source: 'sk-saludo', target: 'sk-precio' }],
      },
      extras: [{ key: 'region', val: 'norte' }],
      extrasEnc: [{ key: 'apiKey', enc: 'v1.kid.iv.tag.data' }],
    },
    skills: [
      { id: 'sk-saludo', nm: 'Saludo', dsc: null, tipo: 0, frases: ['hola', 'buenos días'], cfg: { threshold: 0.5, kbResultsMenu: 'sk-precio' }, fc: '2026-01-01T00:00:00.000Z' },
      { id: 'sk-precio', nm: 'Precio', dsc: 'Consulta de precios', tipo: 0, frases: ['cuánto cuesta'], cfg: {}, fc: '2026-01-01T00:00:00.000Z' },
      { id: 'sk-fallback', nm: 'No entendí', dsc: null, tipo: 1, frases: [], cfg: {}, fc: '2026-01-01T00:00:00.000Z' },
    ],
    acciones: [
      { id: 'ac-1', idSkill: 'sk-saludo', type: 'TEXT', ord: 0, cfg: { text: ['¡Hola!'], red: [8] } },
      { id: 'ac-2', idSkill: 'sk-saludo', type: 'GO_SKILL', ord: 1, cfg: { sk: 'sk-precio', fields: [] } },
      { id: 'ac-3', idSkill: 'sk-precio', type: 'GO_BOT', ord: 0, cfg: { b: 'bot-soporte', sk: 'inicio' } },
      { id: 'ac-4', idSkill: 'sk-precio', type: 'GO_HUMAN', ord: 1, cfg: { b: 'bot-1' } },
    ],
    requerimientos: [{ id: 'rq-1', idSkill: 'sk-precio', op: 'AND', tp: 0, fields: [{ id: 'en-producto', type: 0, op: 'IS_PRESENT' }], replyMissing: ['¿Qué producto?'] }],
    entidades: [
      { id: 'en-producto', nm: 'producto', dsc: null, rgx: false, format: null, keywords: ['camisa', 'pantalón'], type: null, paths: [] },
      { id: 'en-codigo', nm: 'código', dsc: null, rgx: true, format: '^[A-Z]{3}-\\d+$', keywords: [], type: null, paths: [] },
    ],
  };
}

const regexError = (format: string) => {
  try {
    new RegExp(format, 'u');
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
};
const context = (bots: string[] = ['bot-soporte']): ValidateContext => ({ botExists: (id) => bots.includes(id), regexError });

describe('validateDefinition (lo que un despliegue revisa)', () => {
  it('una definición completa no tiene problemas', async () => {
    expect(await validateDefinition(definition(), context())).toEqual([]);
  });

  it('nombra cada skill de negocio sin frases de entrenamiento (un fallback no las necesita)', async () => {
    const d = definition();
    d.skills[1].frases = ['  '];
    d.skills.push({ id: 'sk-otro', nm: 'Otro', dsc: null, tipo: 0, frases: [], cfg: {}, fc: '' });
    expect(await validateDefinition(d, context())).toEqual(['El skill «Precio» no tiene frases de entrenamiento', 'El skill «Otro» no tiene frases de entrenamiento']);
  });

  it('señala los enlaces del diagrama hacia skills que no existen', async () => {
    const d = definition();
    d.bot.diagram.edges.push({ id: 'e2', source: 'sk-precio', target: 'sk-borrado' });
    expect(await validateDefinition(d, context())).toEqual(['El enlace «Precio» → «sk-borrado» apunta a un skill que no existe (sk-borrado)']);
  });

  it('señala las acciones «Skill» sin destino o hacia un skill que no existe', async () => {
    const d = definition();
    d.acciones[1].cfg.sk = 'sk-x';
    d.acciones.push({ id: 'ac-5', idSkill: 'sk-precio', type: 'GO_SKILL', ord: 2, cfg: { sk: '' } });
    expect(await validateDefinition(d, context())).toEqual([
      'El skill «Saludo» tiene una acción «Skill» hacia un skill que no existe (sk-x)',
      'El skill «Precio» tiene una acción «Skill» sin skill de destino',
    ]);
  });

  it('señala las acciones «Bot» y «Humano» hacia bots que no existen en la empresa, y «Bot» sin destino', async () => {
    const d = definition();
    d.acciones[3].cfg.b = 'bot-ajeno';
    d.acciones.push({ id: 'ac-6', idSkill: 'sk-saludo', type: 'GO_BOT', ord: 3, cfg: { b: null } });
    d.acciones.push({ id: 'ac-7', idSkill: 'sk-saludo', type: 'GO_HUMAN', ord: 4, cfg: {} });
    expect(await validateDefinition(d, context([]))).toEqual([
      'El skill «Precio» tiene una acción «Bot» hacia un bot que no existe (bot-soporte)',
      'El skill «Precio» tiene una acción «Humano» hacia un bot que no existe (bot-ajeno)',
      'El skill «Saludo» tiene una acción «Bot» sin bot de destino',
    ]);
  });

  it('pregunta una sola vez por cada bot, y el propio bot siempre existe', async () => {
    const asked: string[] = [];
    const d = definition();
    d.acciones.push({ id: 'ac-8', idSkill: 'sk-saludo', type: 'GO_BOT', ord: 5, cfg: { b: 'bot-soporte' } });
    await validateDefinition(d, { regexError, botExists: (id) => (asked.push(id), true) });
    expect(asked).toEqual(['bot-soporte']);
  });

  it('dada la clave, señala los extras cifrados que esta instalación no puede leer', async () => {
    const d = definition();
    d.bot.extrasEnc.push({ key: 'token', enc: null });
    const problems = await validateDefinition(d, { ...context(), secretReadable: (enc) => enc.startsWith('v1.nuestra.') });
    expect(problems).toEqual(['El parámetro cifrado «apiKey» se debe ingresar de nuevo', 'El parámetro cifrado «token» se debe ingresar de nuevo']);
    d.bot.extrasEnc = [{ key: 'apiKey', enc: 'v1.nuestra.iv.tag.data' }];
    expect(await validateDefinition(d, { ...context(), secretReadable: (enc) => enc.startsWith('v1.nuestra.') })).toEqual([]);
  });

  it('señala las entidades cuya expresión regular no compila, con el motivo', async () => {
    const d = definition();
    d.entidades[1].format = '([a-z]+';
    d.entidades[0].format = '([a-z]+'; // no es regex: no se revisa
    const problems = await validateDefinition(d, context());
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^La entidad «código» tiene una expresión regular no válida: .*(unterminated group|Unterminated group)/i);
  });
  it('aplica las reglas del editor de skills: acciones, orden de saltos, tokens y requerimientos (un archivo importado puede traerlos)', async () => {
    const d = definition();
    d.acciones.push({ id: 'ac-5', idSkill: 'sk-fallback', type: 'TEXT', ord: 0, cfg: { text: [], red: [8] } });
    // The skill jump moved before the text.
    d.acciones[1].ord = -1;
    d.skills[1].cfg = { modToken: true, tokens: [] };
    d.requerimientos[0].fields = [{ id: 'en-borrada', type: 0, op: 'IS_PRESENT' }];
    expect(await validateDefinition(d, context())).toEqual([
      'El skill «Precio»: Modo Token activo, debe ingresar mínimo uno.',
      'El skill «Saludo»: Una acción de tipo: Skill solo puede ir primero si las demás acciones también son saltos',
      'El skill «No entendí» tiene una acción «Texto» con datos no válidos: Debe ingresar al menos un texto',
      'El skill «Precio» tiene un requerimiento con datos no válidos: Campo 1, entidad: La entidad no existe en este bot',
    ]);
  });
});

describe('diffDefinitions (Comparar versiones)', () => {
  it('dos definiciones iguales no tienen cambios, aunque el orden de las claves difiera', () => {
    const b = definition();
    b.skills[0].cfg = { kbResultsMenu: 'sk-precio', threshold: 0.5 };
    expect(diffDefinitions(definition(), b)).toEqual([]);
  });

  it('lista skills, enlaces, acciones, requerimientos, parámetros, extras y entidades agregados, eliminados y modificados, campo por campo', () => {
    const a = definition();
    const b = definition();
    b.bot.tsession = 45;
    b.bot.params = { ...b.bot.params, msgAttempt: 'Demasiados intentos', sessionExpired: 'Sesión terminada' };
    delete b.bot.params.skillMenu;
    b.bot.extras = [{ key: 'region', val: 'sur' }, { key: 'canal', val: 'web' }];
    b.bot.extrasEnc = [{ key: 'apiKey', enc: 'v1.kid.otro.tag.data' }];
    b.skills[1] = { ...b.skills[1], nm: 'Precios', frases: ['cuánto cuesta', 'precio'] };
    b.skills = b.skills.filter((s) => s.id !== 'sk-fallback');
    b.skills.push({ id: 'sk-despedida', nm: 'Despedida', dsc: null, tipo: 0, frases: ['chao'], cfg: {}, fc: '' });
    b.bot.diagram.edges = [{ id: 'e-new', source: 'sk-precio', target: 'sk-despedida' }];
    b.acciones[0].cfg = { ...b.acciones[0].cfg, text: ['¡Hola!', '¿Qué tal?'] };
    b.acciones = b.acciones.filter((x) => x.id !== 'ac-4');
    b.acciones.push({ id: 'ac-9', idSkill: 'sk-despedida', type: 'TEXT', ord: 0, cfg: { text: ['Adiós'] } });
    b.requerimientos[0].op = 'OR';
    b.entidades[1].format = '^[A-Z]{4}-\\d+$';
    b.entidades.push({ id: 'en-color', nm: 'color', dsc: null, rgx: false, format: null, keywords: ['rojo'], type: null, paths: [] });

    expect(diffDefinitions(a, b)).toEqual([
      { kind: 'parameter', change: 'changed', name: 'params.msgAttempt', fields: [{ field: 'params.msgAttempt', before: 'Intentos excedidos', after: 'Demasiados intentos' }] },
      { kind: 'parameter', change: 'added', name: 'params.sessionExpired', fields: [{ field: 'params.sessionExpired', before: null, after: 'Sesión terminada' }] },
      { kind: 'parameter', change: 'removed', name: 'params.skillMenu', fields: [{ field: 'params.skillMenu', before: 'sk-saludo', after: null }] },
      { kind: 'parameter', change: 'changed', name: 'tsession', fields: [{ field: 'tsession', before: 30, after: 45 }] },
      { kind: 'extra', change: 'changed', name: 'apiKey (cifrado)', fields: [] },
      { kind: 'extra', change: 'added', name: 'canal', fields: [] },
      { kind: 'extra', change: 'changed', name: 'region', fields: [] },
      { kind: 'skill', change: 'added', name: 'Despedida', fields: [] },
      { kind: 'skill', change: 'removed', name: 'No entendí', fields: [] },
      {
        kind: 'skill', change: 'changed', name: 'Precios',
        fields: [{ field: 'frases', before: ['cuánto cuesta'], after: ['cuánto cuesta', 'precio'] }, { field: 'nm', before: 'Precio', after: 'Precios' }],
      },
      { kind: 'link', change: 'added', name: 'Precios → Despedida', fields: [] },
      { kind: 'link', change: 'removed', name: 'Saludo → Precio', fields: [] },
      { kind: 'action', change: 'added', name: 'Despedida › Texto (orden 0)', fields: [] },
      { kind: 'action', change: 'removed', name: 'Precio › Humano (orden 1)', fields: [] },
      { kind: 'action', change: 'changed', name: 'Saludo › Texto (orden 0)', fields: [{ field: 'text', before: ['¡Hola!'], after: ['¡Hola!', '¿Qué tal?'] }] },
      { kind: 'requirement', change: 'changed', name: 'Precios › Requerimiento', fields: [{ field: 'op', before: 'AND', after: 'OR' }] },
      { kind: 'entity', change: 'changed', name: 'código', fields: [{ field: 'format', before: '^[A-Z]{3}-\\d+$', after: '^[A-Z]{4}-\\d+$' }] },
      { kind: 'entity', change: 'added', name: 'color', fields: [] },
    ]);
  });

  it('nunca muestra el valor de un extra ni de un extra cifrado', () => {
    const a = definition();
    const b = definition();
    b.bot.extras[0].val = 'valor-secreto';
    b.bot.extrasEnc[0].enc = 'v1.kid.cifrado-nuevo.tag.data';
    const text = JSON.stringify(diffDefinitions(a, b));
    expect(text).not.toContain('valor-secreto');
    expect(text).not.toContain('norte');
    expect(text).not.toContain('cifrado-nuevo');
  });

  it('para la auditoría resume qué cambió, solo con nombres', () => {
    const b = definition();
    b.bot.tsession = 10;
    b.bot.extras[0].val = 'valor-secreto';
    b.skills[0].frases = ['hola'];
    b.bot.diagram.edges = [];
    expect(describeChanges(diffDefinitions(definition(), b))).toBe('cambió tsession, extras, skills, enlaces');
    expect(describeChanges([])).toBe('sin cambios');
  });

  it('da el mismo resultado en el mismo orden cada vez', () => {
    const b = definition();
    b.skills.reverse();
    b.skills.forEach((s) => (s.dsc = `cambiado ${s.id}`));
    const first = diffDefinitions(definition(), b);
    expect(first.map((c) => c.name)).toEqual(['No entendí', 'Precio', 'Saludo']);
    expect(diffDefinitions(definition(), b)).toEqual(first);
  });
});

describe('withNewIds y unlinkOtherBots (importar como copia)', () => {
  it('da ids nuevos a todo y mueve cada referencia: diagrama, acciones, requerimientos, opciones y parámetros', () => {
    let n = 0;
    const copy = withNewIds(definition(), 'bot-2', () => `nuevo-${++n}`);
    const ids = new Map([...definition().skills, ...definition().acciones, ...definition().requerimientos, ...definition().entidades].map((r, i) => [r.id, `nuevo-${i + 1}`]));
    const id = (old: string) => ids.get(old);
    expect(copy.bot.id).toBe('bot-2');
    expect(copy.skills.map((s) => s.id)).toEqual(['sk-saludo', 'sk-precio', 'sk-fallback'].map(id));
    expect(copy.bot.diagram.nodes.map((x) => x.id)).toEqual(['sk-saludo', 'sk-precio', 'sk-fallback'].map(id));
    expect(copy.bot.diagram.edges).toEqual([{ id: `e-${id('sk-saludo')}-${id('sk-precio')}`, source: id('sk-saludo'), target: id('sk-precio') }]);
    expect(copy.bot.params.skillMenu).toBe(id('sk-saludo'));
    expect(copy.skills[0].cfg).toEqual({ threshold: 0.5, kbResultsMenu: id('sk-precio') });
    expect(copy.acciones.map((a) => [a.id, a.idSkill])).toEqual([['ac-1', 'sk-saludo'], ['ac-2', 'sk-saludo'], ['ac-3', 'sk-precio'], ['ac-4', 'sk-precio']].map(([a, s]) => [id(a), id(s)]));
    expect(copy.acciones[1].cfg.sk).toBe(id('sk-precio'));
    expect(copy.acciones[3].cfg.b).toBe('bot-2');
    expect(copy.requerimientos[0]).toMatchObject({ id: id('rq-1'), idSkill: id('sk-precio'), fields: [{ id: id('en-producto') }], replyMissing: ['¿Qué producto?'] });
    expect(copy.entidades.map((e) => e.id)).toEqual([id('en-producto'), id('en-codigo')]);
    // Los textos no cambian.
    expect(copy.skills[0].frases).toEqual(['hola', 'buenos días']);
    expect(copy.acciones[0].cfg).toEqual({ text: ['¡Hola!'], red: [8] });
  });

  it('borra los enlaces a otros bots y conserva los que apuntan al mismo bot', () => {
    const d = unlinkOtherBots(definition());
    expect(d.acciones.find((a) => a.id === 'ac-3')?.cfg).toEqual({ b: null, sk: 'inicio' });
    expect(d.acciones.find((a) => a.id === 'ac-4')?.cfg).toEqual({ b: 'bot-1' });
  });
});
