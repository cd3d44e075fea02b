// The deploy and versions calls: exact method, path, query and body; and the
// pure shaping of versions (state, duration, the comparison's groups and values).
import { describe, expect, it } from 'vitest';
import { BOT_MESSAGES } from '../../../common/schemas/bots';
import type { HttpClient } from '../../../src/api/http';
import { createVersionsApi, type VersionChange } from '../../../src/api/versions';
import { formatDuration, groupChanges, previewOf, readableValue, restoreBlocker, versionState } from '../../../src/resources/bots/versions/versionModel';
import { VERSION_TEXTS } from '../../../src/resources/bots/versions/versionTexts';
import { bot, botVersion } from './botFormHarness';

/** A fake HTTP client that answers `json` and keeps what it was asked. */
function recorder(json: unknown) {
  const seen: Array<{ url: string; method?: string; body?: unknown }> = [];
  const client = (async (url: string, options: { method?: string; body?: string } = {}) => {
    seen.push({ url, method: options.method, body: options.body ? JSON.parse(options.body) : undefined });
    return { status: 200, headers: new Headers(), body: '', json };
  }) as HttpClient;
  return { api: createVersionsApi('http://api.test/api', client), seen };
}

describe('createVersionsApi', () => {
  it('deployBot: POST /bot.deploy?msg&idU con el bot; un extra cifrado va solo con su clave, o con el valor tecleado', async () => {
    const { api, seen } = recorder(botVersion(3, { done: false }));
    const values = bot({ extrasEnc: [{ key: 'clave', set: true }, { key: 'token', set: false, val: 'nuevo' } as never] });
    expect(await api.deployBot(values, 'Menú & pagos ñ', '7')).toEqual(botVersion(3, { done: false }));
    expect(seen[0].method).toBe('POST');
    expect(seen[0].url).toBe('http://api.test/api/bot.deploy?msg=Men%C3%BA+%26+pagos+%C3%B1&idU=7');
    expect(seen[0].body).toEqual({ ...bot(), extrasEnc: [{ key: 'clave' }, { key: 'token', val: 'nuevo' }] });
  });

  it('getDeployState: GET /bot-version?botId, null antes del primer despliegue', async () => {
    const { api, seen } = recorder(null);
    expect(await api.getDeployState('b 1')).toBeNull();
    expect(seen).toEqual([{ url: 'http://api.test/api/bot-version?botId=b+1', method: 'GET', body: undefined }]);
    expect(await recorder(undefined).api.getDeployState('b1')).toBeNull();
  });

  it('listVersions, restoreVersion y compareVersions: GET /list/version?id, POST /restaurar?idBot&id, GET /bot.compare?idBot&a&b', async () => {
    const { api, seen } = recorder([]);
    await api.listVersions('b1');
    await api.restoreVersion('b1', 'v2');
    await api.compareVersions('b1', 'v1', 'v3');
    expect(seen.map(({ method, url }) => `${method} ${url.replace('http://api.test/api', '')}`)).toEqual([
      'GET /list/version?id=b1',
      'POST /restaurar?idBot=b1&id=v2',
      'GET /bot.compare?idBot=b1&a=v1&b=v3',
    ]);
  });
});

describe('versionModel', () => {
  it('los textos del spec son los del servidor, letra por letra', () => {
    expect(VERSION_TEXTS.guardadoDesplegado).toBe(BOT_MESSAGES.savedAndDeployed);
    expect(VERSION_TEXTS.desplegando).toBe(BOT_MESSAGES.deploying);
    expect(VERSION_TEXTS.restaurado).toBe(BOT_MESSAGES.restored);
    expect(VERSION_TEXTS.desplegado(7)).toBe('Desplegado con éxito versión 7');
    expect(VERSION_TEXTS.errorDesplegar('falta X')).toBe('Error al desplegar falta X');
  });

  it('estado y motivo para no restaurar', () => {
    expect([botVersion(1), botVersion(2, { error: true }), botVersion(3, { done: false })].map(versionState)).toEqual(['Desplegado', 'Con error', 'En curso']);
    expect(restoreBlocker(botVersion(1))).toBeNull();
    expect(restoreBlocker(botVersion(2, { error: true }))).toMatch(/terminó con error/);
    expect(restoreBlocker(botVersion(3, { done: false }))).toMatch(/en curso/);
    // An unfinished version is never restorable, even if it were marked errored too.
    expect(restoreBlocker(botVersion(3, { done: false, error: true }))).toMatch(/en curso/);
  });

  it('duración legible', () => {
    expect([null, -1, 0, 850, 4_249, 59_999, 60_000, 125_000, 3_600_000, 3_780_000].map(formatDuration)).toEqual([
      '',
      '',
      '0 ms',
      '850 ms',
      '4,2 s',
      '59,9 s',
      '1 min',
      '2 min 5 s',
      '1 h',
      '1 h 3 min',
    ]);
  });

  it('agrupa por tipo en el orden de la consola y deja al final un tipo desconocido', () => {
    const change = (kind: string): VersionChange => ({ kind, change: 'added', name: kind, fields: [] });
    const groups = groupChanges(['extra', 'widget', 'skill', 'entity', 'skill'].map(change));
    expect(groups.map((g) => [g.label, g.changes.length])).toEqual([
      ['Skills', 2],
      ['Entidades', 1],
      ['Extras', 1],
      ['widget', 1],
    ]);
  });

  it('valores legibles y cortados', () => {
    expect([null, '', true, false, 3, 'hola'].map(readableValue)).toEqual(['(vacío)', '(vacío)', 'Sí', 'No', '3', 'hola']);
    expect(readableValue({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(previewOf('x'.repeat(120))).toEqual({ preview: 'x'.repeat(120), truncated: false });
    expect(previewOf('x'.repeat(121))).toEqual({ preview: `${'x'.repeat(120)}…`, truncated: true });
  });
});
