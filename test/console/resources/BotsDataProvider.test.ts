// The bots calls the data provider builds: the CRUD of ENDPOINTS.bots and
// the named methods of src/api/bots.ts, each with its exact URL, method and body.
import { describe, expect, it } from 'vitest';
import { toBotBody } from '../../../src/api/bots';
import { API, setup } from '../api/recordingHttp';
import { bot } from './botSupport';

describe('bots (CRUD)', () => {
  it('getList: POST /bot/search con la página base 0 y el filtro q', async () => {
    const { provider, calls } = setup({ content: [{ id: 'b1', nm: 'Ventas', dsc: null, imp: false }], totalPages: 1, totalElements: 1 });
    const result = await provider.getList('bots', { pagination: { page: 1, perPage: 10 }, sort: { field: 'nm', order: 'ASC' }, filter: { q: 'ven' } });
    expect(calls).toEqual([
      { url: `${API}/bot/search`, method: 'POST', body: { page: 0, pageSize: 10, sorted: [{ id: 'nm', desc: false }], filtered: [{ id: 'q', value: 'ven' }], idE: '3' } },
    ]);
    expect(result.total).toBe(1);
  });

  it('getOne: GET /bot?id=; getMany: una búsqueda con el filtro ids; delete: DELETE /bot/?id=', async () => {
    const { provider, calls } = setup({ content: [{ id: 'b1' }, { id: 'b9' }] });
    await provider.getOne('bots', { id: 'b 1' });
    expect((await provider.getMany('bots', { ids: ['b1', 'b2'] })).data).toEqual([{ id: 'b1' }]);
    await provider.delete('bots', { id: 'b1' });
    expect(calls.map(({ url, method }) => `${method} ${url}`)).toEqual([`GET ${API}/bot?id=b%201`, `POST ${API}/bot/search`, `DELETE ${API}/bot/?id=b1`]);
    expect(calls[1].body).toEqual({ page: 0, pageSize: 2, sorted: [], filtered: [{ id: 'ids', value: ['b1', 'b2'] }], idE: '3' });
  });

  it('update: POST /bot con el bot y su id; un extra encriptado va sin sus marcas, con valor solo si se escribió', async () => {
    const { provider, calls } = setup(bot('b1'));
    const data = bot('b1', { extrasEnc: [{ key: 'apiKey', set: true }, { key: 'nuevo', val: 's3creto', set: undefined } as never] });
    await provider.update('bots', { id: 'b1', data, previousData: bot('b1') });
    expect(calls[0]).toMatchObject({ url: `${API}/bot`, method: 'POST' });
    expect(calls[0].body).toEqual({ ...data, extrasEnc: [{ key: 'apiKey' }, { key: 'nuevo', val: 's3creto' }] });
  });

  it('toBotBody deja el cuerpo igual cuando no trae extras encriptados', () => {
    expect(toBotBody({ nm: 'Ventas', tsession: 30 })).toEqual({ nm: 'Ventas', tsession: 30 });
  });
});

describe('bots (métodos propios)', () => {
  it('exportación, importación y referencias', async () => {
    const { provider, calls } = setup({});
    await provider.exportBot('b1');
    await provider.importBot({ format: 'quipu-bot' }, { replace: true, replaceParams: false, idE: '3' });
    await provider.importBot({ format: 'quipu-bot' }, { replace: false, replaceParams: false });
    await provider.listBotRefs('3');
    expect(calls).toEqual([
      { url: `${API}/bot.export?id=b1`, method: 'GET', body: undefined },
      { url: `${API}/bot.export?replace=true&replaceParams=false&idE=3`, method: 'POST', body: { format: 'quipu-bot' } },
      { url: `${API}/bot.export?replace=false&replaceParams=false`, method: 'POST', body: { format: 'quipu-bot' } },
      { url: `${API}/bots?idE=3`, method: 'GET', body: undefined },
    ]);
  });

  it('entidades, skills y frases no reconocidas', async () => {
    const { provider, calls } = setup({});
    await provider.getEntities('b1');
    await provider.saveEntity({ idBot: 'b1', nm: 'ciudad', keywords: ['Lima'] });
    await provider.deleteEntity('e/1');
    await provider.getInternalEntities();
    await provider.getSkills('b1');
    await provider.getFrases({ botId: 'b1', page: 2, pageSize: 20 });
    await provider.assignFrases({ botId: 'b1', page: 0, pageSize: 20, ids: ['f1'], skillId: 's1' });
    await provider.deleteFrases({ botId: 'b1', page: 0, pageSize: 20, ids: ['f2'] });
    expect(calls.map(({ url, method }) => `${method} ${url.slice(API.length)}`)).toEqual([
      'GET /entity?botId=b1',
      'POST /entity',
      'DELETE /entity/e%2F1',
      'GET /entity/internal/list',
      'GET /skills?idBot=b1',
      'POST /frases',
      'POST /frases/intent',
      'POST /frases/delete',
    ]);
    expect(calls[1].body).toEqual({ idBot: 'b1', nm: 'ciudad', keywords: ['Lima'] });
    expect(calls[6].body).toEqual({ botId: 'b1', page: 0, pageSize: 20, ids: ['f1'], skillId: 's1' });
  });
});
