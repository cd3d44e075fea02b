// Channel secrets and the helpers the provider adapters use (services/canales/canales.ts): secrets are
// encrypted at rest with SECRET_KEY, merged on save (null keeps, '' removes), never answered whole;
// adapters read them, store provider settings and write their audit row in one transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyId, signedIn } from './adminFixtures';
import { ok } from './botFixtures';
import { canalAudit, canalRow, insertCanal } from './canalFixtures';
import { deriveFlags } from '../../common/roles';
import { API, createTestApp, dialects, TEST_SECRET_KEY, type TestApp } from './helpers';
import { CANAL_MESSAGES } from '../../common/schemas/canales';
import { encryptCanalSecrets, findCanalFor, patchCanalCfg, readCanalSecret, toCanal, updateCanal, writeCanalSecrets } from '../../server/src/services/canales/canales';
import { canalSecretPlace, decryptSecret, encryptSecret } from '../../server/src/secrets';

const CH = `${API}/ch`;
const WEB = `${API}/ch/web`;

describe.each(dialects)('secretos de canales (%s)', (dialect) => {
  let t: TestApp;
  const as = signedIn(() => t);
  let demo: string;
  let otra: string;
  let n = 0;
  const unique = (prefix = 'Canal') => `${prefix} ${dialect} ${++n}`;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    demo = await companyId(t, 'Demo Internacional');
    otra = await companyId(t, 'Otra Empresa');
  });
  afterAll(() => t?.close());

  const stored = async (id: string) => JSON.parse((await canalRow(t, id))!.secretos) as Record<string, string>;

  describe('POST /ch/web con secretos', () => {
    it('los guarda cifrados (AES-256-GCM con SECRET_KEY) y solo responde cuáles están', async () => {
      const c = await as('compania');
      const response = await c.post(WEB, { name: 'Slack', dsc: unique('Slack'), cfg: { appId: 'A0123' }, secretos: { appSecret: 'app-s3cr3t', signingSecret: 'firma-s3cr3t' } });
      const canal = ok(response);
      expect(canal.secretos).toEqual({ appSecret: true, signingSecret: true });
      expect(canal.cfg).toEqual({ appId: 'A0123' });
      expect(response.body).not.toMatch(/s3cr3t/);
      const row = await canalRow(t, canal.id);
      expect(row!.secretos).not.toMatch(/s3cr3t/);
      const secrets = await stored(canal.id);
      expect(secrets.appSecret).toMatch(/^v2\./);
      expect(decryptSecret(TEST_SECRET_KEY, secrets.appSecret, canalSecretPlace(demo, canal.id, 'appSecret'))).toBe('app-s3cr3t');
      expect(decryptSecret(TEST_SECRET_KEY, secrets.signingSecret, canalSecretPlace(demo, canal.id, 'signingSecret'))).toBe('firma-s3cr3t');
      const read = await c.get(`${CH}?id=${canal.id}`);
      expect(read.body).not.toMatch(/s3cr3t|v2\./);
      expect(read.json().secretos).toEqual({ appSecret: true, signingSecret: true });
      const list = await c.get(`${CH}?idE=${demo}`);
      expect(list.body).not.toMatch(/s3cr3t|v2\./);
    });

    it("al guardar: omitido o null conserva, un valor reemplaza, '' borra; la auditoría nombra el secreto, nunca su valor", async () => {
      const c = await as('usuario');
      const dsc = unique('WhatsApp');
      const created = ok(await c.post(WEB, { name: 'Whatsapp', dsc, secretos: { accessToken: 'token-1', verifyToken: 'verifica-1', whatsappAppSecret: 'app-1' } }));
      const first = await stored(created.id);
      const kept = ok(await c.post(WEB, { id: created.id, name: 'Whatsapp', dsc, rev: 0, secretos: { accessToken: null } }));
      expect(kept.secretos).toEqual({ accessToken: true, verifyToken: true, whatsappAppSecret: true });
      expect(await stored(created.id)).toEqual(first);
      const changed = ok(await c.post(WEB, { id: created.id, name: 'Whatsapp', dsc, rev: 1, secretos: { accessToken: 'token-2', verifyToken: '' } }));
      expect(changed.secretos).toEqual({ accessToken: true, whatsappAppSecret: true });
      const now = await stored(created.id);
      expect(decryptSecret(TEST_SECRET_KEY, now.accessToken, canalSecretPlace(created.idE, created.id, 'accessToken'))).toBe('token-2');
      expect(now.whatsappAppSecret).toBe(first.whatsappAppSecret);
      expect(now.verifyToken).toBeUndefined();
      const audit = await canalAudit(t, dsc);
      expect(audit.map((r) => r.val)).toContain(`Canal Whatsapp «${dsc}»: cambió secretos: accessToken, verifyToken`);
      expect(audit.map((r) => r.val).join(' ')).not.toMatch(/token-|verifica-|app-1/);
    });

    it('un secreto que no es de la lista se rechaza', async () => {
      const response = await (await as('compania')).post(WEB, { name: 'Slack', dsc: unique(), secretos: { password: 'x' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'El campo secretos.password no está permitido', field: 'secretos.password' });
    });

    it('un secreto cifrado con otra clave (otra instalación) no cuenta como guardado', async () => {
      const foreign = encryptSecret(Buffer.alloc(32, 9), 'ajeno');
      const id = await insertCanal(t, demo, { name: 'Telegram', red: 2, secretos: JSON.stringify({ token: foreign }) });
      expect(ok(await (await as('compania')).get(`${CH}?id=${id}`)).secretos).toEqual({});
      expect(readCanalSecret(t.app, (await canalRow(t, id))!, 'token')).toBeUndefined();
    });
  });

  describe('secretos ligados a su empresa, canal y nombre', () => {
    it('un secreto copiado (directo en la base) a otro canal o a otro nombre no se lee ni cuenta como guardado', async () => {
      const first = await insertCanal(t, demo, { name: 'Telegram', red: 2, dsc: unique() });
      const row = await writeCanalSecrets(t.app, { id: first }, { token: '123456:ABC-telegram' });
      const cipher = (await stored(first)).token;
      const second = await insertCanal(t, demo, { name: 'Telegram', red: 2, dsc: unique(), secretos: JSON.stringify({ token: cipher }) });
      const foreign = await insertCanal(t, otra, { name: 'Telegram', red: 2, dsc: unique(), secretos: JSON.stringify({ token: cipher }) });
      await t.app.db.updateTable('canal').set({ secretos: JSON.stringify({ token: cipher, webhookSecret: cipher }) }).where('id', '=', first).execute();

      expect(readCanalSecret(t.app, row, 'token')).toBe('123456:ABC-telegram');
      for (const id of [second, foreign]) {
        expect(readCanalSecret(t.app, (await canalRow(t, id))!, 'token')).toBeUndefined();
        expect(toCanal((await canalRow(t, id))!, null, TEST_SECRET_KEY).secretos).toEqual({});
      }
      expect(readCanalSecret(t.app, (await canalRow(t, first))!, 'webhookSecret')).toBeUndefined();
      expect(ok(await (await as('compania')).get(`${CH}?id=${first}`)).secretos).toEqual({ token: true });
    });

    it('un secreto anterior (v1) se sigue leyendo y queda ligado a su canal al guardar', async () => {
      const id = await insertCanal(t, demo, { name: 'Telegram', red: 2, dsc: unique(), secretos: JSON.stringify({ token: encryptSecret(TEST_SECRET_KEY, 'viejo-token') }) });
      expect(readCanalSecret(t.app, (await canalRow(t, id))!, 'token')).toBe('viejo-token');
      await writeCanalSecrets(t.app, { id }, { webhookSecret: 'nuevo' });
      const now = await stored(id);
      expect(now.token).toMatch(/^v2\./);
      expect(decryptSecret(TEST_SECRET_KEY, now.token, canalSecretPlace(demo, id, 'token'))).toBe('viejo-token');
    });
  });

  describe('ayudas para los adaptadores de proveedor', () => {
    it('findCanalFor: 404 fuera del alcance del usuario, 403 sin acceso a canales, el administrador del sistema llega a todas', async () => {
      const id = await insertCanal(t, demo, { dsc: unique() });
      const subject = (rol: 'ROLE_COMPANIA' | 'ROLE_ADMIN' | 'ROLE_DASHBOARD', idE: string) => ({
        id: 'u', usuario: 'u@test', idE, rol, nm: 'U', ap: 'U', flags: deriveFlags({ rol }), emp: { id: idE, nm: 'E', audit: false, tg: false, liveAgent: false, ts: 30, tz: null },
      }) as unknown as Parameters<typeof findCanalFor>[1];
      expect((await findCanalFor(t.app.db, subject('ROLE_COMPANIA', demo), id)).id).toBe(id);
      expect((await findCanalFor(t.app.db, subject('ROLE_ADMIN', otra), id)).id).toBe(id);
      await expect(findCanalFor(t.app.db, subject('ROLE_COMPANIA', otra), id)).rejects.toMatchObject({ statusCode: 404, message: CANAL_MESSAGES.notFound });
      await expect(findCanalFor(t.app.db, subject('ROLE_DASHBOARD', demo), id)).rejects.toMatchObject({ statusCode: 403 });
    });

    it('writeCanalSecrets cifra y readCanalSecret lee; toCanal nunca muestra el valor', async () => {
      const id = await insertCanal(t, demo, { name: 'Telegram', red: 2 });
      const row = await writeCanalSecrets(t.app, { id }, { token: '123456:ABC-telegram', webhookSecret: 'secreto-webhook' });
      expect(row.secretos).not.toMatch(/ABC-telegram|secreto-webhook/);
      expect(readCanalSecret(t.app, row, 'token')).toBe('123456:ABC-telegram');
      expect(readCanalSecret(t.app, row, 'webhookSecret')).toBe('secreto-webhook');
      expect(readCanalSecret(t.app, row, 'signingSecret')).toBeUndefined();
      const view = toCanal(row, null, TEST_SECRET_KEY);
      expect(view.secretos).toEqual({ token: true, webhookSecret: true });
      expect(JSON.stringify(view)).not.toMatch(/ABC-telegram|secreto-webhook/);
      const removed = await writeCanalSecrets(t.app, row, { token: '', webhookSecret: null });
      expect(readCanalSecret(t.app, removed, 'token')).toBeUndefined();
      expect(readCanalSecret(t.app, removed, 'webhookSecret')).toBe('secreto-webhook');
    });

    it('encryptCanalSecrets devuelve la columna nueva sin tocar la base', async () => {
      const json = encryptCanalSecrets(TEST_SECRET_KEY, { idE: demo, id: 'c1' }, JSON.stringify({ appSecret: encryptSecret(TEST_SECRET_KEY, 'viejo') }), { signingSecret: 'nuevo', appSecret: undefined });
      const parsed = JSON.parse(json) as Record<string, string>;
      expect(Object.keys(parsed).sort()).toEqual(['appSecret', 'signingSecret']);
      // The v1 value kept is bound to its channel now.
      expect(parsed.appSecret).toMatch(/^v2\./);
      expect(decryptSecret(TEST_SECRET_KEY, parsed.appSecret, canalSecretPlace(demo, 'c1', 'appSecret'))).toBe('viejo');
      expect(decryptSecret(TEST_SECRET_KEY, parsed.signingSecret, canalSecretPlace(demo, 'c1', 'signingSecret'))).toBe('nuevo');
    });

    it('patchCanalCfg combina los ajustes (null borra) sin cambiar la rev que guarda el editor', async () => {
      const id = await insertCanal(t, demo, { name: 'Slack', red: 7, cfg: JSON.stringify({ appId: 'A1', teamId: 'T0' }), rev: 4 });
      const row = await patchCanalCfg(t.app, { id }, { teamId: 'T1', teamName: 'Demo', appId: null });
      expect(JSON.parse(row.cfg)).toEqual({ teamId: 'T1', teamName: 'Demo' });
      expect(row.rev).toBe(4);
    });

    it('updateCanal escribe el cambio y su fila de auditoría en una transacción', async () => {
      const dsc = unique('Telegram');
      const id = await insertCanal(t, demo, { name: 'Telegram', red: 2, dsc, activo: 0 });
      const actor = { id: 'u1', usuario: 'compania@quipu.test', idE: demo };
      const row = await updateCanal(t.app, id, { activo: true, cfg: { username: 'quipu_bot', webhook: true }, secretos: { token: '1:AA' } }, { actor, detail: 'conectado a Telegram' });
      expect(row).toMatchObject({ activo: 1 });
      expect(JSON.parse(row.cfg)).toEqual({ username: 'quipu_bot', webhook: true });
      expect(readCanalSecret(t.app, row, 'token')).toBe('1:AA');
      expect((await canalAudit(t, dsc))[0]).toMatchObject({ ev: 3, idE: demo, us: 'compania@quipu.test', val: `Canal Telegram «${dsc}»: conectado a Telegram` });
      await expect(updateCanal(t.app, 'no-existe', { activo: false })).rejects.toMatchObject({ statusCode: 404 });
      // A failure after the change undoes it, audit row included.
      const failing = t.app.db.transaction().execute(async (trx) => {
        await updateCanal(t.app, id, { activo: false }, { trx, actor, detail: 'desconectado' });
        throw new Error('falla después');
      });
      await expect(failing).rejects.toThrow('falla después');
      expect((await canalRow(t, id))?.activo).toBe(1);
      expect((await canalAudit(t, dsc)).map((r) => r.val)).not.toContain(`Canal Telegram «${dsc}»: desconectado`);
    });

    it('dos escritores a la vez no pierden los secretos del otro', async () => {
      const id = await insertCanal(t, demo, { name: 'Slack', red: 7 });
      await Promise.all([
        writeCanalSecrets(t.app, { id }, { appSecret: 'uno' }),
        writeCanalSecrets(t.app, { id }, { signingSecret: 'dos' }),
        patchCanalCfg(t.app, { id }, { teamId: 'T9' }),
        writeCanalSecrets(t.app, { id }, { botToken: 'xoxb-tres' }),
      ]);
      const row = (await canalRow(t, id))!;
      expect(readCanalSecret(t.app, row, 'appSecret')).toBe('uno');
      expect(readCanalSecret(t.app, row, 'signingSecret')).toBe('dos');
      expect(readCanalSecret(t.app, row, 'botToken')).toBe('xoxb-tres');
      expect(JSON.parse(row.cfg)).toEqual({ teamId: 'T9' });
    });
  });
});
