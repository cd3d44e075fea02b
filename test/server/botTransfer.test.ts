// Bot export and import: GET /bot.export and POST /bot.export against the
// real app, on a bot holding one of everything; the round trip compared field by field.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, ALL_ACCOUNTS, companyId, signedIn } from './adminFixtures';
import { botAudit, expectedStatus } from './botFixtures';
import { insertFullBot, SECRET_VALUE, type FullBot } from './fullBot';
import { API, createTestApp, dialects, TEST_SECRET_KEY, type TestApp } from './helpers';
import { BOT_MESSAGES, DEPLOY_MESSAGES, type BotDefinition, type BotExport } from '../../common/schemas/bots';
import { loadDefinition } from '../../server/src/services/bots/definition';
import { readBotSecrets } from '../../server/src/services/bots/bots';
import { botExtraPlace, decryptSecret, encryptSecret, keyId } from '../../server/src/secrets';

const EXPORT = `${API}/bot.export`;

/** The definition with every id of `ids` (deeply) replaced and each list in a stable order. */
function renamed(def: BotDefinition, ids: Map<string, string>): BotDefinition {
  const swap = (v: unknown): unknown =>
    typeof v === 'string' ? (ids.get(v) ?? v) : Array.isArray(v) ? v.map(swap) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, swap(x)])) : v;
  const out = swap(def) as BotDefinition;
  // Edge ids are built from skill ids.
  for (const e of out.bot.diagram.edges) for (const [from, to] of ids) e.id = e.id.split(from).join(to);
  const byId = <T extends { id: string }>(list: T[]) => [...list].sort((a, b) => (a.id < b.id ? -1 : 1));
  return { ...out, skills: byId(out.skills), acciones: byId(out.acciones), requerimientos: byId(out.requerimientos), entidades: byId(out.entidades) };
}

describe.each(dialects)('exportar e importar bots (%s)', (dialect) => {
  let t: TestApp;
  const as = signedIn(() => t);
  let demo: string;
  let otra: string;
  let bot: FullBot;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    demo = await companyId(t, 'Demo Internacional');
    otra = await companyId(t, 'Otra Empresa');
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    // Each test's audit rows come after the previous test's.
    t.clock.advance(1000);
    bot = await insertFullBot(t, demo);
  });

  async function exported(id = bot.id): Promise<BotExport> {
    const response = await (await as('compania')).get(`${EXPORT}?id=${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  describe('GET /bot.export', () => {
    it('responde la definición completa con el formato, su versión y la huella de la clave', async () => {
      const doc = await exported();
      const { format, v, kid, ...definition } = doc;
      expect({ format, v, kid }).toEqual({ format: 'quipu-bot', v: 1, kid: keyId(TEST_SECRET_KEY) });
      expect(definition).toEqual(await loadDefinition(t.app.db, bot.id));
      expect(definition.skills).toHaveLength(4);
      expect(definition.acciones.map((a) => a.type).sort()).toEqual(['BUTTON', 'CARD', 'CAROUSEL', 'GO_BOT', 'GO_HUMAN', 'GO_SKILL', 'QUICK_REPLY', 'TEXT', 'WEB_HOOK']);
      expect(definition.requerimientos.map((r) => r.tp).sort()).toEqual([0, 1]);
      expect(definition.bot.qnaCron).toBe('0 0 3 * * ?');
    });

    it('los extras cifrados viajan cifrados: nunca el valor', async () => {
      const response = await (await as('usuario')).get(`${EXPORT}?id=${bot.id}`);
      expect(response.body).not.toContain(SECRET_VALUE);
      const [secret] = response.json().bot.extrasEnc;
      expect(secret.key).toBe('apiKey');
      expect(decryptSecret(TEST_SECRET_KEY, secret.enc, botExtraPlace(demo, bot.id, 'apiKey'))).toBe(SECRET_VALUE);
    });

    it.each(ALL_ACCOUNTS)('%s: lo que dice la regla de bots (leer)', async (who) => {
      const response = await (await as(who)).get(`${EXPORT}?id=${bot.id}`);
      expect(response.statusCode).toBe(expectedStatus(who, 'read'));
      if (who === 'otra') expect(response.json()).toEqual({ message: BOT_MESSAGES.notFound });
    });

    it('sin sesión responde 401', async () => {
      expect((await t.client().get(`${EXPORT}?id=${bot.id}`)).statusCode).toBe(401);
    });
  });

  describe('POST /bot.export (importar)', () => {
    it('sin reemplazar crea una copia: ids nuevos en todo y en cada referencia, importado, idClone, sin enlaces a otros bots; lo demás igual campo por campo', async () => {
      const doc = await exported();
      const response = await (await as('compania')).post(EXPORT, doc);
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json();
      // A copy is another bot: the encrypted extra, bound to the original, must be typed again.
      expect(result).toEqual({ id: expect.any(String), message: 'Bot importado con éxito', retype: ['apiKey'] });
      expect(result.id).not.toBe(bot.id);

      const copy = await loadDefinition(t.app.db, result.id);
      const original = await loadDefinition(t.app.db, bot.id);
      // New ids everywhere, none shared with the original.
      const oldIds = [bot.id, ...original.skills, ...original.acciones, ...original.requerimientos, ...original.entidades].map((r) => (typeof r === 'string' ? r : r.id));
      const newIds = [result.id, ...copy.skills, ...copy.acciones, ...copy.requerimientos, ...copy.entidades].map((r) => (typeof r === 'string' ? r : r.id));
      expect(newIds.filter((id) => oldIds.includes(id))).toEqual([]);
      // No reference to the original is left anywhere (diagram, actions, requirements, options, parameters)
      // but the clone mark.
      const text = JSON.stringify({ ...copy, bot: { ...copy.bot, idClone: null } });
      expect(oldIds.filter((id) => text.includes(id))).toEqual([]);

      // Map each copy id back to the original's (skills and entities by name, actions by skill and order,
      // requirements by skill and kind) and compare everything.
      const back = new Map<string, string>([[result.id, bot.id]]);
      const skillName = (d: BotDefinition, id: string) => d.skills.find((s) => s.id === id)?.nm;
      for (const s of copy.skills) back.set(s.id, original.skills.find((o) => o.nm === s.nm)!.id);
      for (const e of copy.entidades) back.set(e.id, original.entidades.find((o) => o.nm === e.nm)!.id);
      for (const a of copy.acciones) back.set(a.id, original.acciones.find((o) => o.ord === a.ord && skillName(original, o.idSkill) === skillName(copy, a.idSkill))!.id);
      for (const r of copy.requerimientos) back.set(r.id, original.requerimientos.find((o) => o.tp === r.tp && skillName(original, o.idSkill) === skillName(copy, r.idSkill))!.id);
      expect(back.size).toBe(1 + 4 + 9 + 2 + 2);

      const expected = renamed(original, new Map());
      expected.bot = { ...expected.bot, imp: true, idClone: bot.id };
      for (const a of expected.acciones) if (a.type === 'GO_BOT' || a.type === 'GO_HUMAN') a.cfg = { ...a.cfg, b: null };
      expect(renamed(copy, back)).toEqual(expected);

      // The encrypted extra is the same ciphertext, which the copy cannot read; never shown.
      expect(() => decryptSecret(TEST_SECRET_KEY, copy.bot.extrasEnc[0].enc as string, botExtraPlace(demo, result.id, 'apiKey'))).toThrow();
      const view = (await (await as('compania')).get(`${API}/bot?id=${result.id}`)).json();
      expect(view.extrasEnc).toEqual([{ key: 'apiKey', set: false, retype: true }]);
      expect(view).toMatchObject({ imp: true, idClone: bot.id, nm: 'Ventas completo' });
    });

    it('reemplazando con parámetros deja el bot igual al archivo, con los mismos ids', async () => {
      const doc = await exported();
      // Change everything the file holds.
      await t.app.db.deleteFrom('skill').where('id', '=', bot.skills.qna).execute();
      await t.app.db.deleteFrom('entidad').where('idBot', '=', bot.id).execute();
      await t.app.db.updateTable('bot').set({ nm: 'Cambiado', tsession: 99, params: '{}', extras: '[]', extrasEnc: '[]', diagram: '{"nodes":[],"edges":[]}' }).where('id', '=', bot.id).execute();
      const before = await t.app.db.selectFrom('bot').select('rev').where('id', '=', bot.id).executeTakeFirstOrThrow();

      const response = await (await as('compania')).post(`${EXPORT}?replace=true&replaceParams=true`, doc);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ id: bot.id, message: BOT_MESSAGES.imported, retype: [] });
      const { format: _f, v: _v, kid: _k, ...definition } = doc;
      expect(await loadDefinition(t.app.db, bot.id)).toEqual(definition);
      const after = await t.app.db.selectFrom('bot').select(['rev', 'idE']).where('id', '=', bot.id).executeTakeFirstOrThrow();
      expect(after).toEqual({ rev: before.rev + 1, idE: demo });
      expect((await botAudit(t, 'Ventas completo'))[0]).toMatchObject({ ev: 1, val: 'Bot «Ventas completo»: importado sobre el bot con sus parámetros (cambió nm, params.invalidOption, params.kbCalificaBad, params.kbCalificaMenu, params.kbCalificaOk, params.kbChiste, params.kbFallback, params.kbInicio, params.kbNotFoundMsg, params.kbRepeatMsg, params.kbResultsEmpty, params.kbResultsGlobal, params.kbResultsMenu, params.kbResultsMuch, params.kbSalir, params.loginsk, params.maxAttempt, params.msgAttempt, params.sessionExpired, params.skillAttempt, params.skillInvalidOption, params.skillMenu, tsession, extras, skills, enlaces, entidades)' });
    });

    it('reemplazando sin parámetros cambia solo el flujo: el bot conserva sus parámetros, extras y nombre', async () => {
      const doc = await exported();
      await t.app.db.deleteFrom('skill').where('id', '=', bot.skills.qna).execute();
      const settings = { nm: 'Nombre propio', tsession: 45, params: JSON.stringify({ maxAttempt: 7 }), extras: JSON.stringify([{ key: 'propio', val: 'sí' }]), extrasEnc: '[]' };
      await t.app.db.updateTable('bot').set(settings).where('id', '=', bot.id).execute();

      const response = await (await as('compania')).post(`${EXPORT}?replace=true`, doc);
      expect(response.statusCode, response.body).toBe(200);
      const now = await loadDefinition(t.app.db, bot.id);
      expect(now.skills).toEqual(doc.skills);
      expect(now.acciones).toEqual(doc.acciones);
      expect(now.requerimientos).toEqual(doc.requerimientos);
      expect(now.entidades).toEqual(doc.entidades);
      expect(now.bot.diagram).toEqual(doc.bot.diagram);
      expect(now.bot).toMatchObject({ nm: 'Nombre propio', tsession: 45, params: { maxAttempt: 7 }, extras: [{ key: 'propio', val: 'sí' }], extrasEnc: [] });
    });

    it('reemplazando un id que no existe crea el bot con ese id y los mismos ids de todo', async () => {
      const doc = await exported();
      await t.app.db.deleteFrom('bot').where('id', '=', bot.id).execute();
      const response = await (await as('compania')).post(`${EXPORT}?replace=true`, doc);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().id).toBe(bot.id);
      const { format: _f, v: _v, kid: _k, ...definition } = doc;
      expect(await loadDefinition(t.app.db, bot.id)).toEqual({ ...definition, bot: { ...definition.bot, imp: true } });
      expect((await t.app.db.selectFrom('bot').select('idE').where('id', '=', bot.id).executeTakeFirstOrThrow()).idE).toBe(demo);
    });

    it('no reemplaza el bot de otra empresa: responde 404 y no lo toca', async () => {
      const doc = await exported();
      const before = await loadDefinition(t.app.db, bot.id);
      const response = await (await as('otra')).post(`${EXPORT}?replace=true&replaceParams=true`, { ...doc, bot: { ...doc.bot, nm: 'Intruso' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: DEPLOY_MESSAGES.replaceRefused });
      expect(await loadDefinition(t.app.db, bot.id)).toEqual(before);
    });

    it('otra empresa importa como copia en la suya, aunque pida otra idE', async () => {
      const doc = await exported();
      const response = await (await as('otra')).post(`${EXPORT}?idE=${demo}`, doc);
      expect(response.statusCode, response.body).toBe(200);
      const row = await t.app.db.selectFrom('bot').select('idE').where('id', '=', response.json().id).executeTakeFirstOrThrow();
      expect(row.idE).toBe(otra);
    });

    it('el administrador del sistema importa en la empresa que indique', async () => {
      const doc = await exported();
      const response = await (await as('admin')).post(`${EXPORT}?idE=${otra}`, doc);
      expect(response.statusCode, response.body).toBe(200);
      const row = await t.app.db.selectFrom('bot').select('idE').where('id', '=', response.json().id).executeTakeFirstOrThrow();
      expect(row.idE).toBe(otra);
    });

    it("un documento que no es un bot exportado responde 400 'no se puede leer el archivo' con el motivo", async () => {
      const c = await as('compania');
      const doc = await exported();
      const cases: Array<[unknown, RegExp]> = [
        [{ hola: 'mundo' }, /^no se puede leer el archivo: /],
        [{ ...doc, format: 'otro' }, /^no se puede leer el archivo: El campo format/],
        [{ ...doc, skills: [{ ...doc.skills[0], nm: 5 }] }, /^no se puede leer el archivo: El campo skills\[0\]\.nm debe ser un texto$/],
        [{ ...doc, acciones: [{ ...doc.acciones[0], idSkill: 'otro-skill' }] }, /^no se puede leer el archivo: .* pertenece a un skill que no está en el archivo \(otro-skill\)$/],
        [{ ...doc, skills: [doc.skills[0], doc.skills[0]] }, /^no se puede leer el archivo: el id de skill .* está repetido$/],
        // A kind of action the skill editor does not know.
        [{ ...doc, acciones: [{ ...doc.acciones[0], type: 'VIDEO' }] }, /^no se puede leer el archivo: El campo acciones\[0\]\.type tiene un valor no permitido$/],
      ];
      const count = async () => (await t.app.db.selectFrom('bot').select('id').execute()).length;
      const bots = await count();
      for (const [body, message] of cases) {
        const response = await c.post(EXPORT, body);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(message);
      }
      expect(await count()).toBe(bots);
    });

    it('un archivo cuyos ids son de otro bot no se importa reemplazando', async () => {
      const doc = await exported();
      const response = await (await as('compania')).post(`${EXPORT}?replace=true`, { ...doc, bot: { ...doc.bot, id: 'otro-id' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: DEPLOY_MESSAGES.idsInUse });
      expect(await t.app.db.selectFrom('bot').select('id').where('id', '=', 'otro-id').executeTakeFirst()).toBeUndefined();
    });

    it('escribe el evento 1 en la auditoría', async () => {
      const doc = await exported();
      await (await as('compania')).post(EXPORT, doc);
      const rows = await botAudit(t, 'Ventas completo');
      expect(rows[0]).toMatchObject({ ev: 1, us: ACCOUNTS.compania, idE: demo, val: `Bot «Ventas completo»: importado como copia de ${bot.id}` });
    });

    it.each(ALL_ACCOUNTS)('%s: solo quien edita bots importa', async (who) => {
      const doc = await exported();
      const response = await (await as(who)).post(EXPORT, doc);
      // Importing a copy touches no existing bot: another company imports into its own.
      const status = who === 'otra' ? 200 : expectedStatus(who, 'edit');
      expect(response.statusCode).toBe(status);
    });

    it('sin sesión responde 401', async () => {
      expect((await t.client().post(EXPORT, { format: 'quipu-bot' })).statusCode).toBe(401);
    });
  });

  describe('extras cifrados ligados a su empresa, bot y clave', () => {
    const readable = async (id: string) => {
      const row = await t.app.db.selectFrom('bot').select(['idE', 'extrasEnc']).where('id', '=', id).executeTakeFirstOrThrow();
      return readBotSecrets(TEST_SECRET_KEY, row.idE, id, JSON.parse(row.extrasEnc));
    };

    it('importado por otra empresa, el extra cifrado va en retype, no se lee y el despliegue pide ingresarlo; importado sobre el mismo bot se conserva', async () => {
      const doc = await exported();
      const c = await as('otra');
      const response = await c.post(EXPORT, doc);
      expect(response.statusCode, response.body).toBe(200);
      const id = response.json().id;
      expect(response.json()).toMatchObject({ message: BOT_MESSAGES.imported, retype: ['apiKey'] });
      const view = (await c.get(`${API}/bot?id=${id}`)).json();
      expect(view.extrasEnc).toEqual([{ key: 'apiKey', set: false, retype: true }]);
      expect(await readable(id)).toEqual({});
      const deployed = await c.post(`${API}/bot.deploy?msg=x`, { ...view, extrasEnc: [{ key: 'apiKey' }] });
      expect(deployed.statusCode, deployed.body).toBe(200);
      await t.app.jobs.drain();
      expect((await c.get(`${API}/bot-version?botId=${id}`)).json().msg).toContain('El parámetro cifrado «apiKey» se debe ingresar de nuevo');

      const back = await (await as('compania')).post(`${EXPORT}?replace=true&replaceParams=true`, doc);
      expect(back.json()).toEqual({ id: bot.id, message: BOT_MESSAGES.imported, retype: [] });
      expect((await (await as('compania')).get(`${API}/bot?id=${bot.id}`)).json().extrasEnc).toEqual([{ key: 'apiKey', set: true }]);
      expect(await readable(bot.id)).toEqual({ apiKey: SECRET_VALUE });
    });

    it('un valor anterior (v1, sin lugar) sigue leyéndose en su bot; importado sobre él queda ligado (v2), y como copia se pide de nuevo', async () => {
      await t.app.db.updateTable('bot').set({ extrasEnc: JSON.stringify([{ key: 'apiKey', enc: encryptSecret(TEST_SECRET_KEY, SECRET_VALUE) }]) }).where('id', '=', bot.id).execute();
      expect(await readable(bot.id)).toEqual({ apiKey: SECRET_VALUE });
      const doc = await exported();
      const c = await as('compania');

      const copy = (await c.post(EXPORT, doc)).json();
      expect(copy.retype).toEqual(['apiKey']);
      expect(await readable(copy.id)).toEqual({});
      expect((await c.get(`${API}/bot?id=${copy.id}`)).json().extrasEnc).toEqual([{ key: 'apiKey', set: false }]);

      expect((await c.post(`${EXPORT}?replace=true&replaceParams=true`, doc)).json().retype).toEqual([]);
      const [stored] = JSON.parse((await t.app.db.selectFrom('bot').select('extrasEnc').where('id', '=', bot.id).executeTakeFirstOrThrow()).extrasEnc);
      expect(stored.enc).toMatch(/^v2\./);
      expect(decryptSecret(TEST_SECRET_KEY, stored.enc, botExtraPlace(demo, bot.id, 'apiKey'))).toBe(SECRET_VALUE);
    });
  });

  describe('en otra instalación (otra clave)', () => {
    let other: TestApp;
    beforeAll(async () => {
      other = await createTestApp(dialect, { secretKey: Buffer.alloc(32, 9) });
    });
    afterAll(() => other?.close());

    it('los extras cifrados que no se pueden leer se listan para ingresarlos de nuevo, y el bot los muestra sin valor', async () => {
      const doc = await exported();
      const c = await other.login(ACCOUNTS.compania);
      const response = await c.post(EXPORT, doc);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ message: BOT_MESSAGES.imported, retype: ['apiKey'] });
      const view = (await c.get(`${API}/bot?id=${response.json().id}`)).json();
      expect(view.extrasEnc).toEqual([{ key: 'apiKey', set: false, retype: true }]);
      expect(JSON.stringify(view)).not.toContain(SECRET_VALUE);

      // Saving without a value keeps it pending; a deploy says it must be typed again.
      const body = { ...view, extrasEnc: [{ key: 'apiKey' }] };
      const deployed = await c.post(`${API}/bot.deploy?msg=x`, body);
      expect(deployed.statusCode, deployed.body).toBe(200);
      await other.app.jobs.drain();
      const version = (await c.get(`${API}/bot-version?botId=${view.id}`)).json();
      expect(version).toMatchObject({ done: true, error: true });
      expect(version.msg).toContain('El parámetro cifrado «apiKey» se debe ingresar de nuevo');

      // Typed again, it is readable here.
      const saved = await c.post(`${API}/bot`, { ...body, rev: view.rev + 1, extrasEnc: [{ key: 'apiKey', val: 'nuevo-valor' }] });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().extrasEnc).toEqual([{ key: 'apiKey', set: true }]);
    });
  });
});
