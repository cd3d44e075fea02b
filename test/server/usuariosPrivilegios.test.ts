// Privilege escalation through the users API: only ROLE_ADMIN, ROLE_COMPANIA and
// ROLE_ADMINUSER write users; nobody touches a user ranking above them or grants a role or flag
// they do not hold; a channel-access user reads the users screens and writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, signedIn } from './adminFixtures';
import { API, createTestApp, dialects, userRow, type TestApp } from './helpers';

const SAVE = `${API}/usuario`;
const REFUSED = { message: 'No tiene permiso para realizar esta acción' };

describe.each(dialects)('privilegios sobre usuarios (%s)', (dialect) => {
  let t: TestApp;
  const as = signedIn(() => t);

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t?.close());

  /** The record as the form sends it back, from the database. */
  async function formOf(login: string) {
    const row = await userRow(t, login);
    return {
      id: row.id,
      usuario: row.usuario,
      nm: row.nm,
      ap: row.ap,
      rol: row.rol,
      a: !!row.a,
      sso: !!row.sso,
      pmHist: !!row.pmHist,
      showChannels: !!row.showChannels,
      version: row.version,
    };
  }

  describe('un usuario con acceso a canales (ROLE_USER con showChannels)', () => {
    it('no le da historial a un Administrador Usuarios: 403 y nada cambia', async () => {
      const target = await formOf(ACCOUNTS.usuarios);
      const response = await (await as('usuario')).post(SAVE, { ...target, pmHist: true });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(REFUSED);
      expect((await userRow(t, ACCOUNTS.usuarios)).pmHist).toBeFalsy();
    });

    it('no cambia el correo de otro usuario para después pedir su recuperación (toma de la cuenta)', async () => {
      const target = await formOf(ACCOUNTS.usuarios);
      const response = await (await as('usuario')).post(SAVE, { ...target, usuario: 'atacante@fuera.test' });
      expect(response.statusCode).toBe(403);
      expect((await userRow(t, ACCOUNTS.usuarios)).usuario).toBe(ACCOUNTS.usuarios);
    });

    it('no crea ni borra usuarios', async () => {
      const client = await as('usuario');
      const created = await client.post(SAVE, { nm: 'Otra', ap: 'Cuenta', usuario: 'nueva@demo.test', rol: 'ROLE_USER' });
      expect(created.statusCode).toBe(403);
      expect(await t.app.db.selectFrom('usuario').select('id').where('usuario', '=', 'nueva@demo.test').executeTakeFirst()).toBeUndefined();
      const victim = await userRow(t, ACCOUNTS.dashboard);
      const deleted = await client.send('DELETE', `${SAVE}?id=${victim.id}`);
      expect(deleted.statusCode).toBe(403);
      expect(await userRow(t, ACCOUNTS.dashboard)).toBeDefined();
    });

    it('sí lee la lista y la ficha de un usuario de su empresa', async () => {
      const client = await as('usuario');
      expect((await client.post(`${API}/usuario/search`, { page: 0 })).statusCode).toBe(200);
      const target = await userRow(t, ACCOUNTS.usuarios);
      const read = await client.get(`${API}/usuario?id=${target.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json().usuario).toBe(ACCOUNTS.usuarios);
    });
  });

  describe('un Administrador Usuarios sin historial ni canales', () => {
    it('no otorga historial ni canales a un usuario existente', async () => {
      const target = await formOf(ACCOUNTS.dashboard);
      for (const flag of ['pmHist', 'showChannels'] as const) {
        const response = await (await as('usuarios')).post(SAVE, { ...target, [flag]: true });
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toMatch(/^No puede otorgar acceso a (historial|canales): usted no tiene ese permiso$/);
      }
      const row = await userRow(t, ACCOUNTS.dashboard);
      expect([row.pmHist, row.showChannels].map(Boolean)).toEqual([false, false]);
    });

    it('no crea un usuario con un permiso que no tiene', async () => {
      const response = await (await as('usuarios')).post(SAVE, { nm: 'Con', ap: 'Historial', usuario: 'conhist@demo.test', pmHist: true });
      expect(response.statusCode).toBe(403);
      expect(await t.app.db.selectFrom('usuario').select('id').where('usuario', '=', 'conhist@demo.test').executeTakeFirst()).toBeUndefined();
    });

    it('edita a un usuario que ya tenía esos permisos sin quitárselos', async () => {
      const target = await formOf(ACCOUNTS.usuario);
      expect([target.pmHist, target.showChannels]).toEqual([true, true]);
      const response = await (await as('usuarios')).post(SAVE, { ...target, nm: 'Renombrado' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ nm: 'Renombrado', pmHist: true, showChannels: true });
    });

    it('no edita ni borra a la cuenta Administrador (ROLE_COMPANIA) de su empresa', async () => {
      const client = await as('usuarios');
      const target = await formOf(ACCOUNTS.compania);
      const edited = await client.post(SAVE, { ...target, usuario: 'otro@demo.test' });
      expect(edited.statusCode).toBe(403);
      const deleted = await client.send('DELETE', `${SAVE}?id=${target.id}`);
      expect(deleted.statusCode).toBe(403);
      expect((await userRow(t, ACCOUNTS.compania)).usuario).toBe(ACCOUNTS.compania);
    });

    it('no asciende a nadie por encima de su propio rol', async () => {
      const target = await formOf(ACCOUNTS.dashboard);
      const response = await (await as('usuarios')).post(SAVE, { ...target, rol: 'ROLE_COMPANIA' });
      expect(response.statusCode).toBe(403);
      expect((await userRow(t, ACCOUNTS.dashboard)).rol).toBe('ROLE_DASHBOARD');
    });
  });

  it('el Administrador (ROLE_COMPANIA) tiene todos los permisos y puede otorgarlos', async () => {
    const target = await formOf(ACCOUNTS.supervisor);
    const response = await (await as('compania')).post(SAVE, { ...target, pmHist: true, showChannels: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ pmHist: true, showChannels: true });
  });

  it('el Administrador (ROLE_COMPANIA) no toca al administrador del sistema aunque conozca su id', async () => {
    const admin = await formOf(ACCOUNTS.admin);
    const response = await (await as('compania')).post(SAVE, { ...admin, nm: 'Intruso' });
    expect([403, 404]).toContain(response.statusCode);
    expect((await userRow(t, ACCOUNTS.admin)).nm).not.toBe('Intruso');
  });
});
