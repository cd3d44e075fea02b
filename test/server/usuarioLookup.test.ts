// GET /usuario?id: one user record, within the caller's company unless the caller is the system admin.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API, createTestApp, dialects, userRow, type TestApp } from './helpers';

describe.each(dialects)('GET /usuario?id (%s)', (dialect) => {
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

  it('devuelve el registro del usuario, con booleanos y sin contraseña ni datos de bloqueo', async () => {
    const c = await t.login('compania@quipu.test');
    const row = await userRow(t, 'usuario@quipu.test');
    const res = await c.get(`${API}/usuario?id=${row.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: row.id,
      usuario: 'usuario@quipu.test',
      idE: row.idE,
      rol: 'ROLE_USER',
      nm: 'Camila',
      ap: 'Herrera Paredes',
      a: true,
      uc: 'compania@quipu.test',
      sso: false,
      pmHist: true,
      showChannels: true,
      fc: row.fc,
      version: 1,
    });
  });

  it("un usuario de otra empresa recibe 404 'Usuario no encontrado', igual que para un id inexistente", async () => {
    const otra = await t.login('otra@quipu.test');
    const foreign = await userRow(t, 'usuario@quipu.test');
    const res = await otra.get(`${API}/usuario?id=${foreign.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Usuario no encontrado' });
    const missing = await otra.get(`${API}/usuario?id=no-existe`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Usuario no encontrado' });
    // Its own company's users are readable.
    const own = await userRow(t, 'ana.quispe@otra-empresa.test');
    expect((await otra.get(`${API}/usuario?id=${own.id}`)).json().nm).toBe('Ana');
  });

  it('el administrador del sistema lee usuarios de cualquier empresa', async () => {
    const admin = await t.login('admin@quipu.test');
    for (const login of ['usuario@quipu.test', 'ana.quispe@otra-empresa.test']) {
      const row = await userRow(t, login);
      const res = await admin.get(`${API}/usuario?id=${row.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().usuario).toBe(login);
    }
  });

  it('un administrador de usuarios lee los de su empresa; un rol sin acceso a usuarios recibe 403', async () => {
    const target = await userRow(t, 'historial@quipu.test');
    const adminUser = await t.login('usuarios@quipu.test');
    expect((await adminUser.get(`${API}/usuario?id=${target.id}`)).statusCode).toBe(200);

    const dashboard = await t.login('dashboard@quipu.test');
    const res = await dashboard.get(`${API}/usuario?id=${target.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'No tiene permiso para realizar esta acción' });
  });

  it("sin sesión: 401 'Sesión no iniciada'; sin id: 400 'El campo id es obligatorio'", async () => {
    const anonymous = await t.client().get(`${API}/usuario?id=x`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Sesión no iniciada', code: 'SESSION' });
    const c = await t.login('compania@quipu.test');
    const res = await c.get(`${API}/usuario`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'El campo id es obligatorio' });
  });
});
