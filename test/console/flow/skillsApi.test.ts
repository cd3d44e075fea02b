// The skills calls of the data provider: exact URL, method and body (ra-data-simple-rest style).
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient, HttpOptions } from '../../../src/api/http';
import { createDataProvider } from '../../../src/api/dataProvider';

const API = 'http://api.test/api';

function setup(json: unknown) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  const httpClient = vi.fn(async (url: string, options: HttpOptions = {}) => {
    calls.push({ url, method: options.method ?? 'GET', body: options.body === undefined ? undefined : JSON.parse(options.body) });
    return { status: 200, headers: new Headers(), body: JSON.stringify(json), json };
  }) as unknown as HttpClient;
  return { provider: createDataProvider(API, httpClient, () => '3'), calls };
}

describe('skills del diagrama', () => {
  it('getSkills: GET /skills?idBot', async () => {
    const skills = [{ id: 's1', idBot: 'b 1', nm: 'Saludo', dsc: null, tipo: 0, nFrases: 2 }];
    const { provider, calls } = setup(skills);
    expect(await provider.getSkills('b 1')).toEqual(skills);
    expect(calls).toEqual([{ url: `${API}/skills?idBot=b%201`, method: 'GET', body: undefined }]);
  });

  it('createSkill: POST /skill con idBot, nm y dsc', async () => {
    const { provider, calls } = setup({ id: 's2', idBot: 'b1', nm: 'Pago', dsc: 'x', tipo: 0, frases: ['hola', 'pagar'], fc: '2026-11-23T10:00:00.000Z', rev: 0 });
    // POST /skill answers the whole skill; the diagram gets what it draws.
    expect(await provider.createSkill({ idBot: 'b1', nm: 'Pago', dsc: 'x' })).toEqual({ id: 's2', idBot: 'b1', nm: 'Pago', dsc: 'x', tipo: 0, nFrases: 2 });
    expect(calls).toEqual([{ url: `${API}/skill`, method: 'POST', body: { idBot: 'b1', nm: 'Pago', dsc: 'x' } }]);
  });

  it('deleteSkills: POST /skill.delete con los skills y los enlaces', async () => {
    const { provider, calls } = setup({ message: 'Eliminado con éxito' });
    expect(await provider.deleteSkills({ idBot: 'b1', skills: ['s1'], links: ['s1->s2'] })).toEqual({ message: 'Eliminado con éxito' });
    expect(calls).toEqual([{ url: `${API}/skill.delete`, method: 'POST', body: { idBot: 'b1', skills: ['s1'], links: ['s1->s2'] } }]);
  });
});
