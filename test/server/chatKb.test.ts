// The knowledge base in real conversations (a channel's client, the deployed bot): a KB-mode skill
// answers from the QnAs with its tags, every kb* parameter of the bot has its effect, a rating is
// kept with its chat session, and the counters (answers and ratings per QnA, questions not found)
// are what the recorded rows say, counted the slow way.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companyId } from './adminFixtures';
import { insertBot, insertSkill } from './botFixtures';
import { deployNow, fromChannel, newPsi, setBot, texts } from './chatFixtures';
import { createTestApp, dialects, type TestApp } from './helpers';
import { insertAccion } from './skillFixtures';
import { rebuildQnaUsage } from '../../server/src/conversation/usoRelleno';
import { companyTimeZones } from '../../server/src/services/empresas/empresas';
import { KB_DEFAULTS, KB_POSTBACK } from '../../server/src/engine/kbTurn';

interface KbBot {
  bot: string;
  consultas: string;
  fallback: string;
  vacia: string;
  qna: Record<'horario' | 'pagos' | 'quien' | 'lima' | 'provincias' | 'ambos', string>;
}

describe.each(dialects)('base de conocimiento en una conversación (%s)', (dialect) => {
  let t: TestApp;
  let idE: string;
  let kb: KbBot;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    idE = await companyId(t, 'Demo Internacional');
  });
  afterAll(() => t?.close());

  async function skill(bot: string, nm: string, frases: string[], tipo: number, cfg: object, answer?: string): Promise<string> {
    const id = await insertSkill(t, bot, nm, { frases, tipo, cfg });
    if (answer) await insertAccion(t, { bot, skill: id }, 'TEXT', 0, { text: [answer], red: [8] });
    return id;
  }

  /** A bot whose fallback and 'Consultas' answer from the QnAs of tag t1, deployed with `params`. */
  async function kbBot(params: object = {}, consultasCfg: object = {}, fallbackCfg: object = { modKb: true, tagsKb: ['t1'] }): Promise<KbBot> {
    const bot = await insertBot(t, idE, `KB ${randomUUID().slice(0, 8)}`);
    await skill(bot, 'Saludo', ['hola', 'buenos días', 'buenas tardes', 'qué tal'], 0, {}, '¡Hola!');
    const menu = await skill(bot, 'Menú', ['menú principal', 'ver el menú', 'opciones del menú'], 0, {}, 'Menú principal: precios, horarios.');
    const consultas = await skill(bot, 'Consultas', ['tengo una pregunta', 'quiero hacer una consulta', 'tengo una duda'], 0, { modKb: true, tagsKb: ['t1'], ...consultasCfg }, 'Cuéntame tu pregunta.');
    const vacia = await skill(bot, 'Tema vacío', ['quiero saber del tema vacío', 'háblame del tema vacío'], 0, { modKb: true, tagsKb: ['t9'] }, 'Nada aquí.');
    const fallback = await skill(bot, 'No entendí', [], 1, fallbackCfg, 'No entendí.');
    const qna = {
      horario: await skill(bot, 'Horario de atención', ['a qué hora abren', 'cuál es su horario de atención', 'hasta qué hora atienden', 'abren los domingos'], 2, { tagsKb: ['t1'] }, 'Atendemos de 9 a 18 h.'),
      pagos: await skill(bot, 'Formas de pago', ['cómo puedo pagar', 'aceptan tarjeta de crédito', 'qué medios de pago tienen'], 2, { tagsKb: ['t1'] }, 'Aceptamos tarjeta y transferencia.'),
      quien: await skill(bot, 'Quién eres', ['cómo te llamas', 'eres un robot', 'con quién hablo'], 2, { tagsKb: ['t0'] }, 'Soy el asistente virtual.'),
      lima: await skill(bot, 'Envíos a domicilio en Lima', ['hacen envíos a domicilio en Lima'], 2, { tagsKb: ['t1'] }, 'En Lima entregamos en 24 horas.'),
      provincias: await skill(bot, 'Envíos a domicilio en provincias', ['hacen envíos a domicilio en provincias'], 2, { tagsKb: ['t1'] }, 'A provincias entregamos en 72 horas.'),
      ambos: await skill(bot, 'Garantía de los equipos', ['qué garantía tienen los equipos'], 2, { tagsKb: ['t1', 't2'] }, 'Dos años de garantía.'),
    };
    await setBot(t, bot, { skillMenu: menu, ...params });
    await deployNow(t, bot);
    return { bot, consultas, fallback, vacia, qna };
  }

  const ask = (psi: string, input: string | { postback: string }) => fromChannel(t, kb.bot, psi, input);

  beforeEach(async () => {
    kb = await kbBot({
      kbCalificaMenu: '¿Le sirvió la respuesta?',
      kbCalificaOk: '¡Qué bueno!',
      kbCalificaBad: 'Lo sentimos, lo mejoraremos.',
      kbResultsMuch: 'Encontré varias respuestas.',
      kbResultsMenu: '¿Cuál de estas busca?',
      kbNotFoundMsg: 'No tengo esa respuesta.',
      kbRepeatMsg: '¿Puede preguntarlo de otra forma?',
      kbSalir: 'salir',
      kbInicio: 'inicio',
      kbChiste: '¡Qué gracioso!',
    });
  });

  it('una pregunta parafraseada corre las acciones de su QnA y pide la calificación (kbCalificaMenu)', async () => {
    const answer = await ask(newPsi(), '¿a qué hora abren ustedes?');
    expect(texts(answer)).toEqual(['Atendemos de 9 a 18 h.', '¿Le sirvió la respuesta?']);
    expect(answer[1].buttons?.map((b) => [b.title, b.value])).toEqual([[KB_DEFAULTS.si, `${KB_POSTBACK.ok}${kb.qna.horario}`], [KB_DEFAULTS.no, `${KB_POSTBACK.bad}${kb.qna.horario}`]]);
  });

  it('la calificación buena o mala responde kbCalificaOk o kbCalificaBad, se guarda con la sesión y la conversación sigue', async () => {
    const psi = newPsi();
    await ask(psi, 'cómo puedo pagar');
    expect(texts(await ask(psi, { postback: `${KB_POSTBACK.ok}${kb.qna.pagos}` }))).toEqual(['¡Qué bueno!']);
    await ask(psi, 'a qué hora abren');
    // Typing the button's title counts as pressing it.
    expect(texts(await ask(psi, 'No'))).toEqual(['Lo sentimos, lo mejoraremos.']);
    expect(texts(await ask(psi, 'hola'))).toEqual(['¡Hola!']);

    const ratings = await t.app.db.selectFrom('qna_calificacion').select(['idQna', 'ok', 'idSesion']).where('idBot', '=', kb.bot).orderBy('fc').orderBy('ok', 'desc').execute();
    const client = await t.app.db.selectFrom('chat_cliente').select('id').where('psi', '=', psi).executeTakeFirstOrThrow();
    const session = await t.app.db.selectFrom('chat_sesion').select('id').where('idClt', '=', client.id).executeTakeFirstOrThrow();
    expect(ratings.map((r) => [r.idQna, Number(r.ok), r.idSesion])).toEqual([[kb.qna.pagos, 1, session.id], [kb.qna.horario, 0, session.id]]);
  });

  it('solo se califica la respuesta recién dada, una vez: repetir la calificación u otra QnA no cuenta', async () => {
    const psi = newPsi();
    await ask(psi, 'cómo puedo pagar');
    expect(texts(await ask(psi, { postback: `${KB_POSTBACK.ok}${kb.qna.horario}` }))).toEqual([]);
    expect(texts(await ask(psi, { postback: `${KB_POSTBACK.ok}${kb.qna.pagos}` }))).toEqual(['¡Qué bueno!']);
    expect(texts(await ask(psi, { postback: `${KB_POSTBACK.bad}${kb.qna.pagos}` }))).toEqual([]);
    const ratings = await t.app.db.selectFrom('qna_calificacion').select(['idQna', 'ok']).where('idBot', '=', kb.bot).execute();
    expect(ratings.map((r) => [r.idQna, Number(r.ok)])).toEqual([[kb.qna.pagos, 1]]);
    const counted = await t.app.db.selectFrom('uso_qna').select(['idQna', 'ok', 'bad']).where('idBot', '=', kb.bot).where('idQna', '=', kb.qna.pagos).execute();
    expect(counted.map((r) => [Number(r.ok), Number(r.bad)])).toEqual([[1, 0]]);
  });

  it('varias QnA cercanas se ofrecen como menú (kbResultsMuch, kbResultsMenu) con las salidas, y elegir una la responde', async () => {
    const psi = newPsi();
    const answer = await ask(psi, 'hacen envíos a domicilio');
    expect(texts(answer)).toEqual(['Encontré varias respuestas.', '¿Cuál de estas busca?']);
    const buttons = answer[1].buttons ?? [];
    expect(buttons.map((b) => b.title).slice(0, 2).sort()).toEqual(['Envíos a domicilio en Lima', 'Envíos a domicilio en provincias']);
    expect(buttons.slice(-2).map((b) => [b.title, b.value])).toEqual([['salir', KB_POSTBACK.salir], ['inicio', KB_POSTBACK.inicio]]);
    const provincias = buttons.find((b) => b.title === 'Envíos a domicilio en provincias')!;
    expect(texts(await ask(psi, { postback: provincias.value! }))[0]).toBe('A provincias entregamos en 72 horas.');
  });

  it('listRespKb lista las respuestas aunque una sola sea clara', async () => {
    kb = await kbBot({ kbResultsMenu: 'Elija una' }, { listRespKb: true });
    const answer = await ask(newPsi(), 'tengo una pregunta: a qué hora abren');
    expect(texts(answer)).toEqual(['Elija una']);
    expect(answer[0].buttons?.[0].title).toBe('Horario de atención');
  });

  it('sin respuesta dice kbNotFoundMsg y kbRepeatMsg, y la pregunta queda para Monitoreo', async () => {
    const psi = newPsi();
    expect(texts(await ask(psi, 'venden repuestos para bicicletas'))).toEqual(['No tengo esa respuesta.', '¿Puede preguntarlo de otra forma?']);
    await ask(newPsi(), 'venden repuestos para bicicletas');
    const rows = await t.app.db.selectFrom('qna_nf').select(['idSkill', 'txt', 'c']).where('idBot', '=', kb.bot).execute();
    expect(rows.map((r) => [r.idSkill, r.txt, Number(r.c)])).toEqual([[kb.fallback, 'venden repuestos para bicicletas', 2]]);
  });

  it('kbFallback tras maxAttempt preguntas seguidas sin respuesta, y la conversación sale de la base', async () => {
    kb = await kbBot({ maxAttempt: 2, kbFallback: 'No logro ayudarle; escriba «menú principal».', kbNotFoundMsg: 'No la tengo.' });
    const psi = newPsi();
    expect(texts(await ask(psi, 'tengo una pregunta'))).toEqual(['Cuéntame tu pregunta.']);
    expect(texts(await ask(psi, 'venden repuestos para bicicletas'))).toEqual(['No la tengo.']);
    expect(texts(await ask(psi, 'arreglan motos antiguas'))).toEqual(['No logro ayudarle; escriba «menú principal».']);
  });

  it('kbResultsEmpty cuando los tags del skill no tienen ninguna QnA', async () => {
    kb = await kbBot({ kbResultsEmpty: 'Aún no hay preguntas de este tema.' });
    expect(texts(await ask(newPsi(), 'quiero saber del tema vacío'))).toEqual(['Aún no hay preguntas de este tema.']);
  });

  it('kbResultsGlobal suma las QnA del tag global y antecede su respuesta; sin él no se buscan', async () => {
    expect(texts(await ask(newPsi(), 'cómo te llamas'))).toEqual(['No tengo esa respuesta.', '¿Puede preguntarlo de otra forma?']);
    kb = await kbBot({ kbResultsGlobal: 'De las preguntas generales:' });
    expect(texts(await ask(newPsi(), 'cómo te llamas'))).toEqual(['De las preguntas generales:', 'Soy el asistente virtual.']);
  });

  it('opAndKb exige todos los tags del skill', async () => {
    // A fallback outside the knowledge base, so only this skill's QnAs answer.
    kb = await kbBot({}, { tagsKb: ['t1', 't2'], opAndKb: true }, {});
    const psi = newPsi();
    expect(texts(await ask(psi, 'tengo una pregunta'))).toEqual(['Cuéntame tu pregunta.']);
    expect(texts(await ask(psi, 'qué garantía tienen los equipos'))).toEqual(['Dos años de garantía.']);
    // 'Horario' carries only t1: within this skill's knowledge base, it is not found.
    expect(texts(await ask(psi, 'a qué hora abren'))).toEqual(['No encontré una respuesta a tu pregunta.']);
  });

  it('kbSalir deja la base; kbInicio va al skill de menú; kbChiste responde la risa', async () => {
    const psi = newPsi();
    expect(texts(await ask(psi, 'tengo una pregunta'))).toEqual(['Cuéntame tu pregunta.']);
    expect(texts(await ask(psi, 'jajaja'))).toEqual(['¡Qué gracioso!']);
    expect(texts(await ask(psi, 'Salir'))).toEqual([KB_DEFAULTS.salida]);
    expect(texts(await ask(psi, 'tengo una duda'))).toEqual(['Cuéntame tu pregunta.']);
    expect(texts(await ask(psi, 'inicio'))).toEqual(['Menú principal: precios, horarios.']);
  });

  it('en la base, otro skill que el clasificador reconoce se lleva el mensaje', async () => {
    const psi = newPsi();
    await ask(psi, 'tengo una pregunta');
    expect(texts(await ask(psi, 'hola'))).toEqual(['¡Hola!']);
  });

  it('los contadores de respuestas, calificaciones y preguntas sin respuesta son los de las filas guardadas', async () => {
    const questions = ['a qué hora abren', 'cómo puedo pagar', 'aceptan tarjeta de crédito', 'venden repuestos para bicicletas', 'hasta qué hora atienden', 'arreglan motos antiguas'];
    let seed = 7;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let i = 0; i < 30; i++) {
      const psi = `kb-${next(5)}`;
      const answer = await ask(psi, questions[next(questions.length)]);
      const rate = answer.find((m) => m.buttons?.some((b) => b.value?.startsWith(KB_POSTBACK.ok)));
      if (rate && next(3) > 0) await ask(psi, { postback: rate.buttons![next(2)].value! });
    }
    const sum = (rows: Array<Record<string, unknown>>, k: string) => rows.reduce((s, r) => s + Number(r[k]), 0);
    const counted = await t.app.db.selectFrom('uso_qna').selectAll().where('idBot', '=', kb.bot).execute();
    // Slowly: one answer per turn of the client whose bot messages came from the QnA's actions.
    const answered = await t.app.db
      .selectFrom('chat_mensaje as m')
      .select(['m.idSkill', (eb) => eb.fn.count<number>('m.id').distinct().as('n')])
      .where('m.idBot', '=', kb.bot)
      .where('m.t', '=', 0)
      .where('m.tipo', '=', 'TEXT')
      .where('m.idSkill', 'in', Object.values(kb.qna))
      .where((eb) => eb.not(eb('m.m', 'in', ['¡Qué bueno!', 'Lo sentimos, lo mejoraremos.'])))
      .groupBy('m.idSkill')
      .execute();
    expect(Object.fromEntries(counted.filter((r) => Number(r.n) > 0).map((r) => [r.idQna, Number(r.n)]))).toEqual(Object.fromEntries(answered.map((r) => [r.idSkill, Number(r.n)])));
    const ratings = await t.app.db.selectFrom('qna_calificacion').select(['ok']).where('idBot', '=', kb.bot).execute();
    expect(sum(counted, 'ok')).toBe(ratings.filter((r) => Number(r.ok) === 1).length);
    expect(sum(counted, 'bad')).toBe(ratings.filter((r) => Number(r.ok) === 0).length);
    expect(ratings.length).toBeGreaterThan(0);
    const notFound = await t.app.db.selectFrom('qna_nf').select('c').where('idBot', '=', kb.bot).execute();
    const nf = await t.app.db.selectFrom('uso_kb').select('nf').where('idBot', '=', kb.bot).execute();
    expect(sum(nf, 'nf')).toBe(sum(notFound, 'c'));
    expect(sum(nf, 'nf')).toBeGreaterThan(0);

    // Counted again from the recorded rows (migration 018), every bot of this file's turns comes to the same rows.
    const all = async () => ({
      qna: (await t.app.db.selectFrom('uso_qna').selectAll().orderBy('idBot').orderBy('dia').orderBy('idQna').execute()).map((r) => ({ ...r, n: Number(r.n), ok: Number(r.ok), bad: Number(r.bad) })),
      kb: (await t.app.db.selectFrom('uso_kb').selectAll().orderBy('idBot').orderBy('dia').execute()).map((r) => ({ ...r, nf: Number(r.nf) })),
    });
    const live = await all();
    await rebuildQnaUsage(t.app.db, await companyTimeZones(t.app.db, t.app.config.chatTimeZone));
    expect(await all()).toEqual(live);
    expect(live.kb.length).toBeGreaterThan(1);
  });
});
