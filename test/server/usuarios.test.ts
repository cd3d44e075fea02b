// Users (list and user form): POST /usuario/search, POST /usuario,
// DELETE /usuario, against the real app on a seeded database.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, auditRows, companyId, initialPassword, mailBody, signedIn, type Account } from './adminFixtures';
import { API, createTestApp, dialects, outbox, userRow, type TestApp } from './helpers';

const SEARCH = `${API}/usuario/search`;
const SAVE = `${API}/usuario`;

describe.each(dialects)('usuarios (%s)', (dialect) => {
  let t: TestApp;
  const as = signedIn(() => t);
  let demo: string;
  let otra: string;
  let counter = 0;
  /** A fresh login for each user a test creates. */
  const newLogin = () => `persona${++counter}@demo.test`;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    demo = await companyId(t, 'Demo Internacional');
    otra = await companyId(t, 'Otra Empresa');
  });
  afterAll(() => t?.close());

  async function create(who: Account, body: Record<string, unknown>) {
    return (await as(who)).post(SAVE, { nm: 'Nueva', ap: 'Persona', usuario: newLogin(), ...body });
  }

  async function createOk(who: Account, body: Record<string, unknown> = {}) {
    const response = await create(who, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  describe('POST /usuario/search', () => {
    it.each([
      ['admin', 200],
      ['compania', 200],
      ['usuarios', 200],
      ['usuario', 200],
      ['dashboard', 403],
      ['historial', 403],
      ['supervisor', 403],
      ['otra', 200],
    ] as const)('%s recibe %i (administradores de usuarios o con acceso a canales)', async (who, status) => {
      const response = await (await as(who)).post(SEARCH, { page: 0, pageSize: 5 });
      expect(response.statusCode).toBe(status);
      if (status === 403) expect(response.json()).toEqual({ message: 'No tiene permiso para realizar esta acción' });
    });

    it('sin sesión responde 401', async () => {
      const response = await t.client().post(SEARCH, { page: 0 });
      expect(response.statusCode).toBe(401);
    });

    it('un usuario de otra empresa solo ve la suya, aunque pida otra idE', async () => {
      const response = await (await as('otra')).post(SEARCH, { page: 0, pageSize: 50, idE: demo });
      const body = response.json();
      const stored = await t.app.db.selectFrom('usuario').select('usuario').where('idE', '=', otra).execute();
      expect(body.content.map((u: { idE: string }) => u.idE)).toEqual(stored.map(() => otra));
      expect(body.totalElements).toBe(stored.length);
      expect(JSON.stringify(body)).not.toContain('compania@quipu.test');
    });

    it('el administrador del sistema ve todas las empresas, o la que pida', async () => {
      const admin = await as('admin');
      const all = (await admin.post(SEARCH, { page: 0, pageSize: 500 })).json();
      const total = await t.app.db.selectFrom('usuario').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(all.totalElements).toBe(Number(total.n));
      expect(new Set(all.content.map((u: { idE: string }) => u.idE)).size).toBe(3);
      const one = (await admin.post(SEARCH, { page: 0, pageSize: 500, idE: otra })).json();
      expect(one.content.every((u: { idE: string }) => u.idE === otra)).toBe(true);
    });

    it('pagina en el servidor: 5 por página por defecto, páginas sin repetir, del más nuevo al más antiguo', async () => {
      const c = await as('compania');
      const first = (await c.post(SEARCH, { page: 0 })).json();
      const second = (await c.post(SEARCH, { page: 1 })).json();
      expect(first.content).toHaveLength(5);
      expect(first.totalExact).toBe(true);
      expect(first.totalPages).toBe(Math.ceil(first.totalElements / 5));
      const ids = [...first.content, ...second.content].map((u: { id: string }) => u.id);
      expect(new Set(ids).size).toBe(10);
      const fechas = [...first.content, ...second.content].map((u: { fc: string }) => u.fc);
      expect(fechas).toEqual([...fechas].sort().reverse());
    });

    it.each([[[]], [[{ id: 'nm', desc: false }]], [[{ id: 'a', desc: true }]], [[{ id: 'uc', desc: false }, { id: 'ap', desc: true }]]])(
      'página a página (las del final se leen desde el final) da la misma lista que una sola página: %j',
      async (sorted) => {
        const c = await as('compania');
        const whole = (await c.post(SEARCH, { page: 0, pageSize: 100, sorted })).json();
        const pages = [];
        for (let page = 0; page < whole.totalElements / 3; page++) pages.push(...(await c.post(SEARCH, { page, pageSize: 3, sorted })).json().content);
        expect(pages).toEqual(whole.content);
      },
    );

    it('ordena por nombre, apellido, correo, activo, creador y fecha', async () => {
      const c = await as('compania');
      for (const id of ['nm', 'ap', 'usuario', 'uc', 'fc'] as const) {
        const asc = (await c.post(SEARCH, { page: 0, pageSize: 100, sorted: [{ id, desc: false }] })).json();
        const values = asc.content.map((u: Record<string, string | null>) => u[id] ?? '');
        expect(values, id).toEqual([...values].sort());
        const desc = (await c.post(SEARCH, { page: 0, pageSize: 100, sorted: [{ id, desc: true }] })).json();
        expect(desc.content.map((u: Record<string, string | null>) => u[id] ?? ''), id).toEqual([...values].reverse());
      }
      const activos = (await c.post(SEARCH, { page: 0, pageSize: 100, sorted: [{ id: 'a', desc: true }] })).json();
      const flags = activos.content.map((u: { a: boolean }) => u.a);
      expect(flags).toEqual([...flags].sort().reverse());
      expect(flags).toContain(false);
    });

    it('filtra por nombre, apellido y correo sin distinguir mayúsculas', async () => {
      const c = await as('compania');
      const byName = (await c.post(SEARCH, { page: 0, pageSize: 50, filtered: [{ id: 'nm', value: 'CAMILA' }] })).json();
      expect(byName.content.map((u: { usuario: string }) => u.usuario)).toEqual(['usuario@quipu.test']);
      expect(byName.totalElements).toBe(1);
      const bySurname = (await c.post(SEARCH, { page: 0, pageSize: 50, filtered: [{ id: 'ap', value: 'vargas' }] })).json();
      expect(bySurname.content.map((u: { nm: string }) => u.nm)).toEqual(['Tomás']);
      const byMail = (await c.post(SEARCH, { page: 0, pageSize: 50, filtered: [{ id: 'usuario', value: '@QUIPU.test' }] })).json();
      expect(byMail.content.every((u: { usuario: string }) => u.usuario.endsWith('@quipu.test'))).toBe(true);
      expect(byMail.totalElements).toBe(byMail.content.length);
      const both = (await c.post(SEARCH, { page: 0, filtered: [{ id: 'nm', value: 'camila' }, { id: 'ap', value: 'rojas' }] })).json();
      expect(both.content).toEqual([]);
      const q = (await c.post(SEARCH, { page: 0, filtered: [{ id: 'q', value: 'herrera' }] })).json();
      expect(q.content.map((u: { nm: string }) => u.nm)).toEqual(['Camila']);
    });

    it('las mayúsculas con tilde y la Ñ también: ÁLVAREZ se encuentra escribiendo álvarez', async () => {
      const c = await as('compania');
      const { id: idU } = await createOk('compania', { nm: 'ÁNGELA', ap: 'ÁLVAREZ MUÑOZ' });
      // Two letters go through LIKE alone; longer words through the full-text index as well.
      for (const [id, value] of [['ap', 'álvarez'], ['ap', 'muñoz'], ['ap', 'ño'], ['ap', 'LVAREZ'], ['q', 'álvarez'], ['nm', 'Ángela']]) {
        const found = (await c.post(SEARCH, { page: 0, filtered: [{ id, value }] })).json();
        expect(found.content.map((u: { id: string }) => u.id), `${id}=${value}`).toEqual([idU]);
      }
      expect((await c.post(SEARCH, { page: 0, filtered: [{ id: 'ap', value: 'alvarez' }] })).json().content).toEqual([]);
    });

    it('un % o _ en el filtro se busca tal cual', async () => {
      const c = await as('compania');
      const response = (await c.post(SEARCH, { page: 0, filtered: [{ id: 'usuario', value: '%' }] })).json();
      expect(response.content).toEqual([]);
      expect(response.totalElements).toBe(0);
    });

    it.each([
      [{ sorted: [{ id: 'pwd', desc: false }] }, "sorted: no se puede ordenar por el campo 'pwd' (campos permitidos: nm, ap, usuario, a, uc, fc)"],
      [{ filtered: [{ id: 'rol', value: 'ROLE_ADMIN' }] }, "filtered: no se puede filtrar por el campo 'rol' (campos permitidos: nm, ap, usuario, q)"],
      [{ pageSize: 501 }, 'El campo pageSize debe ser menor o igual a 500'],
      [{ page: -1 }, 'El campo page debe ser mayor o igual a 0'],
      [{ page: 'primera' }, 'El campo page debe ser un número entero'],
      [{ sorted: 'nm' }, 'El campo sorted[0] debe ser un objeto'],
      [{ filtered: [{ id: 'nm', value: 'x'.repeat(201) }] }, 'El campo filtered[0].value admite como máximo 200 caracteres'],
      [{ idE: 'x'.repeat(65) }, 'El campo idE admite como máximo 64 caracteres'],
    ])('rechaza %j con 400 nombrando el campo', async (body, message) => {
      const response = await (await as('compania')).post(SEARCH, { page: 0, ...body });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message.split(' (')[0]);
      expect(response.json().message).toBe(message);
    });

    it('acepta el rol que envía la consola y rechaza un campo no declarado', async () => {
      const api = await as('admin');
      expect((await api.post(SEARCH, { page: 0, pageSize: 10, sorted: [], filtered: [], idE: null, rol: 'ROLE_ADMIN' })).statusCode).toBe(200);
      const response = await api.post(SEARCH, { page: 0, pageSize: 10, orden: 'nm' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'El campo orden no está permitido' });
    });

    it('con el filtro ids (getMany de la consola) entrega esos usuarios de una vez, solo de la propia empresa', async () => {
      const mine = await Promise.all(['usuario@quipu.test', 'dashboard@quipu.test'].map((login) => userRow(t, login)));
      const foreign = await userRow(t, 'otra@quipu.test');
      const ids = [...mine.map((u) => u.id), foreign.id];
      const body = (await (await as('compania')).post(SEARCH, { page: 0, pageSize: 3, filtered: [{ id: 'ids', value: ids }] })).json();
      expect(body.content.map((u: { id: string }) => u.id).sort()).toEqual(mine.map((u) => u.id).sort());
      expect(body.totalElements).toBe(2);
      const wrong = await (await as('compania')).post(SEARCH, { page: 0, filtered: [{ id: 'nm', value: ['a', 'b'] }] });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe("filtered: el campo 'nm' no admite una lista de valores");
    });

    it('nunca entrega la contraseña ni el estado de bloqueo', async () => {
      const response = await (await as('admin')).post(SEARCH, { page: 0, pageSize: 100 });
      expect(response.body).not.toMatch(/pwd|scrypt|fallos|bloqueoHasta/);
    });
  });

  describe('POST /usuario: alta', () => {
    it.each([
      [{ nm: '' }, 'Ingrese un nombre'],
      [{ nm: '   ' }, 'Ingrese un nombre'],
      [{ ap: undefined }, 'Ingrese un apellido'],
      [{ usuario: '' }, 'Ingrese un email'],
      [{ usuario: 'no-es-un-correo' }, 'Ingrese un email válido'],
      [{ usuario: null }, 'Ingrese un email'],
      [{ clave: 'x' }, 'El campo clave no está permitido'],
    ])('rechaza %j con el mensaje del formulario', async (body, message) => {
      const response = await create('compania', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });

    it("el administrador debe indicar la empresa: 'Ingrese una empresa'", async () => {
      const response = await create('admin', { idE: '' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Ingrese una empresa' });
    });

    it.each([
      [{ nm: 'x'.repeat(101) }, 'El campo nm admite como máximo 100 caracteres'],
      [{ ap: 'x'.repeat(101) }, 'El campo ap admite como máximo 100 caracteres'],
      [{ usuario: `${'x'.repeat(200)}@demo.test` }, 'El campo usuario admite como máximo 200 caracteres'],
      [{ rol: 'R'.repeat(41) }, 'El campo rol admite como máximo 40 caracteres'],
      [{ nm: { texto: 'Ana' } }, 'El campo nm debe ser un texto'],
      [{ a: 'quizá' }, 'El campo a debe ser verdadero o falso'],
      [{ version: 'uno' }, 'El campo version debe ser un número entero'],
      [{ usuario: ['a@b.c', 'd@e.f'] }, 'El campo usuario debe ser un texto'],
    ])('un campo demasiado largo o de otro tipo (%j) es un 400 que lo nombra', async (body, message) => {
      const response = await create('compania', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });

    it('crea en la empresa del creador, con rol Usuario, creador y fecha; la contraseña inicial llega por correo y está vencida', async () => {
      const login = newLogin();
      const saved = await createOk('compania', { usuario: login.toUpperCase(), idE: otra, uc: 'otro@x.test', fc: '2000-01-01T00:00:00.000Z' });
      expect(saved).toMatchObject({ usuario: login, idE: demo, rol: 'ROLE_USER', a: true, uc: ACCOUNTS.compania, version: 1 });
      expect(saved.fc).toBe(new Date(t.clock.now).toISOString());
      expect(saved).not.toHaveProperty('pwd');

      const row = await userRow(t, login);
      expect(row.pwd).toMatch(/^scrypt\$/);
      expect(Date.parse(row.pwdExpira as string)).toBeLessThanOrEqual(t.clock.now);

      const password = (await initialPassword(t, login)) as string;
      expect(password).toMatch(/^\S{12}$/);
      expect(row.pwd).not.toContain(password);
      // The first sign-in leads to renewal.
      const signIn = await t.client().signIn(login, password);
      expect(signIn.statusCode).toBe(401);
      expect(signIn.json().message).toContain('expirado');
    });

    it('el administrador del sistema elige la empresa y el rol por defecto es Administrador Usuarios', async () => {
      const saved = await createOk('admin', { idE: otra });
      expect(saved).toMatchObject({ idE: otra, rol: 'ROLE_ADMINUSER', uc: ACCOUNTS.admin });
    });

    it('una empresa que no existe es un 400', async () => {
      const response = await create('admin', { idE: 'no-existe' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'La empresa indicada no existe' });
    });

    it.each([
      ['admin', 'ROLE_ADMIN', 200],
      ['admin', 'ROLE_COMPANIA', 200],
      ['compania', 'ROLE_COMPANIA', 200],
      ['compania', 'ROLE_ADMIN', 403],
      ['compania', 'ROLE_SUPERVISOR', 200],
      ['usuarios', 'ROLE_ADMINUSER', 200],
      ['usuarios', 'ROLE_COMPANIA', 403],
      ['usuarios', 'ROLE_ADMIN', 403],
      ['usuario', 'ROLE_USER', 403],
      ['usuario', 'ROLE_HISTORIAL', 403],
      ['otra', 'ROLE_DASHBOARD', 200],
    ] as const)('%s asignando %s recibe %i', async (who, rol, status) => {
      const response = await create(who, { rol, idE: who === 'admin' ? demo : undefined });
      expect(response.statusCode, response.body).toBe(status);
      if (status === 200) expect(response.json().rol).toBe(rol);
    });

    it('un usuario con acceso a canales no da de alta usuarios, ni siquiera sin rol', async () => {
      const response = await create('usuario', {});
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'No tiene permiso para realizar esta acción' });
    });

    it('un rol que no existe es un 400', async () => {
      const response = await create('compania', { rol: 'ROLE_JEFE' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: "rol: el rol 'ROLE_JEFE' no existe" });
    });

    it('un correo ya registrado, escrito con otras mayúsculas, es un 400', async () => {
      const response = await create('otra', { usuario: 'Compania@Quipu.TEST' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Ya existe un usuario con el correo compania@quipu.test' });
    });

    it('si el correo con la contraseña inicial no sale, el usuario no queda creado (502)', async () => {
      // A port nobody listens on.
      const port = await new Promise<number>((resolve) => {
        const server = net.createServer().listen(0, '127.0.0.1', () => {
          const { port } = server.address() as net.AddressInfo;
          server.close(() => resolve(port));
        });
      });
      await t.app.db.insertInto('email_cfg')
        .values({ id: 'default', host: '127.0.0.1', port, username: 'u', password: 'p', email: 'quipu@demo.test', provider: 'SMTP', fm: new Date().toISOString() })
        .execute();
      try {
        const login = newLogin();
        const response = await create('compania', { usuario: login });
        expect(response.statusCode).toBe(502);
        expect(response.json().message).toContain(`No se pudo enviar la contraseña inicial a ${login}: No se pudo conectar con el servidor de correo`);
        expect(await t.app.db.selectFrom('usuario').select('id').where('usuario', '=', login).executeTakeFirst()).toBeUndefined();
        const vals = (await auditRows(t, 4)).map((r) => r.val);
        expect(vals).toContain(`Usuario creado: ${login} (rol Usuario)`);
        expect(vals).toContain(`Usuario eliminado: ${login} (no se pudo enviar la contraseña inicial)`);
      } finally {
        await t.app.db.deleteFrom('email_cfg').execute();
      }
    });
  });

  describe('POST /usuario: un usuario que ingresa con Microsoft', () => {
    it('no recibe contraseña: el correo solo le dice cómo ingresar, y sin correo la cuenta queda igual', async () => {
      const login = newLogin();
      const created = await createOk('usuarios', { usuario: login, sso: true });
      expect(created.sso).toBe(true);
      const mail = (await outbox(t)).find((m) => new RegExp(`^To: ${login.replace(/[.]/g, '\\.')}$`, 'm').test(m.text));
      const body = mailBody(mail!.text);
      expect(body).toContain('Ingrese con «Ingresar con Microsoft»');
      expect(body).not.toContain('Contraseña');

      const port = await new Promise<number>((resolve) => {
        const server = net.createServer().listen(0, '127.0.0.1', () => {
          const { port } = server.address() as net.AddressInfo;
          server.close(() => resolve(port));
        });
      });
      await t.app.db.insertInto('email_cfg')
        .values({ id: 'default', host: '127.0.0.1', port, username: 'u', password: 'p', email: 'quipu@demo.test', provider: 'SMTP', fm: new Date().toISOString() })
        .execute();
      try {
        const other = newLogin();
        const response = await create('usuarios', { usuario: other, sso: true });
        expect(response.statusCode).toBe(200);
        expect(await t.app.db.selectFrom('usuario').select('sso').where('usuario', '=', other).executeTakeFirst()).toMatchObject({ sso: 1 });
      } finally {
        await t.app.db.deleteFrom('email_cfg').execute();
      }
    });
  });

  describe('POST /usuario: modificación', () => {
    it('conserva creador y fecha de creación aunque el cliente envíe otros, y sube la versión', async () => {
      const saved = await createOk('compania');
      const response = await (await as('compania')).post(SAVE, { ...saved, nm: 'Renombrada', uc: 'intruso@x.test', fc: '2000-01-01T00:00:00.000Z' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ nm: 'Renombrada', uc: saved.uc, fc: saved.fc, version: 2 });
    });

    it('con una versión vieja responde 409 y no sobrescribe nada', async () => {
      const saved = await createOk('compania');
      const c = await as('compania');
      expect((await c.post(SAVE, { ...saved, nm: 'Primera' })).statusCode).toBe(200);
      const stale = await c.post(SAVE, { ...saved, nm: 'Segunda', ap: 'Pisada' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ message: 'Otro usuario modificó este registro; recargue para ver los cambios' });
      const row = await userRow(t, saved.usuario);
      expect(row).toMatchObject({ nm: 'Primera', ap: saved.ap, version: 2 });
    });

    it('sin versión es un 400', async () => {
      const saved = await createOk('compania');
      const response = await (await as('compania')).post(SAVE, { ...saved, version: undefined });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'version: falta la versión del registro' });
    });

    it('el usuario de otra empresa no existe para quien lo pide (404), y no cambia', async () => {
      const target = await userRow(t, 'usuario@quipu.test');
      const missing = await (await as('otra')).post(SAVE, { id: 'no-existe', nm: 'X', ap: 'Y', usuario: newLogin(), version: 1 });
      const foreign = await (await as('otra')).post(SAVE, { id: target.id, nm: 'X', ap: 'Y', usuario: target.usuario, version: target.version });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual(missing.json());
      expect(foreign.json()).toEqual({ message: 'Usuario no encontrado' });
      expect((await userRow(t, 'usuario@quipu.test')).nm).toBe(target.nm);
    });

    it('quien no es administrador del sistema no mueve usuarios a otra empresa', async () => {
      const saved = await createOk('compania');
      const response = await (await as('compania')).post(SAVE, { ...saved, idE: otra });
      expect(response.json().idE).toBe(demo);
    });

    it('el administrador del sistema sí los mueve, y el total por empresa lo refleja', async () => {
      const saved = await createOk('compania');
      const admin = await as('admin');
      const before = (await admin.post(SEARCH, { page: 0, idE: otra })).json().totalElements;
      const response = await admin.post(SAVE, { ...saved, idE: otra });
      expect(response.json().idE).toBe(otra);
      expect((await admin.post(SEARCH, { page: 0, idE: otra })).json().totalElements).toBe(before + 1);
    });

    it("un Administrador Usuarios no cambia su propio rol: 'No puede cambiar su propio rol'", async () => {
      const c = await as('usuarios');
      const self = await userRow(t, ACCOUNTS.usuarios);
      const body = { id: self.id, nm: self.nm, ap: self.ap, usuario: self.usuario, version: self.version };
      const response = await c.post(SAVE, { ...body, rol: 'ROLE_USER' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'No puede cambiar su propio rol' });
      // Its own name, yes.
      const renamed = await c.post(SAVE, { ...body, nm: 'Andrés Felipe', rol: 'ROLE_ADMINUSER' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ nm: 'Andrés Felipe', rol: 'ROLE_ADMINUSER' });
    });

    it.each([
      ['usuarios', 403],
      ['usuario', 403],
      ['compania', 200],
    ] as const)('%s editando a un Administrador (ROLE_COMPANIA) recibe %i', async (who, status) => {
      const target = await createOk('compania', { rol: 'ROLE_COMPANIA' });
      const response = await (await as(who)).post(SAVE, { ...target, nm: 'Cambiada' });
      expect(response.statusCode).toBe(status);
      if (who === 'usuarios') expect(response.json()).toEqual({ message: 'No tiene permiso para modificar un usuario con rol Administrador' });
    });

    it('la compañía cambia el rol de un usuario; quien no elige roles no', async () => {
      const target = await createOk('compania');
      const denied = await (await as('usuario')).post(SAVE, { ...target, rol: 'ROLE_SUPERVISOR' });
      expect(denied.statusCode).toBe(403);
      const ok = await (await as('compania')).post(SAVE, { ...target, rol: 'ROLE_SUPERVISOR' });
      expect(ok.json().rol).toBe('ROLE_SUPERVISOR');
    });

    it("nadie se desactiva a sí mismo: 'No puede desactivar su propio usuario'", async () => {
      const self = await userRow(t, ACCOUNTS.compania);
      const response = await (await as('compania')).post(SAVE, { id: self.id, nm: self.nm, ap: self.ap, usuario: self.usuario, a: false, version: self.version });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'No puede desactivar su propio usuario' });
    });

    it('cambiar el correo por uno ya registrado es un 400', async () => {
      const target = await createOk('compania');
      const response = await (await as('compania')).post(SAVE, { ...target, usuario: 'USUARIO@quipu.test' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Ya existe un usuario con el correo usuario@quipu.test' });
    });
  });

  describe('DELETE /usuario', () => {
    const del = async (who: Account, id: string, url = `${SAVE}/?id=${id}`) => (await as(who)).send('DELETE', url);

    it.each([
      ['compania', 200],
      ['usuarios', 200],
      ['usuario', 403],
      ['dashboard', 403],
      ['historial', 403],
      ['supervisor', 403],
      ['otra', 404],
      ['admin', 200],
    ] as const)('%s borrando un usuario de Demo Internacional recibe %i', async (who, status) => {
      const target = await createOk('compania');
      const response = await del(who, target.id);
      expect(response.statusCode).toBe(status);
      const row = await t.app.db.selectFrom('usuario').select('id').where('id', '=', target.id).executeTakeFirst();
      expect(!!row).toBe(status !== 200);
    });

    it('acepta también DELETE /usuario?id', async () => {
      const target = await createOk('compania');
      const response = await del('compania', target.id, `${SAVE}?id=${target.id}`);
      expect(response.json()).toEqual({ id: target.id });
    });

    it("nadie se borra a sí mismo: 'No puede eliminar su propio usuario'", async () => {
      const self = await userRow(t, ACCOUNTS.usuarios);
      const response = await del('usuarios', self.id);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'No puede eliminar su propio usuario' });
    });

    it('un Administrador Usuarios no borra a un Administrador (ROLE_COMPANIA)', async () => {
      const target = await createOk('compania', { rol: 'ROLE_COMPANIA' });
      const response = await del('usuarios', target.id);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'No tiene permiso para modificar un usuario con rol Administrador' });
    });

    it('el usuario borrado pierde su sesión', async () => {
      const login = newLogin();
      const created = await createOk('compania', { usuario: login, rol: 'ROLE_ADMINUSER' });
      await t.app.db.updateTable('usuario').set({ pwdExpira: null }).where('id', '=', created.id).execute();
      const victim = await t.login(login, (await initialPassword(t, login)) as string);
      expect((await victim.post(SEARCH, { page: 0 })).statusCode).toBe(200);
      expect((await del('compania', created.id)).statusCode).toBe(200);
      expect((await victim.post(SEARCH, { page: 0 })).statusCode).toBe(401);
    });

    it('sin id es un 400 que nombra el campo', async () => {
      const response = await (await as('compania')).send('DELETE', `${SAVE}/`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'El campo id es obligatorio' });
    });
  });

  describe('auditoría automática (ev 4)', () => {
    it('cada alta, modificación y baja deja quién, cuándo, qué y los campos cambiados, sin contraseñas', async () => {
      t.clock.advance(60_000);
      const login = newLogin();
      const created = await createOk('usuarios', { usuario: login });
      const c = await as('usuarios');
      await c.post(SAVE, { ...created, nm: 'Otro nombre', a: false });
      await c.send('DELETE', `${SAVE}/?id=${created.id}`);

      const actor = await userRow(t, ACCOUNTS.usuarios);
      const rows = (await auditRows(t, 4)).filter((r) => r.val?.includes(login));
      expect(rows.map((r) => r.val).sort()).toEqual([
        `Usuario creado: ${login} (rol Usuario)`,
        `Usuario eliminado: ${login}`,
        `Usuario modificado: ${login} (campos: nombre, activo)`,
      ]);
      for (const row of rows) {
        expect(row).toMatchObject({ idU: actor.id, us: ACCOUNTS.usuarios, idE: demo, fc: new Date(t.clock.now).toISOString() });
      }
      expect(JSON.stringify(rows)).not.toContain(await initialPassword(t, login));
    });
  });
});

// The "contains" filters: on SQLite a term of 3 or more characters is read from a trigram index
// (migration 003) kept by triggers; shorter ones, and PostgreSQL, filter with LIKE.
describe.each(dialects)('usuarios: filtro "contiene" (%s)', (dialect) => {
  let t: TestApp;
  const as = signedIn(() => t);
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const base = await userRow(t, 'compania@quipu.test');
    const people = [
      ['u-fts-1', 'maría.peñaloza@texto.test', 'María José', 'Peñaloza Quispe'],
      ['u-fts-2', 'jose.ruiz@texto.test', 'José', 'Ruiz "el Grande"'],
      ['u-fts-3', 'ana.lucia@texto.test', 'Ana Lucía', 'Chávez'],
    ];
    await t.app.db
      .insertInto('usuario')
      .values(people.map(([id, usuario, nm, ap]) => ({ ...base, id, usuario, nm, ap, version: 1, fc: new Date(t.clock.now).toISOString() })))
      .execute();
  });
  afterAll(() => t?.close());

  const found = async (id: string, value: string) => {
    const body = (await (await as('compania')).post(SEARCH, { page: 0, pageSize: 100, filtered: [{ id, value }] })).json();
    expect(body.totalElements).toBe(body.content.length);
    return body.content.map((u: { id: string }) => u.id).filter((x: string) => x.startsWith('u-fts-')).sort();
  };

  it.each([
    ['usuario', 'ÑALOZA@TEX', ['u-fts-1']],
    ['usuario', 'uiz@', ['u-fts-2']],
    ['usuario', '@texto.test', ['u-fts-1', 'u-fts-2', 'u-fts-3']],
    ['usuario', 'ía', ['u-fts-1']],
    ['usuario', 'z', ['u-fts-1', 'u-fts-2']],
    ['nm', 'ARÍA JO', ['u-fts-1']],
    ['nm', 'sé', ['u-fts-1', 'u-fts-2']],
    ['ap', 'ñaloz', ['u-fts-1']],
    ['ap', '"el gran', ['u-fts-2']],
    ['ap', 'Grande" OR', []],
    ['q', 'ucía', ['u-fts-3']],
    ['q', 'noexiste', []],
  ])('%s contiene %j', async (id, value, expected) => {
    expect(await found(id, value)).toEqual(expected);
  });

  it('encuentra las filas nuevas y modificadas, y olvida las eliminadas', async () => {
    expect(await found('ap', 'xiomára')).toEqual([]);
    const base = await userRow(t, 'compania@quipu.test');
    await t.app.db.insertInto('usuario').values({ ...base, id: 'u-fts-4', usuario: 'nueva.fts@texto.test', nm: 'Nueva', ap: 'Xiomára', version: 1 }).execute();
    expect(await found('ap', 'XIOMÁRA')).toEqual(['u-fts-4']);
    await t.app.db.updateTable('usuario').set({ ap: 'Zúñiga' }).where('id', '=', 'u-fts-4').execute();
    expect(await found('ap', 'xiomára')).toEqual([]);
    expect(await found('ap', 'úñig')).toEqual(['u-fts-4']);
    expect(await found('usuario', 'nueva.fts')).toEqual(['u-fts-4']);
    await t.app.db.deleteFrom('usuario').where('id', '=', 'u-fts-4').execute();
    expect(await found('ap', 'úñig')).toEqual([]);
  });
});
