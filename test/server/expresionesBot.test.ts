// The regular expressions a bot builder writes (entities, MATCHES / MATCHES_NOT conditions) against
// the real app: a catastrophic pattern does not stall the server, a memory value put into a
// condition is literal text, and what the linear-time engine cannot run is refused at save, with
// the construct named, and at the deploy of an imported bot.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyId, signedIn } from './adminFixtures';
import { insertBot, ok } from './botFixtures';
import { addRegexEntity, addRequirement, addSkill, deployNow, insertChatBot, newPsi, say, texts } from './chatFixtures';
import { insertFullBot } from './fullBot';
import { API, createTestApp, dialects, type TestApp } from './helpers';
import { freshSkill } from './skillFixtures';
import type { BotVersion } from '../../common/schemas/bots';

const ENTITY = `${API}/entity`;
const REQ = `${API}/requerimiento`;
const ACCION = `${API}/accion`;
const EXPORT = `${API}/bot.export`;
const DEPLOY = `${API}/bot.deploy`;

const BACKREFERENCE = 'Expresión regular no admitida: las referencias hacia atrás (\\1) no se pueden usar';
const LOOKAHEAD = 'Expresión regular no admitida: las búsquedas hacia adelante (?=…) no se pueden usar';

describe.each(dialects)('expresiones regulares del bot (%s)', (dialect) => {
  let t: TestApp;
  const as = signedIn(() => t);
  let demo: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    demo = await companyId(t, 'Demo Internacional');
  });
  afterAll(() => t?.close());

  describe('POST /webchat/demo', () => {
    it("una entidad '^(a+)+$' requerida por un skill: un mensaje 'aaaa…!' de 40 caracteres se responde enseguida, y otra petición a la vez también", async () => {
      const chat = await insertChatBot(t, demo);
      const entity = await addRegexEntity(t, chat.bot, 'aes', '^(a+)+$');
      const codigo = await addSkill(t, chat.bot, 'Código', ['quiero dar mi código', 'tengo un código', 'le paso mi código', 'este es mi código'], [['TEXT', { text: ['Código recibido'] }]]);
      await addRequirement(t, chat.bot, codigo, 0, [{ id: entity, type: 0, path: 'text', op: 'IS_PRESENT', value: null, order: 0, replyMissing: '¿Cuál es su código?' }]);
      await deployNow(t, chat.bot);
      const c = await as('compania');
      const psi = newPsi();
      expect(texts(await say(c, chat.bot, psi, { postback: codigo }, { test: false }))).toEqual(['¿Cuál es su código?']);

      const timed = async <T>(run: () => Promise<T>) => {
        const start = performance.now();
        const value = await run();
        return { value, ms: performance.now() - start };
      };
      const [attack, other] = await Promise.all([
        timed(() => say(c, chat.bot, psi, `${'a'.repeat(39)}!`, { test: false })),
        timed(() => c.get(`${API}/bot?id=${chat.bot}`)),
      ]);
      // The word without its '!' is all a's: the entity takes it and the skill goes on.
      expect(texts(attack.value)).toEqual(['Código recibido']);
      expect(attack.ms).toBeLessThan(1000);
      expect(other.value.statusCode).toBe(200);
      expect(other.ms).toBeLessThan(1000);
    });

    it("un valor de memoria con '(a+)+' dentro de una condición MATCHES se compara como texto literal", async () => {
      const chat = await insertChatBot(t, demo);
      const clave = await addRegexEntity(t, chat.bot, 'clave', 'clave\\s+(\\S+)');
      const codigo = await addRegexEntity(t, chat.bot, 'codigo', 'codigo\\s+(\\S+)');
      const guardar = await addSkill(t, chat.bot, 'Guardar clave', ['guardar mi clave', 'anota mi clave', 'registra mi clave', 'te doy mi clave'], [['TEXT', { text: ['Clave guardada: {{clave}}'] }]]);
      await addRequirement(t, chat.bot, guardar, 0, [{ id: clave, type: 0, path: 'text', op: 'IS_PRESENT', value: null, order: 0, replyMissing: '¿Cuál es la clave?' }]);
      await addRequirement(t, chat.bot, guardar, 1, [{ id: clave, type: 0, path: 'text', op: 'AS', value: 'clave', order: 0 }]);
      const verificar = await addSkill(t, chat.bot, 'Verificar', ['verificar el codigo', 'comprobar el codigo', 'revisa el codigo', 'valida el codigo'], [['TEXT', { text: ['El código coincide'] }]]);
      await addRequirement(t, chat.bot, verificar, 0, [{ id: codigo, type: 0, path: 'text', op: 'MATCHES', value: '^{{clave}}$', order: 0, replyMissing: 'Indique el código de nuevo' }]);
      const c = await as('compania');
      const psi = newPsi();

      expect(texts(await say(c, chat.bot, psi, { postback: guardar }))).toEqual(['¿Cuál es la clave?']);
      expect(texts(await say(c, chat.bot, psi, 'clave (a+)+'))).toEqual(['Clave guardada: (a+)+']);
      expect(texts(await say(c, chat.bot, psi, { postback: verificar }))).toEqual(['Indique el código de nuevo']);
      // As a pattern '^(a+)+$' would take 'aaaa'; as text it takes only '(a+)+'.
      expect(texts(await say(c, chat.bot, psi, 'codigo aaaa'))).toEqual(['Indique el código de nuevo']);
      expect(texts(await say(c, chat.bot, psi, 'codigo (a+)+'))).toEqual(['El código coincide']);
    });
  });

  describe('POST /entity', () => {
    it.each([
      ['(\\d)\\1', BACKREFERENCE],
      ['^\\d+(?=€)', LOOKAHEAD],
    ])('%s: 400 con el motivo en castellano y el campo; nada se guarda', async (format, message) => {
      const idBot = await insertBot(t, demo);
      const response = await (await as('compania')).post(ENTITY, { idBot, nm: 'mala', rgx: true, format });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, field: 'format' });
      expect(await t.app.db.selectFrom('entidad').select('id').where('idBot', '=', idBot).execute()).toEqual([]);
    });

    it('una búsqueda hacia atrás, un grupo con nombre y \\p{Letter} se guardan', async () => {
      const idBot = await insertBot(t, demo);
      const format = '(?<=S/\\s?)(?<monto>\\d+)|\\p{Letter}+';
      expect((await ok(await (await as('compania')).post(ENTITY, { idBot, nm: 'monto', rgx: true, format }))).format).toBe(format);
    });
  });

  describe('POST /requerimiento', () => {
    it('una condición MATCHES con una búsqueda hacia adelante: 400 con el motivo, nombrando el campo', async () => {
      const f = await freshSkill(t, demo);
      const response = await (await as('compania')).post(REQ, { idBot: f.bot, idSkill: f.skill, tp: 0, fields: [{ id: 'email', type: 1, path: 'text', op: 'MATCHES', value: '^(?=.*@)\\S+$', order: 0 }] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: `Campo 1, valor: ${LOOKAHEAD}`, field: 'fields.0.value' });
      expect(await t.app.db.selectFrom('requerimiento').select('id').where('idSkill', '=', f.skill).execute()).toEqual([]);
    });

    it('una condición MATCHES con un valor de memoria {{nombre}} se guarda', async () => {
      const f = await freshSkill(t, demo);
      const fields = [{ id: 'email', type: 1, path: 'text', op: 'MATCHES', value: '^{{correo}}$', order: 0 }];
      expect((await ok(await (await as('compania')).post(REQ, { idBot: f.bot, idSkill: f.skill, tp: 0, fields }))).fields).toEqual(fields);
    });
  });

  describe('POST /accion', () => {
    it('una condición MATCHES_NOT de un webhook con una referencia hacia atrás: 400 con el motivo, nombrando la condición', async () => {
      const f = await freshSkill(t, demo);
      const response = await (await as('compania')).post(ACCION, {
        idBot: f.bot, idSkill: f.skill, type: 'WEB_HOOK', url: 'https://api.example.com', cond: [{ id: 'sku', type: 2, op: 'MATCHES_NOT', value: '(\\d)\\1', order: 0 }],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: `Condición 1, valor: ${BACKREFERENCE}`, field: 'cond.0.value' });
    });
  });

  describe('POST /bot.export (importar) y POST /bot.deploy', () => {
    it('un bot importado con una entidad y una condición que el motor lineal no ejecuta se importa, pero su despliegue falla con los motivos', async () => {
      const original = await insertFullBot(t, demo, `Origen ${randomUUID().slice(0, 8)}`);
      const c = await as('compania');
      const doc = await ok(await c.get(`${EXPORT}?id=${original.id}`));
      doc.entidades.find((e: { rgx: boolean }) => e.rgx).format = '^([A-Z])\\1-\\d+$';
      doc.requerimientos.find((r: { tp: number }) => r.tp === 0).fields = [{ id: original.entities.codigo, type: 0, path: 'text', op: 'MATCHES', value: '^(?=A)\\w+', order: 0 }];
      const imported = await ok(await c.post(EXPORT, doc));

      const bot = await ok(await c.get(`${API}/bot?id=${imported.id}`));
      await ok(await c.post(`${DEPLOY}?msg=prueba`, { ...bot, extrasEnc: bot.extrasEnc.map((e: { key: string }) => ({ key: e.key })) }));
      await t.app.jobs.drain();
      const version: BotVersion = await ok(await c.get(`${API}/bot-version?botId=${imported.id}`));
      expect(version).toMatchObject({ done: true, error: true });
      expect(version.msg).toContain('La entidad «código» tiene una expresión regular no válida: las referencias hacia atrás (\\1) no se pueden usar');
      expect(version.msg).toContain(`El skill «Precio» tiene un requerimiento con datos no válidos: Campo 1, valor: ${LOOKAHEAD}`);
    });
  });
});
