// Sessions under attack: a stolen cookie kept busy past SESSION_MAX_HOURS, a session outliving its
// company's access list or end date, cookies over https, and anonymous floods of the bootstrap.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/src/app';
import type { App } from '../../server/src/types';
import { API, Client, TEST_PASSWORD_COST, createTestApp, dialects, type TestApp } from './helpers';

describe.each(dialects)('sesiones endurecidas (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  beforeEach(async () => {
    await t.reset();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('vida máxima (SESSION_MAX_HOURS)', () => {
    it('una sesión siempre activa termina 12 horas después del ingreso y se borra su fila', async () => {
      const c = await t.login('otra@quipu.test');
      // Otra Empresa allows 60 idle minutes: a request every 50 keeps it alive until the 12 hours.
      for (let minutes = 50; minutes <= 700; minutes += 50) {
        t.clock.advance(50 * 60_000);
        expect((await c.post(`${API}/enki`)).statusCode, `${minutes} min`).toBe(200);
      }
      t.clock.advance(21 * 60_000);
      const res = await c.post(`${API}/enki`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'INTEGRITY' });
      expect(await t.app.db.selectFrom('sesion').where('idU', 'is not', null).selectAll().execute()).toEqual([]);
    });

    it('la purga borra las sesiones con más de SESSION_MAX_HOURS aunque sigan activas', async () => {
      const short = await createTestApp(dialect, { sessionMaxHours: 1 });
      try {
        await short.login('otra@quipu.test');
        await short.login('compania@quipu.test');
        // Both stay busy (fresh ua) but pass the hour since sign-in.
        short.clock.advance(61 * 60_000);
        await short.app.db.updateTable('sesion').set({ ua: short.clock.now }).execute();
        // Any signed write runs the purge; this sign-in is one.
        await short.login('usuario@quipu.test');
        const left = await short.app.db.selectFrom('sesion').where('idU', 'is not', null).selectAll().execute();
        expect(left).toHaveLength(1);
        expect(left[0].fc).toBe(new Date(short.clock.now).toISOString());
      } finally {
        await short.close();
      }
    });
  });

  describe('acceso de la empresa en sesiones vivas', () => {
    it("una sesión viva fuera de la nueva lista de acceso termina en el minuto: 401 'No se permite el ingreso desde la dirección X'", async () => {
      const c = await t.login('otra@quipu.test');
      await t.app.db.updateTable('empresa').set({ acl: 1, aclList: JSON.stringify(['192.168.5.0/24']) }).where('nm', '=', 'Otra Empresa').execute();
      t.clock.advance(61_000);
      const res = await c.get(`${API}/public/about`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: `No se permite el ingreso desde la dirección ${c.remoteAddress}`, code: 'SESSION' });
      expect(await t.app.db.selectFrom('sesion').where('idU', 'is not', null).selectAll().execute()).toEqual([]);
      // The session is gone for good, and the cookie was cleared.
      expect(c.cookies.size).toBe(0);
    });

    it("una sesión viva de una empresa cuya suscripción terminó: 401 'La suscripción de su empresa terminó el DD/MM/YYYY'", async () => {
      const c = await t.login('otra@quipu.test');
      await t.app.db.updateTable('empresa').set({ ff: '2025-03-31' }).where('nm', '=', 'Otra Empresa').execute();
      t.clock.advance(60_000);
      const res = await c.post(`${API}/enki`);
      // Refused before the integrity check even looks at the signature.
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'La suscripción de su empresa terminó el 31/03/2025', code: 'SESSION' });
    });

    it('dentro del minuto no se vuelve a consultar la empresa; una empresa en regla sigue funcionando', async () => {
      const c = await t.login('otra@quipu.test');
      t.clock.advance(61_000);
      expect((await c.post(`${API}/enki`)).statusCode).toBe(200);
      const row = await t.app.db.selectFrom('sesion').selectAll().where('idU', 'is not', null).executeTakeFirstOrThrow();
      expect(Number(row.checkedAt)).toBe(t.clock.now);
    });
  });

  describe('escrituras firmadas en una instancia que ya admitió la sesión (su fila se lee con el nonce)', () => {
    let b: App;
    beforeAll(async () => {
      b = await buildApp(t.config, { passwordCost: TEST_PASSWORD_COST, logger: false, seed: false, runJobs: false });
    });
    afterAll(async () => {
      await b?.close();
    });
    /** The same browser, talking to instance B, which then has admitted its session. */
    async function onB(c: Client): Promise<Client> {
      const other = new Client({ app: b, clock: t.clock }, c.remoteAddress);
      for (const [name, value] of c.cookies) other.cookies.set(name, value);
      other.key = c.key;
      expect((await other.post(`${API}/enki`)).statusCode).toBe(200);
      return other;
    }
    const sessions = () => t.app.db.selectFrom('sesion').where('idU', 'is not', null).selectAll().execute();

    it('la sesión se lee en el mismo viaje a la base que guarda el nonce', async () => {
      const c = await onB(await t.login('otra@quipu.test'));
      const spy = vi.spyOn(b.db.getExecutor(), 'executeQuery');
      try {
        expect((await c.post(`${API}/enki`)).statusCode).toBe(200);
        const statements = spy.mock.calls.map(([query]) => query.sql).filter((text) => /"sesion"|"nonce"/.test(text));
        if (dialect === 'postgres') {
          expect(statements).toHaveLength(1);
          expect(statements[0]).toMatch(/insert into "nonce".*from "sesion"/s);
        } else expect(statements).toHaveLength(2);
      } finally {
        spy.mockRestore();
      }
    });

    it('las escrituras firmadas que llegan juntas guardan sus nonces y leen sus sesiones en una sentencia por grupo', async () => {
      const clients = await Promise.all([onB(await t.login('otra@quipu.test')), onB(await t.login('compania@quipu.test'))]);
      const nonces = await t.app.db.selectFrom('nonce').select('nonce').execute();
      const spy = vi.spyOn(b.db.getExecutor(), 'executeQuery');
      try {
        const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => clients[i % 2].post(`${API}/enki`)));
        expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
        expect(answers.map((a) => a.json().user.usuario)).toEqual(Array.from({ length: 8 }, (_, i) => (i % 2 ? 'compania@quipu.test' : 'otra@quipu.test')));
        const statements = spy.mock.calls.map(([query]) => query.sql).filter((text) => /"nonce"/.test(text));
        // The first runs alone; the ones that arrive meanwhile share the next statement.
        if (dialect === 'postgres') expect(statements.length).toBeLessThan(8);
        else expect(statements).toHaveLength(8);
      } finally {
        spy.mockRestore();
      }
      expect(await t.app.db.selectFrom('nonce').select('nonce').execute()).toHaveLength(nonces.length + 8);
    });

    it('el mismo nonce en escrituras que llegan juntas: pasa una sola, las otras son una repetición', async () => {
      const c = await onB(await t.login('otra@quipu.test'));
      const other = { ...c.sign('POST', `${API}/enki`, '') };
      const same = { ...c.sign('POST', `${API}/enki`, '') };
      const answers = await Promise.all([other, same, same, same].map((headers) => c.inject({ method: 'POST', url: `${API}/enki`, headers })));
      expect(answers[0].statusCode).toBe(200);
      const repeated = answers.slice(1);
      expect(repeated.filter((a) => a.statusCode === 200)).toHaveLength(1);
      for (const refused of repeated.filter((a) => a.statusCode !== 200)) {
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toEqual({ message: 'Solicitud repetida: el nonce ya fue usado', code: 'INTEGRITY' });
      }
    });

    it('cerrada en otra instancia, ya no firma nada en esta', async () => {
      const a = await t.login('otra@quipu.test');
      const c = await onB(a);
      expect((await a.post(`${API}/logout`)).statusCode).toBe(204);
      const res = await c.post(`${API}/enki`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Sesión de integridad no iniciada; recargue la página', code: 'INTEGRITY' });
    });

    it('un usuario desactivado en otra instancia pierde la sesión en su siguiente escritura en esta', async () => {
      const c = await onB(await t.login('usuario@quipu.test'));
      await t.app.db.updateTable('usuario').set({ a: 0 }).where('usuario', '=', 'usuario@quipu.test').execute();
      expect((await c.post(`${API}/enki`)).statusCode).toBe(401);
      expect(await sessions()).toEqual([]);
    });

    it('vence por inactividad: la fila se borra y la escritura se rechaza', async () => {
      const c = await onB(await t.login('otra@quipu.test'));
      t.clock.advance(60 * 60_000 + 1);
      const res = await c.post(`${API}/enki`);
      expect(res.json()).toEqual({ message: 'Sesión de integridad no iniciada; recargue la página', code: 'INTEGRITY' });
      expect(await sessions()).toEqual([]);
    });

    it('vence a las 12 horas del ingreso aunque esta instancia la vea activa a cada rato', async () => {
      const c = await onB(await t.login('otra@quipu.test'));
      for (let minutes = 50; minutes <= 700; minutes += 50) {
        t.clock.advance(50 * 60_000);
        expect((await c.post(`${API}/enki`)).statusCode, `${minutes} min`).toBe(200);
      }
      t.clock.advance(21 * 60_000);
      expect((await c.post(`${API}/enki`)).statusCode).toBe(401);
      expect(await sessions()).toEqual([]);
    });

    it('fuera de la nueva lista de acceso de la empresa: 401 en el minuto y la cookie se borra', async () => {
      const c = await onB(await t.login('otra@quipu.test'));
      await t.app.db.updateTable('empresa').set({ acl: 1, aclList: JSON.stringify(['192.168.5.0/24']) }).where('nm', '=', 'Otra Empresa').execute();
      t.clock.advance(61_000);
      const res = await c.post(`${API}/enki`);
      expect(res.json()).toEqual({ message: `No se permite el ingreso desde la dirección ${c.remoteAddress}`, code: 'SESSION' });
      expect(await sessions()).toEqual([]);
      expect(c.cookies.size).toBe(0);
    });

    it('un nonce usado en una instancia se rechaza en la otra, también cuando las dos conocen la sesión', async () => {
      const a = await t.login('otra@quipu.test');
      const c = await onB(a);
      expect((await a.post(`${API}/enki`)).statusCode).toBe(200);
      const headers = { ...a.sign('POST', `${API}/enki`, '') };
      expect((await a.inject({ method: 'POST', url: `${API}/enki`, headers })).statusCode).toBe(200);
      const replay = await c.inject({ method: 'POST', url: `${API}/enki`, headers });
      expect(replay.json()).toEqual({ message: 'Solicitud repetida: el nonce ya fue usado', code: 'INTEGRITY' });
      // And the other way round, at the same time.
      const again = { ...c.sign('POST', `${API}/enki`, '') };
      const both = await Promise.all([a.inject({ method: 'POST', url: `${API}/enki`, headers: again }), c.inject({ method: 'POST', url: `${API}/enki`, headers: again })]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    });

    it('una firma mal hecha se juzga como siempre: primero la sesión, luego la firma', async () => {
      const c = await onB(await t.login('otra@quipu.test'));
      const bad = await c.post(`${API}/enki`, undefined, { tamper: { 'X-Sig': 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } });
      expect(bad.json()).toEqual({ message: 'Firma de integridad inválida', code: 'INTEGRITY' });
      await t.app.db.updateTable('empresa').set({ ff: '2025-03-31' }).where('nm', '=', 'Otra Empresa').execute();
      t.clock.advance(60_000);
      const refused = await c.post(`${API}/enki`, undefined, { tamper: { 'X-Sig': 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } });
      expect(refused.json()).toEqual({ message: 'La suscripción de su empresa terminó el 31/03/2025', code: 'SESSION' });
    });
  });

  describe('cookie de sesión bajo https', () => {
    it('con PUBLIC_URL https la cookie es __Host-quipu_sid, Secure, Path=/ y sin Domain, y el servidor la lee', async () => {
      const https = await createTestApp(dialect, { publicUrl: 'https://consola.quipu.example/' });
      try {
        const c = https.client();
        const res = await c.athena();
        expect(String(res.headers['set-cookie'])).toMatch(/^__Host-quipu_sid=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
        expect((await c.signIn('compania@quipu.test')).statusCode).toBe(200);
        expect(c.cookies.has('__Host-quipu_sid')).toBe(true);
        expect((await c.post(`${API}/enki`)).json().user.usuario).toBe('compania@quipu.test');
        const out = await c.post(`${API}/logout`);
        expect(String(out.headers['set-cookie'])).toMatch(/^__Host-quipu_sid=; Max-Age=0; Path=\/;.* Secure/);
      } finally {
        await https.close();
      }
    });

    it('una cookie quipu_sid de antes de https sigue valiendo, y el ingreso la reemplaza por __Host-quipu_sid', async () => {
      const https = await createTestApp(dialect, { publicUrl: 'https://consola.quipu.example/' });
      try {
        const c = https.client();
        await c.athena();
        const token = c.cookies.get('__Host-quipu_sid') as string;
        c.cookies.clear();
        c.cookies.set('quipu_sid', token);
        const res = await c.signIn('compania@quipu.test');
        expect(res.statusCode).toBe(200);
        expect(c.cookies.has('quipu_sid')).toBe(false);
        expect(c.cookies.has('__Host-quipu_sid')).toBe(true);
      } finally {
        await https.close();
      }
    });

    it('https informado por un balanceador de confianza da la cookie Secure; el mismo encabezado de otro origen no', async () => {
      const proxied = await createTestApp(dialect, { trustProxy: ['10.9.9.9'] });
      try {
        const viaProxy = await proxied.client('10.9.9.9').athena({ 'x-forwarded-proto': 'https' });
        expect(String(viaProxy.headers['set-cookie'])).toMatch(/^__Host-quipu_sid=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
        const spoofed = await proxied.client('10.7.7.7').athena({ 'x-forwarded-proto': 'https' });
        expect(String(spoofed.headers['set-cookie'])).toMatch(/^quipu_sid=[^;]+; Path=\/; HttpOnly; SameSite=Strict$/);
      } finally {
        await proxied.close();
      }
    });
  });

  describe('límites para llamadas anónimas', () => {
    it("POST /enki sin sesión ni credenciales: 429 'Demasiadas solicitudes. Espere un minuto e intente nuevamente.' pasado el límite por dirección", async () => {
      const limited = await createTestApp(dialect, { publicRatePerMinute: 3 });
      try {
        const c = limited.client('198.51.100.31');
        for (let i = 0; i < 3; i++) expect((await c.post(`${API}/enki`)).json().code).toBe('SESSION');
        const res = await c.post(`${API}/enki`);
        expect(res.statusCode).toBe(429);
        expect(res.json()).toEqual({ message: 'Demasiadas solicitudes. Espere un minuto e intente nuevamente.' });
        // Signing in keeps its own allowance, and the signed-in console checks freely.
        expect((await c.signIn('compania@quipu.test')).statusCode).toBe(200);
        for (let i = 0; i < 4; i++) expect((await c.post(`${API}/enki`)).statusCode).toBe(200);
      } finally {
        await limited.close();
      }
    });

    it("GET /public/athena sin sesión: 429 'Demasiadas solicitudes. Espere un minuto e intente nuevamente.' pasado el límite por dirección", async () => {
      const limited = await createTestApp(dialect, { publicRatePerMinute: 3 });
      try {
        for (let i = 0; i < 3; i++) expect((await limited.client('198.51.100.30').athena()).statusCode).toBe(200);
        const res = await limited.client('198.51.100.30').athena();
        expect(res.statusCode).toBe(429);
        expect(res.json()).toEqual({ message: 'Demasiadas solicitudes. Espere un minuto e intente nuevamente.' });
        // No pre-session row was made for the refused call.
        expect(await limited.app.db.selectFrom('sesion').selectAll().execute()).toHaveLength(3);
      } finally {
        await limited.close();
      }
    });
  });
});
