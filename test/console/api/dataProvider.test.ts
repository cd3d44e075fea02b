// The data provider builds the server's exact calls (ra-data-simple-rest style test: a fake
// http client records URL, method and body).
import { describe, expect, it } from 'vitest';
import { API, setup } from './recordingHttp';

const listParams = {
  pagination: { page: 2, perPage: 5 },
  sort: { field: 'nm', order: 'DESC' as const },
  filter: { nm: 'ana', a: true },
};

describe('usuarios', () => {
  it('getList: POST /usuario/search con página base 0, pageSize, sorted, filtered e idE', async () => {
    const { provider, calls } = setup({ content: [{ id: '1', nm: 'Ana' }], totalPages: 3, totalElements: 11 });
    const result = await provider.getList('usuarios', listParams);
    expect(calls).toEqual([
      {
        url: `${API}/usuario/search`,
        method: 'POST',
        body: {
          page: 1,
          pageSize: 5,
          sorted: [{ id: 'nm', desc: true }],
          filtered: [
            { id: 'nm', value: 'ana' },
            { id: 'a', value: true },
          ],
          idE: '3',
        },
      },
    ]);
    expect(result).toEqual({ data: [{ id: '1', nm: 'Ana' }], total: 11 });
  });

  it('getList: orden ascendente es desc false; sin filtros, filtered vacío', async () => {
    const { provider, calls } = setup({ content: [], totalElements: 0 });
    await provider.getList('usuarios', { pagination: { page: 1, perPage: 5 }, sort: { field: 'ap', order: 'ASC' }, filter: {} });
    expect(calls[0].body).toEqual({ page: 0, pageSize: 5, sorted: [{ id: 'ap', desc: false }], filtered: [], idE: '3' });
  });

  it('getOne: GET /usuario?id=', async () => {
    const { provider, calls } = setup({ id: '5', nm: 'Ana' });
    expect(await provider.getOne('usuarios', { id: '5' })).toEqual({ data: { id: '5', nm: 'Ana' } });
    expect(calls).toEqual([{ url: `${API}/usuario?id=5`, method: 'GET', body: undefined }]);
  });

  it('create: POST /usuario con el usuario', async () => {
    const user = { usuario: 'nuevo@quipu.test', nm: 'Luis', ap: 'Mamani', idE: '3', rol: 'ROLE_USER', a: true };
    const { provider, calls } = setup({ ...user, id: '12' });
    const result = await provider.create('usuarios', { data: user });
    expect(calls).toEqual([{ url: `${API}/usuario`, method: 'POST', body: user }]);
    expect(result.data).toEqual({ ...user, id: '12' });
  });

  it('update: POST /usuario con el usuario y su id', async () => {
    const { provider, calls } = setup({ id: '12', nm: 'Luisa' });
    await provider.update('usuarios', { id: '12', data: { nm: 'Luisa', ap: 'Mamani' }, previousData: { id: '12' } });
    expect(calls).toEqual([{ url: `${API}/usuario`, method: 'POST', body: { nm: 'Luisa', ap: 'Mamani', id: '12' } }]);
  });

  it('delete: DELETE /usuario/?id= sin cuerpo', async () => {
    const { provider, calls } = setup(undefined);
    const result = await provider.delete('usuarios', { id: '12', previousData: { id: '12', nm: 'Luisa' } });
    expect(calls).toEqual([{ url: `${API}/usuario/?id=12`, method: 'DELETE', body: undefined }]);
    expect(result.data).toEqual({ id: '12', nm: 'Luisa' });
  });
});

describe('getMany', () => {
  it('usuarios: UNA llamada POST /usuario/search con el filtro de ids, no una por id', async () => {
    const { provider, calls } = setup({ content: [{ id: 'u2', nm: 'Bea' }, { id: 'u1', nm: 'Ana' }], totalPages: 1, totalElements: 2 });
    const result = await provider.getMany('usuarios', { ids: ['u1', 'u2'] });
    expect(calls).toEqual([
      {
        url: `${API}/usuario/search`,
        method: 'POST',
        body: { page: 0, pageSize: 2, sorted: [], filtered: [{ id: 'ids', value: ['u1', 'u2'] }], idE: '3' },
      },
    ]);
    expect(result.data.map((row) => row.id)).toEqual(['u2', 'u1']);
  });

  it('empresas: UNA llamada GET /empresa, y quedan solo las pedidas', async () => {
    const { provider, calls } = setup([{ id: '1' }, { id: '2' }, { id: '3' }]);
    const result = await provider.getMany('empresas', { ids: ['3', '1'] });
    expect(calls).toEqual([{ url: `${API}/empresa`, method: 'GET', body: undefined }]);
    expect(result.data).toEqual([{ id: '1' }, { id: '3' }]);
  });

  it('sin ids no llama al servidor', async () => {
    const { provider, calls } = setup([]);
    expect(await provider.getMany('usuarios', { ids: [] })).toEqual({ data: [] });
    expect(calls).toEqual([]);
  });
});

describe('auditoria', () => {
  it('getList: POST /auditoria/search con el mismo formato de paginado', async () => {
    const { provider, calls } = setup({ content: [{ id: 'a1', ev: 0 }], totalPages: 1, totalElements: 1 });
    const result = await provider.getList('auditoria', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'fc', order: 'DESC' },
      filter: { ev: 3 },
    });
    expect(calls).toEqual([
      {
        url: `${API}/auditoria/search`,
        method: 'POST',
        body: { page: 0, pageSize: 10, sorted: [{ id: 'fc', desc: true }], filtered: [{ id: 'ev', value: 3 }], idE: '3' },
      },
    ]);
    expect(result.total).toBe(1);
  });

  it('create: POST /auditoria con el evento', async () => {
    const event = { idU: '7', idE: '3', ev: 0, val: 'cliente 42' };
    const { provider, calls } = setup({ ...event, id: 'a2' });
    await provider.create('auditoria', { data: event });
    expect(calls).toEqual([{ url: `${API}/auditoria`, method: 'POST', body: event }]);
  });
});

describe('empresas', () => {
  it('getList: GET /empresa, y pagina y ordena aquí la lista completa', async () => {
    const rows = [
      { id: '1', nm: 'Beta' },
      { id: '2', nm: 'Alfa' },
      { id: '3', nm: 'Gamma' },
    ];
    const { provider, calls } = setup(rows);
    const result = await provider.getList('empresas', { pagination: { page: 1, perPage: 2 }, sort: { field: 'nm', order: 'ASC' }, filter: {} });
    expect(calls).toEqual([{ url: `${API}/empresa`, method: 'GET', body: undefined }]);
    expect(result).toEqual({ data: [rows[1], rows[0]], total: 3 });
  });

  it('getOne, delete: GET y DELETE /empresa?id=', async () => {
    const { provider, calls } = setup({ id: '4' });
    await provider.getOne('empresas', { id: '4' });
    await provider.delete('empresas', { id: '4' });
    expect(calls.map(({ url, method }) => `${method} ${url}`)).toEqual([`GET ${API}/empresa?id=4`, `DELETE ${API}/empresa?id=4`]);
  });
});

describe('llamadas de sesión y errores', () => {
  it('changePassword: POST /usuario/cambiar con current, passwd1, passwd2 e id', async () => {
    const { provider, calls } = setup({ message: 'Contraseña actualizada con éxito' });
    const answer = await provider.changePassword({ current: 'a', passwd1: 'b', passwd2: 'b', id: '7' });
    expect(calls).toEqual([{ url: `${API}/usuario/cambiar`, method: 'POST', body: { current: 'a', passwd1: 'b', passwd2: 'b', id: '7' } }]);
    expect(answer.message).toBe('Contraseña actualizada con éxito');
  });

  it('about: GET /public/about', async () => {
    const { provider, calls } = setup({ branch: 'main', commitId: 'abc', commitTime: null });
    expect(await provider.about()).toEqual({ branch: 'main', commitId: 'abc', commitTime: null });
    expect(calls[0]).toEqual({ url: `${API}/public/about`, method: 'GET', body: undefined });
  });

  it('rechaza en español un recurso u operación que no está en la tabla', async () => {
    const { provider, calls } = setup();
    await expect(provider.getList('naves', listParams)).rejects.toThrow("El recurso 'naves' no admite la operación 'getList'");
    await expect(provider.delete('auditoria', { id: '1' })).rejects.toThrow("El recurso 'auditoria' no admite la operación 'delete'");
    expect(calls).toEqual([]);
  });
});
