// The demo bot 'Asistente Quipu': seeded deployed in Demo Internacional, its snapshot
// passes the deploy's checks, its stored model understands phrases it was not trained on, and the
// demo order route its webhook calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyId } from './adminFixtures';
import { API, createTestApp, dialects, type TestApp } from './helpers';
import { ASISTENTE_BOT, ASISTENTE_ENTITIES, ASISTENTE_SKILLS, ASISTENTE_VERSION_MSG } from '../../server/src/seed/asistente';
import { IntentModel, type SerializedModel } from '../../server/src/engine/nlu/classifier';
import { Matcher, matchSkills } from '../../server/src/engine/nlu/matcher';
import { REQUESTS_THROTTLED } from '../../server/src/plugins/ratelimit';
import type { BotDefinition } from '../../common/schemas/bots';
import { DEMO_MESSAGES, PEDIDO_ESTADOS } from '../../common/schemas/demo';
import { DEMO_PLANS } from '../../common/schemas/rules';
import { textKey, validateRequerimiento, validateSkill } from '../../common/schemas/skillRules';
import { validateAccion, type AccionInput } from '../../common/actions';
import { loadDefinition, validateDefinition } from '../../server/src/services/bots/definition';
import { compileEntityRegex } from '../../server/src/services/bots/entidades';

/** Phrases a user could write to each skill, none of them a training phrase. */
const PARAPHRASES: Record<string, string[]> = {
  Saludo: ['hola, buenos días', 'buenas tardes a todos', 'holaaa qué tal', 'hola hola'],
  'Menú principal': ['qué cosas puedes hacer', 'muéstrame el menú', 'quiero volver al menú', 'con qué me puedes ayudar'],
  Despedida: ['bueno, me despido, hasta luego', 'chao, nos vemos', 'ya está, adiós', 'hasta otra'],
  Agradecimiento: ['gracias por la info', 'muchas gracias por tu ayuda', 'mil gracias, muy amable', 'te lo agradezco mucho'],
  'Horario de atención': ['a qué hora atienden', 'cuál es el horario del sábado', 'hasta qué hora están abiertos hoy', 'qué horario tienen'],
  'Ubicación y sedes': ['dónde queda su oficina', 'cuál es la dirección de la sede en Lima', 'tienen oficinas en Bogotá', 'me das la dirección'],
  'Precios y planes': ['cuánto cuesta el plan empresa', 'qué precio tienen los planes', 'quiero saber los precios', 'cuánto vale'],
  'Contratar plan': ['quiero contratar el plan pro para mi empresa', 'cómo puedo contratar el servicio', 'me gustaría suscribirme al plan básico', 'mándame una propuesta'],
  'Mi nombre': ['me llamo Fernando', 'mi nombre es Claudia Ramos', 'hola soy Gabriel', 'me llamo Pilar, buenas'],
  'Mi nombre, pregunta': ['me dices cuál es mi nombre', 'te acuerdas cómo me llamo', 'sabes cuál es mi nombre?', 'recuerdas cuál es mi nombre'],
  'Estado de pedido': ['dónde está mi pedido Q-33412', 'quiero saber cuándo me llega el pedido', 'cómo va mi orden', 'ya despacharon mi compra?'],
  'Hablar con una persona': ['me pasas con un asesor', 'quiero hablar con un humano', 'necesito que me atienda una persona', 'comunícame con alguien del equipo'],
  Quejas: ['quiero dejar un reclamo', 'su servicio es pésimo', 'estoy muy molesta con la atención', 'tengo una queja'],
  'Formas de pago': ['puedo pagar con tarjeta', 'qué medios de pago aceptan', 'aceptan transferencias bancarias', 'se puede pagar con yape'],
  Chiste: ['cuéntame otro chiste', 'dime algo para reírme', 'sabes un chiste', 'hazme reír un poco'],
  Charla: ['quién eres tú', 'eres una persona o un robot', 'cómo estás hoy', 'cómo te va'],
};
const NONSENSE = ['asdfgh qwerty', 'jjjjjj kkkk', 'zxcv bnm ñlkj', 'qwpoeiru tyalskdj'];
/** The share of paraphrases that must reach their skill (the measured share is printed). */
const MIN_SHARE = 0.8;

const regexError = (format: string) => {
  try {
    compileEntityRegex(format);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('los datos del bot de demostración', () => {
  it('tiene unos 15 skills, cada uno de negocio con 15 a 30 frases distintas, y un fallback', () => {
    expect(ASISTENTE_SKILLS.length).toBeGreaterThanOrEqual(15);
    for (const s of ASISTENTE_SKILLS.filter((x) => x.tipo === 0)) {
      expect(s.frases.length, s.nm).toBeGreaterThanOrEqual(15);
      expect(s.frases.length, s.nm).toBeLessThanOrEqual(30);
      expect(validateSkill({ nm: s.nm, tipo: s.tipo, frases: s.frases }), s.nm).toEqual([]);
    }
    expect(ASISTENTE_SKILLS.filter((s) => s.tipo === 1).map((s) => s.nm)).toEqual(['No entendí']);
  });

  it('ninguna paráfrasis de la prueba es una frase de entrenamiento', () => {
    const trained = new Set(ASISTENTE_SKILLS.flatMap((s) => s.frases.map(textKey)));
    for (const phrase of [...Object.values(PARAPHRASES).flat(), ...NONSENSE]) expect(trained.has(textKey(phrase)), phrase).toBe(false);
    expect(Object.keys(PARAPHRASES).sort()).toEqual(ASISTENTE_SKILLS.filter((s) => s.tipo === 0).map((s) => s.nm).sort());
  });

  it('la entidad del nombre entrega el nombre (su primer grupo) y la del pedido encuentra el código en la frase', () => {
    const nombre = compileEntityRegex(ASISTENTE_ENTITIES.nombre.format);
    expect(nombre.exec('Hola, me llamo Íñigo y tengo una consulta')?.[1]).toBe('Íñigo');
    expect(nombre.exec('mi nombre es Claudia Ramos')?.[1]).toBe('Claudia');
    expect(nombre.exec('Soy Pedro')?.[1]).toBe('Pedro');
    const pedido = compileEntityRegex(ASISTENTE_ENTITIES.pedido.format);
    expect(pedido.exec('mi pedido es el Q-33412, gracias')?.[0]).toBe('Q-33412');
    expect(pedido.exec('el Q-123456 no es un código')).toBeNull();
  });
});

describe.each(dialects)("bot 'Asistente Quipu' (%s)", (dialect) => {
  let t: TestApp;
  let idBot: string;
  let snapshot: BotDefinition;
  let matcher: Matcher;
  const skillOf = (id: string | null) => snapshot.skills.find((s) => s.id === id)?.nm;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const demo = await companyId(t, 'Demo Internacional');
    const bot = await t.app.db.selectFrom('bot').selectAll().where('nm', '=', ASISTENTE_BOT).where('idE', '=', demo).executeTakeFirstOrThrow();
    idBot = bot.id;
    const version = await t.app.db.selectFrom('bot_version').selectAll().where('idBot', '=', idBot).executeTakeFirstOrThrow();
    snapshot = JSON.parse(version.snapshot ?? 'null') as BotDefinition;
    matcher = new Matcher(matchSkills(snapshot.skills), IntentModel.fromJSON(JSON.parse(version.model ?? 'null') as SerializedModel));
  });
  afterAll(() => t?.close());

  it('el seed lo deja desplegado en Demo Internacional: versión 1 terminada sin error, con instantánea y modelo', async () => {
    const bot = await t.app.db.selectFrom('bot').select(['version', 'msg']).where('id', '=', idBot).executeTakeFirstOrThrow();
    expect({ version: Number(bot.version), msg: bot.msg }).toEqual({ version: 1, msg: ASISTENTE_VERSION_MSG });
    const versions = await t.app.db.selectFrom('bot_version').selectAll().where('idBot', '=', idBot).execute();
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ version: 1, msg: ASISTENTE_VERSION_MSG });
    expect(Number(versions[0].done)).toBe(1);
    expect(Number(versions[0].error)).toBe(0);
    expect(versions[0].ffin).not.toBeNull();
    // The snapshot is the working definition as the deploy would have stored it.
    expect(snapshot).toEqual(await loadDefinition(t.app.db, idBot));
    expect(snapshot.skills).toHaveLength(ASISTENTE_SKILLS.length);
  });

  it('su instantánea pasa las revisiones del despliegue y las reglas del editor', async () => {
    const problems = await validateDefinition(snapshot, {
      regexError,
      botExists: async (id) => !!(await t.app.db.selectFrom('bot').select('id').where('id', '=', id).executeTakeFirst()),
    });
    expect(problems).toEqual([]);
    for (const a of snapshot.acciones) expect(validateAccion({ ...a.cfg, type: a.type } as AccionInput, { idBot, idSkill: a.idSkill }), `${skillOf(a.idSkill)} ${a.type}`).toEqual([]);
    for (const r of snapshot.requerimientos) expect(validateRequerimiento({ ...r, fields: r.fields as AccionInput['cond'], replyMissing: r.replyMissing as string[] })).toEqual([]);
    const node = new Set(snapshot.bot.diagram.nodes.map((n) => n.id));
    expect(snapshot.skills.every((s) => node.has(s.id))).toBe(true);
    expect(snapshot.bot.diagram.edges.length).toBeGreaterThan(5);
  });

  it('el webhook del pedido llama a /api/demo/pedido con el código de la memoria, y su estado HTTP elige el texto', () => {
    const pedido = snapshot.skills.find((s) => s.nm === 'Estado de pedido');
    const acciones = snapshot.acciones.filter((a) => a.idSkill === pedido?.id).sort((a, b) => a.ord - b.ord);
    expect(acciones.map((a) => a.type)).toEqual(['WEB_HOOK', 'TEXT', 'TEXT', 'TEXT']);
    expect(acciones[0].cfg).toMatchObject({ method: 'GET', url: '/api/demo/pedido', fields: [{ k: 'codigo', v: '{{pedido}}' }], resp: [{ path: '$status', k: 'consulta' }, { path: 'estado', k: 'estado' }, { path: 'entrega', k: 'entrega' }] });
    expect(acciones.slice(1).map((a) => [a.cfg.text, (a.cfg.cond as Array<{ op: string; value: string }>).map((c) => `${c.op} ${c.value}`)])).toEqual([
      [['Su pedido {{pedido}} está {{estado}}. Fecha de entrega: {{entrega}}.'], ['IS 200']],
      [['No encontramos el pedido {{pedido}}. Revise el código, por favor.'], ['IS 404']],
      [['No pudimos completar la consulta en este momento. Intente nuevamente más tarde.'], ['NOT_IN 200, 404']],
    ]);
    const reqs = snapshot.requerimientos.filter((r) => r.idSkill === pedido?.id);
    expect(reqs.map((r) => [r.tp, (r.fields[0] as { op: string }).op])).toEqual([[0, 'IS_PRESENT'], [1, 'AS']]);
  });

  it('el modelo guardado lleva las paráfrasis a su skill', () => {
    const misses: string[] = [];
    let total = 0;
    for (const [skill, phrases] of Object.entries(PARAPHRASES)) {
      for (const phrase of phrases) {
        total++;
        const got = skillOf(matcher.match(phrase).skillId);
        if (got !== skill) misses.push(`«${phrase}»: ${skill} → ${got}`);
      }
    }
    const share = (total - misses.length) / total;
    console.info(`Asistente Quipu: ${total - misses.length}/${total} paráfrasis a su skill (${(share * 100).toFixed(1)} %)${misses.length ? `; fallan: ${misses.join('; ')}` : ''}`);
    expect(share).toBeGreaterThanOrEqual(MIN_SHARE);
  });

  it('lo que no tiene sentido va al fallback «No entendí»', () => {
    for (const phrase of NONSENSE) {
      const result = matcher.match(phrase);
      expect({ phrase, skill: skillOf(result.skillId), recognised: result.recognised }).toEqual({ phrase, skill: 'No entendí', recognised: false });
    }
  });

  it('cada botón POSTBACK lleva al skill que su valor nombra', () => {
    const buttons = snapshot.acciones.flatMap((a) => [
      ...((a.cfg.buttons as Array<{ type: string; value: string }> | undefined) ?? []),
      ...((a.cfg.carousel as Array<{ buttons: Array<{ type: string; value: string }> }> | undefined) ?? []).flatMap((c) => c.buttons),
    ]).filter((b) => b.type === 'POSTBACK');
    expect(buttons.length).toBeGreaterThan(10);
    for (const b of buttons) {
      const owner = snapshot.skills.find((s) => s.frases.some((f) => textKey(f) === textKey(b.value)));
      expect(owner, b.value).toBeDefined();
      expect(skillOf(matcher.match(b.value).skillId), b.value).toBe(owner?.nm);
    }
    const planes = snapshot.acciones.find((a) => a.type === 'CAROUSEL')?.cfg.carousel as Array<{ subtitle: string; imageUrl: string; buttons: Array<{ title: string; value: string }> }>;
    expect(planes).toHaveLength(3);
    // The same plans and prices as the web channel's preview, with pictures served by this server.
    expect(planes.map((p) => [p.subtitle, p.imageUrl])).toEqual(DEMO_PLANS.map((p) => [p.subtitle, `/api/demo/imagen/${p.imagen}.svg`]));
    for (const card of planes) expect(skillOf(matcher.match(card.buttons[0].value).skillId)).toBe('Contratar plan');
  });

  describe('GET /demo/pedido', () => {
    const pedido = (codigo: string) => t.client().get(`${API}/demo/pedido?codigo=${encodeURIComponent(codigo)}`);

    it('responde sin sesión el estado y la fecha de entrega, siempre los mismos para un código', async () => {
      const res = await pedido('Q-12345');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.codigo).toBe('Q-12345');
      expect(PEDIDO_ESTADOS).toContain(body.estado);
      expect(body.entrega).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect((await pedido('Q-12345')).json()).toEqual(body);
      expect((await pedido('q-12345')).json()).toEqual(body);
    });

    it('los tres estados aparecen: lo entregado con fecha de unos días atrás, lo demás de los próximos días, contados desde hoy', async () => {
      const answers = await Promise.all(['Q-00001', 'Q-00002', 'Q-00003', 'Q-54321'].map(async (c) => (await pedido(c)).json()));
      expect(new Set(answers.map((a) => a.estado))).toEqual(new Set(PEDIDO_ESTADOS));
      const day = (ddmmyyyy: string) => Date.UTC(Number(ddmmyyyy.slice(6)), Number(ddmmyyyy.slice(3, 5)) - 1, Number(ddmmyyyy.slice(0, 2)));
      const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: t.config.chatTimeZone }).format(t.clock.now).split('-').map(Number);
      const today = Date.UTC(y, m - 1, d);
      for (const a of answers) {
        const days = (day(a.entrega) - today) / 86_400_000;
        if (a.estado === 'entregado') expect(days, a.entrega).toBeLessThan(0);
        else expect(days, a.entrega).toBeGreaterThan(0);
        expect(Math.abs(days), a.entrega).toBeLessThanOrEqual(8);
      }
    });

    it('GET /demo/imagen sirve las imágenes SVG de las tarjetas a cualquier sitio; otra, 404', async () => {
      const res = await t.client().get(`${API}/demo/imagen/sede-san-isidro.svg`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.body).toMatch(/^<svg [^>]*aria-label="Sede San Isidro"/);
      const missing = await t.client().get(`${API}/demo/imagen/otra.svg`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(DEMO_MESSAGES.imagenNoEncontrada);
    });

    it("un código terminado en 0000 no existe: 404 'Pedido no encontrado'", async () => {
      for (const codigo of ['Q-10000', 'Q-00000']) {
        const res = await pedido(codigo);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(DEMO_MESSAGES.noEncontrado);
      }
    });

    it('un código mal formado o ausente responde 400 en español', async () => {
      for (const codigo of ['Q-1234', 'Q-123456', '12345', 'pedido']) {
        const res = await pedido(codigo);
        expect(res.statusCode, codigo).toBe(400);
        expect(res.json().message).toBe(DEMO_MESSAGES.codigoInvalido);
      }
      const missing = await t.client().get(`${API}/demo/pedido`);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe(DEMO_MESSAGES.codigoRequerido);
    });

    it('limita las consultas por dirección como las demás rutas públicas', async () => {
      const c = t.client();
      const limit = t.config.publicRatePerMinute;
      for (let i = 0; i < limit; i++) expect((await c.get(`${API}/demo/pedido?codigo=Q-12345`)).statusCode).toBe(200);
      const res = await c.get(`${API}/demo/pedido?codigo=Q-12345`);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(REQUESTS_THROTTLED);
    });
  });
});
