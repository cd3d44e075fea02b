// Companies (list and editor): GET /empresa,
// POST /empresa, DELETE /empresa.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ACCOUNTS, auditRows, companyId, signedIn, type Account } from './adminFixtures';
import { API, createTestApp, dialects, type TestApp } from './helpers';

const URL = `${API}/empresa`;

describe.each(dialects)('empresas (%s)', (dialect) => {
  let t: TestApp;
  const as = signedIn(() => t);
  let demo: string;
  let otra: string;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    demo = await companyId(t, 'Demo Internacional');
    otra = await companyId(t, 'Otra Empresa');
  });
  afterAll(() => t?.close());

  const save = async (body: Record<string, unknown>, who: Account = 'admin') => (await as(who)).post(URL, body);
  const TOKENS = { tk1: 'token-1', tk2: 'token-2', tk3: 'token-3', tk4: 'token-4' };
  async function createOk(body: Record<string, unknown> = {}) {
    const response = await save({ nm: `Empresa ${++counter}`, ruc: `2010000${counter}`, ...TOKENS, ...body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  const stored = (id: string) => t.app.db.selectFrom('empresa').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('GET /empresa', () => {
    it('el administrador del sistema ve todas las empresas', async () => {
      const response = await (await as('admin')).get(URL);
      expect(response.statusCode).toBe(200);
      expect(response.json().map((e: { nm: string }) => e.nm)).toEqual(expect.arrayContaining(['Administración', 'Demo Internacional', 'Otra Empresa']));
    });

    it.each(ALL_ACCOUNTS.filter((who) => who !== 'admin'))('%s solo ve la suya', async (who) => {
      const response = await (await as(who)).get(URL);
      expect(response.statusCode).toBe(200);
      expect(response.json().map((e: { id: string }) => e.id)).toEqual([who === 'otra' ? otra : demo]);
    });

    it.each([
      ['admin', true],
      ['compania', true],
      ['supervisor', false],
      ['usuarios', false],
      ['usuario', false],
    ] as const)('los tokens se muestran a %s: %s', async (who, shown) => {
      await t.app.db.updateTable('empresa').set({ tk1: 'secreto-1', tk2: 'secreto-2', tk3: 'secreto-3', tk4: 'secreto-4' }).where('id', '=', demo).execute();
      const response = await (await as(who)).get(`${URL}?id=${demo}`);
      expect(response.body.includes('secreto-1')).toBe(shown);
      expect('tk1' in response.json()).toBe(shown);
    });

    it.each([
      ['admin', 'demo', 200],
      ['admin', 'otra', 200],
      ['supervisor', 'demo', 200],
      ['compania', 'demo', 200],
      ['dashboard', 'demo', 200],
      ['supervisor', 'otra', 404],
      ['compania', 'otra', 404],
      ['otra', 'demo', 404],
    ] as const)("GET /empresa?id: %s pidiendo la empresa %s recibe %i ('Mi empresa')", async (who, which, status) => {
      const id = which === 'demo' ? demo : otra;
      const response = await (await as(who)).get(`${URL}?id=${id}`);
      expect(response.statusCode).toBe(status);
      if (status === 200) expect(response.json()).toMatchObject({ id, aclList: [], activo: true });
      else expect(response.json()).toEqual({ message: 'Empresa no encontrada' });
    });

    it('una empresa ajena responde igual que una que no existe', async () => {
      const foreign = await (await as('otra')).get(`${URL}?id=${demo}`);
      const missing = await (await as('admin')).get(`${URL}?id=no-existe`);
      expect(foreign.statusCode).toBe(missing.statusCode);
      expect(foreign.json()).toEqual(missing.json());
    });

    it('sin sesión responde 401', async () => {
      expect((await t.client().get(URL)).statusCode).toBe(401);
    });

    it('un id demasiado largo es un 400 que lo nombra', async () => {
      const response = await (await as('admin')).get(`${URL}?id=${'x'.repeat(65)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'El campo id admite como máximo 64 caracteres' });
    });
  });

  describe('POST /empresa', () => {
    it.each(ALL_ACCOUNTS.map((who) => [who, who === 'admin' ? 200 : 403] as const))('%s recibe %i (solo el administrador del sistema)', async (who, status) => {
      const response = await save({ nm: `Empresa de ${who}`, ruc: '20100000000', ...TOKENS }, who);
      expect(response.statusCode).toBe(status);
    });

    it('crea con todos los campos; la fecha de creación la pone el servidor', async () => {
      const body = {
        nm: 'Transportes Andinos',
        ruc: '20987654321',
        activo: true,
        audit: true,
        dir: 'Av. Arequipa 123',
        tel: '+51 1 555 0000',
        c: 'María Pérez',
        razon: 'Transportes Andinos S.A.C.',
        cs: 'cs',
        csA: 'csA',
        csE: 'csE',
        consulta: 'https://consulta.example/api',
        ff: '2027-12-31',
        acl: true,
        aclList: ['10.0.0.0/8', '2001:db8::/32', '192.168.1.10', '172.16.0.0/255.240.0.0'],
        liveAgent: true,
        tg: true,
        ts: 45,
        tz: 'Europe/Madrid',
        tk1: 'a',
        tk2: 'b',
        tk3: 'c',
        tk4: 'd',
        fc: '2000-01-01T00:00:00.000Z',
      };
      const saved = await createOk(body);
      expect(saved).toEqual({ ...body, id: expect.any(String), fc: new Date(t.clock.now).toISOString(), version: 1 });
      const row = await stored(saved.id);
      expect(row).toMatchObject({ activo: 1, audit: 1, acl: 1, aclList: JSON.stringify(body.aclList), ts: 45, tz: 'Europe/Madrid' });
    });

    it('los valores por defecto: activa, sin auditoría, 30 minutos de sesión, sin fecha de fin', async () => {
      const saved = await createOk();
      expect(saved).toMatchObject({ activo: true, audit: false, acl: false, aclList: [], liveAgent: false, tg: false, ts: 30, tz: null, ff: null, dir: null });
    });

    it.each([
      [{ nm: '' }, 'Campo requerido: Nombre'],
      [{ nm: '  ' }, 'Campo requerido: Nombre'],
      [{ ruc: undefined }, 'Campo requerido: RUC'],
      [{ ts: 0 }, 'Duración de sesión: debe ser un número entero mayor o igual a 1'],
      [{ ts: 1.5 }, 'Duración de sesión: debe ser un número entero mayor o igual a 1'],
      [{ ff: 'mañana' }, 'Fecha de fin no válida: use AAAA-MM-DD'],
      [{ tz: 'Lima' }, "Zona horaria no válida: 'Lima'; use un nombre como America/Lima"],
      [{ tz: 'America/Atlantida' }, "Zona horaria no válida: 'America/Atlantida'; use un nombre como America/Lima"],
      [{ tk1: 'a', tk2: '', tk3: 'c' }, 'Campo requerido: Token 2'],
      [{ tk1: 'a', tk2: 'b', tk3: 'c', tk4: ' ' }, 'Campo requerido: Token 4'],
      [{ aclList: ['10.0.0.0/8', '10.0.0.300/24'] }, "La entrada 2 de la lista ACL ('10.0.0.300/24') no es una dirección IP/máscara válida"],
      [{ aclList: ['10.0.0.0/33'] }, "La entrada 1 de la lista ACL ('10.0.0.0/33') no es una dirección IP/máscara válida"],
      [{ aclList: ['2001:db8::/129'] }, "La entrada 1 de la lista ACL ('2001:db8::/129') no es una dirección IP/máscara válida"],
      [{ aclList: ['10.0.0.0/255.0.255.0'] }, "La entrada 1 de la lista ACL ('10.0.0.0/255.0.255.0') no es una dirección IP/máscara válida"],
      [{ aclList: ['10.0.0.0/8', '192.168.0.0/16', 'intranet'] }, "La entrada 3 de la lista ACL ('intranet') no es una dirección IP/máscara válida"],
      [{ aclList: ['10.0.0.0/8/8'] }, "La entrada 1 de la lista ACL ('10.0.0.0/8/8') no es una dirección IP/máscara válida"],
      [{ aclList: [''] }, "La entrada 1 de la lista ACL ('') no es una dirección IP/máscara válida"],
    ])('rechaza %j: %s', async (body, message) => {
      const response = await save({ nm: 'Válida', ruc: '1', ...TOKENS, ...body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });

    it.each([
      [{ nm: 'x'.repeat(201) }, 'El campo nm admite como máximo 200 caracteres'],
      [{ ruc: 'x'.repeat(41) }, 'El campo ruc admite como máximo 40 caracteres'],
      [{ tk2: 'x'.repeat(201) }, 'El campo tk2 admite como máximo 200 caracteres'],
      [{ aclList: ['1'.repeat(101)] }, 'El campo aclList[0] admite como máximo 100 caracteres'],
      [{ aclList: { a: 1 } }, 'El campo aclList debe ser una lista'],
      [{ ts: 'media hora' }, 'El campo ts debe ser un número'],
      [{ ts: 10_000_000 }, 'El campo ts debe ser menor o igual a 525600'],
      [{ tz: 'x'.repeat(65) }, 'El campo tz admite como máximo 64 caracteres'],
      [{ activo: 'quizá' }, 'El campo activo debe ser verdadero o falso'],
      [{ nm: ['a', 'b'] }, 'El campo nm debe ser un texto'],
    ])('un campo demasiado largo o de otro tipo (%j) es un 400 que lo nombra', async (body, message) => {
      const response = await save({ nm: 'Válida', ruc: '1', ...TOKENS, ...body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });

    it("un campo no declarado es un 400 que lo nombra: 'El campo extra no está permitido'", async () => {
      const response = await save({ nm: 'Válida', ruc: '1', ...TOKENS, extra: 1 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'El campo extra no está permitido' });
    });

    it('los cuatro tokens de la sección de la compañía son obligatorios', async () => {
      expect((await save({ nm: 'X', ruc: '1' })).json()).toEqual({ message: 'Campo requerido: Token 1' });
      expect((await save({ nm: 'X', ruc: '1', ...TOKENS, tk3: null })).json()).toEqual({ message: 'Campo requerido: Token 3' });
    });

    it('la modificación conserva la fecha de creación y sube la versión', async () => {
      const saved = await createOk();
      const response = await save({ ...saved, nm: 'Renombrada', fc: '2000-01-01T00:00:00.000Z' });
      expect(response.json()).toMatchObject({ nm: 'Renombrada', fc: saved.fc, version: 2 });
    });

    it('con una versión vieja responde 409 y no sobrescribe nada', async () => {
      const saved = await createOk();
      expect((await save({ ...saved, nm: 'Primera' })).statusCode).toBe(200);
      const stale = await save({ ...saved, nm: 'Segunda', ruc: '999' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ message: 'Otro usuario modificó este registro; recargue para ver los cambios' });
      expect(await stored(saved.id)).toMatchObject({ nm: 'Primera', ruc: saved.ruc, version: 2 });
    });

    it("el administrador no desactiva su propia empresa: 'No puede desactivar su propia empresa'", async () => {
      const own = (await (await as('admin')).get(`${URL}?id=${await companyId(t, 'Administración')}`)).json();
      const response = await save({ ...own, activo: false });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'No puede desactivar su propia empresa' });
    });

    it('sin versión es un 400; una empresa que no existe, un 404', async () => {
      const saved = await createOk();
      expect((await save({ ...saved, version: undefined })).json()).toEqual({ message: 'version: falta la versión del registro' });
      const missing = await save({ ...saved, id: 'no-existe' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Empresa no encontrada' });
    });
  });

  describe('DELETE /empresa', () => {
    const del = async (id: string, who: Account = 'admin') => (await as(who)).send('DELETE', `${URL}?id=${id}`);

    it.each(ALL_ACCOUNTS.filter((who) => who !== 'admin'))('%s recibe 403 y la empresa queda', async (who) => {
      const saved = await createOk();
      expect((await del(saved.id, who)).statusCode).toBe(403);
      expect(await stored(saved.id)).toBeTruthy();
    });

    it('con usuarios o bots asociados responde 409 con cuántos', async () => {
      const count = async (table: 'usuario' | 'bot', idE: string) =>
        Number((await t.app.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('idE', '=', idE).executeTakeFirstOrThrow()).n);
      const [usuarios, bots] = [await count('usuario', demo), await count('bot', demo)];
      const response = await del(demo);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: `No se puede eliminar la empresa: tiene ${usuarios} usuarios y ${bots} bots asociados` });
      expect(await stored(demo)).toBeTruthy();
    });

    it('con un solo usuario y ningún bot lo dice en singular', async () => {
      const saved = await createOk();
      const created = await (await as('admin')).post(`${API}/usuario`, { nm: 'Única', ap: 'Persona', usuario: `unica${counter}@x.test`, idE: saved.id });
      expect(created.statusCode).toBe(200);
      expect((await del(saved.id)).json()).toEqual({ message: 'No se puede eliminar la empresa: tiene 1 usuario y 0 bots asociados' });
    });

    it('una empresa vacía se elimina', async () => {
      const saved = await createOk();
      const response = await del(saved.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: saved.id });
      expect((await (await as('admin')).get(`${URL}?id=${saved.id}`)).statusCode).toBe(404);
      expect((await del(saved.id)).statusCode).toBe(404);
    });
  });

  describe('auditoría automática (ev 5)', () => {
    it('alta, modificación y baja quedan registradas con los campos cambiados, sin valores de tokens', async () => {
      const saved = await createOk({ nm: 'Auditada S.A.', ruc: '20555555555' });
      await save({ ...saved, tel: '+51 1 999 9999', aclList: ['10.1.0.0/16'], tk1: 'TOKEN-UNO', tk2: 'TOKEN-DOS', tk3: 'TOKEN-TRES', tk4: 'TOKEN-CUATRO' });
      await del(saved.id);
      const admin = await t.app.db.selectFrom('usuario').select('id').where('usuario', '=', 'admin@quipu.test').executeTakeFirstOrThrow();
      const rows = (await auditRows(t, 5)).filter((r) => r.idE === saved.id);
      expect(rows.map((r) => r.val).sort()).toEqual([
        'Empresa creada: Auditada S.A. (RUC 20555555555)',
        'Empresa eliminada: Auditada S.A.',
        'Empresa modificada: Auditada S.A. (campos: teléfono, lista ACL, token 1, token 2, token 3, token 4)',
      ]);
      expect(rows.every((r) => r.idU === admin.id && r.us === 'admin@quipu.test')).toBe(true);
      expect(JSON.stringify(rows)).not.toContain('TOKEN-');
    });

    async function del(id: string) {
      return (await as('admin')).send('DELETE', `${URL}?id=${id}`);
    }
  });
});
