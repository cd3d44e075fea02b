// The rights a user without isBotEdit keeps, and their audit rows: ROLE_USER deploys a bot, and a
// channel-access user (usuario@: ROLE_USER with showChannels) links, unlinks, deactivates and
// activates a channel; each writes its row in the company's log (Demo Internacional has audit on),
// and a user of another company gets 404 and writes nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EV } from '../../common/schemas/rules';
import type { Bot } from '../../common/schemas/bots';
import { ACCOUNTS, companyId, signedIn } from './adminFixtures';
import { botAudit, insertBot, ok } from './botFixtures';
import { canalAudit, insertCanal } from './canalFixtures';
import { insertFullBot } from './fullBot';
import { API, createTestApp, dialects, type TestApp } from './helpers';

describe.each(dialects)('derechos sin isBotEdit y su auditoría (%s)', (dialect) => {
  let t: TestApp;
  const as = signedIn(() => t);
  let demo: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    demo = await companyId(t, 'Demo Internacional');
    expect((await t.app.db.selectFrom('empresa').select('audit').where('id', '=', demo).executeTakeFirstOrThrow()).audit).toBeTruthy();
  });
  afterAll(() => t?.close());
  beforeEach(() => t.clock.advance(1000));

  describe('POST /bot.deploy', () => {
    it('ROLE_USER despliega y queda el evento 2 a su nombre; otra empresa recibe 404 y no se anota nada', async () => {
      const bot = await insertFullBot(t, demo, `Despliegue ${t.clock.now}`);
      const otra = await as('otra');
      const c = await as('usuario');
      const current: Bot = await ok(await c.get(`${API}/bot?id=${bot.id}`));
      const body = { ...current, extrasEnc: current.extrasEnc.map((e) => ({ key: e.key })) };

      const foreign = await otra.post(`${API}/bot.deploy?msg=Ajeno`, body);
      expect(foreign.statusCode).toBe(404);
      await t.app.jobs.drain();
      expect(await botAudit(t, current.nm)).toEqual([]);

      await ok(await c.post(`${API}/bot.deploy?msg=Del%20usuario`, body));
      await t.app.jobs.drain();
      const events = await botAudit(t, current.nm);
      expect(events.find((e) => e.ev === EV.BOT_DESPLEGADO)).toMatchObject({ us: ACCOUNTS.usuario, idE: demo, val: `Bot «${current.nm}»: versión 1 desplegada («Del usuario»)` });
      expect(events.every((e) => e.us === ACCOUNTS.usuario)).toBe(true);
    });
  });

  describe('POST /ch/suscribe y POST /ch/active', () => {
    it('un usuario con acceso a canales vincula, desvincula, desactiva y activa: cada acción con su evento 3', async () => {
      const dsc = `Canal ${t.clock.now}`;
      const id = await insertCanal(t, demo, { dsc });
      const bot = await insertBot(t, demo, `Bot ${t.clock.now}`);
      const c = await as('usuario');
      for (const url of [`/ch/suscribe?id=${id}&idB=${bot}`, `/ch/suscribe?id=${id}&idB=blk`, `/ch/active?id=${id}&active=false`, `/ch/active?id=${id}&active=true`]) {
        t.clock.advance(1000);
        await ok(await c.post(`${API}${url}`));
      }
      const rows = await canalAudit(t, dsc);
      expect(rows.map((r) => [r.us, r.idE, r.val]).reverse()).toEqual([
        [ACCOUNTS.usuario, demo, `Canal Web «${dsc}»: vinculado al bot «Bot ${t.clock.now - 4000}»`],
        [ACCOUNTS.usuario, demo, `Canal Web «${dsc}»: desvinculado del bot «Bot ${t.clock.now - 4000}»`],
        [ACCOUNTS.usuario, demo, `Canal Web «${dsc}»: desactivado`],
        [ACCOUNTS.usuario, demo, `Canal Web «${dsc}»: activado`],
      ]);
    });

    it('un usuario de otra empresa recibe 404 al vincular, desvincular, desactivar o activar, y no se anota nada', async () => {
      const dsc = `Ajeno ${t.clock.now}`;
      const bot = await insertBot(t, demo);
      const id = await insertCanal(t, demo, { dsc, b: bot });
      const otra = await as('otra');
      for (const url of [`/ch/suscribe?id=${id}&idB=${bot}`, `/ch/suscribe?id=${id}&idB=blk`, `/ch/active?id=${id}&active=false`, `/ch/active?id=${id}&active=true`]) {
        expect((await otra.post(`${API}${url}`)).statusCode).toBe(404);
      }
      const row = await t.app.db.selectFrom('canal').select(['b', 'activo']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ b: bot });
      expect(row.activo).toBeTruthy();
      expect(await canalAudit(t, dsc)).toEqual([]);
    });
  });
});
