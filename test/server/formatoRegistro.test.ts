// The server's log as a terminal and a log collector see it: readable Spanish lines when standard
// output is a terminal, pino's JSON lines otherwise or with LOG_FORMAT=json, and the requests only
// at LOG_LEVEL=debug, one line each.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { chooseLogFormat, loadConfig, type LogFormat } from '../../server/src/config';
import { loggerOptions } from '../../server/src/logging';
import { API, TEST_PASSWORD_COST, TEST_SECRET_KEY } from './helpers';

const dataDirs: string[] = [];
afterAll(async () => {
  await Promise.all(dataDirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

/** A first start with this format and level: two requests, a warning and an error; answers what the server wrote. */
async function logOf(logFormat: LogFormat, logLevel: string): Promise<string[]> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quipu-formato-'));
  dataDirs.push(dataDir);
  const written: string[] = [];
  const config = loadConfig({ DATA_DIR: dataDir, CONSOLE_DIR: '' }, { secretKey: TEST_SECRET_KEY, logFormat, logLevel });
  const app = await buildApp(config, { passwordCost: TEST_PASSWORD_COST, logger: loggerOptions(config, { write: (line: string) => written.push(line) }), seed: false, runJobs: false });
  try {
    await app.inject({ method: 'GET', url: `${API}/public/about` });
    await app.inject({ method: 'GET', url: `${API}/no-existe?token=secreto` });
    app.log.warn('el correo no está configurado');
    app.log.error({ err: new Error('se cayó la conexión') }, 'no se pudo enviar el correo');
  } finally {
    await app.close();
  }
  return written.join('').split('\n').filter(Boolean);
}

describe('formato del registro', () => {
  it('sin LOG_FORMAT: líneas legibles en una terminal, JSON si no la hay; LOG_FORMAT manda, y un valor desconocido se dice en castellano', () => {
    expect(chooseLogFormat(undefined, true)).toBe('texto');
    expect(chooseLogFormat(undefined, false)).toBe('json');
    expect(chooseLogFormat('', true)).toBe('texto');
    expect(chooseLogFormat('json', true)).toBe('json');
    expect(chooseLogFormat('texto', false)).toBe('texto');
    expect(() => chooseLogFormat('xml', true)).toThrow("LOG_FORMAT debe ser 'json' o 'texto' (es 'xml').");
    expect(loadConfig({ LOG_FORMAT: 'JSON' }).logFormat).toBe('json');
  });

  it('en una terminal cada paso es una línea en castellano, con avisos y errores, y sin las solicitudes', async () => {
    const lines = await logOf('texto', 'info');
    // The first start on this folder: the migration's two lines.
    expect(lines[0]).toMatch(/^Migrando la base de datos \(\d+ migraciones\)\.\.\.$/);
    expect(lines[1]).toMatch(/^Base de datos migrada: \d+ migraciones \(\d+\.\d s\)\.$/);
    expect(lines[2]).toBe('Aviso: el correo no está configurado');
    expect(lines[3]).toBe('Error: no se pudo enviar el correo: se cayó la conexión');
    expect(lines[4]).toMatch(/^ {4}Error: se cayó la conexión$/);
    expect(lines.slice(5).every((line) => line.startsWith('        at '))).toBe(true);
    expect(lines.some((line) => line.includes('{'))).toBe(false);
    expect(lines.join('\n')).not.toContain('/public/about');
  });

  it('con LOG_LEVEL=debug la terminal muestra una línea por solicitud: método, dirección, estado y tiempo', async () => {
    const lines = await logOf('texto', 'debug');
    expect(lines).toContainEqual(expect.stringMatching(/^GET \/api\/public\/about 200 \(\d+ ms\)$/));
    expect(lines).toContainEqual(expect.stringMatching(/^GET \/api\/no-existe\?token=\[redactado\] 404 \(\d+ ms\)$/));
    expect(lines.filter((line) => line.includes('/public/about'))).toHaveLength(1);
    expect(lines.join('\n')).not.toContain('secreto');
  });

  it('sin terminal, o con LOG_FORMAT=json, cada línea es JSON; las solicitudes solo con LOG_LEVEL=debug', async () => {
    const info = (await logOf('json', 'info')).map((line) => JSON.parse(line) as { level: number; msg: string; req?: { url: string } });
    expect(info.map((entry) => [entry.level, entry.msg])).toEqual([
      [30, expect.stringMatching(/^Migrando la base de datos/)],
      [30, expect.stringMatching(/^Base de datos migrada/)],
      [40, 'el correo no está configurado'],
      [50, 'no se pudo enviar el correo'],
    ]);
    const debug = (await logOf('json', 'debug')).map((line) => JSON.parse(line) as { level: number; msg: string; req?: { url: string }; res?: { statusCode: number } });
    const about = debug.filter((entry) => entry.req?.url === '/api/public/about');
    expect(about).toEqual([expect.objectContaining({ level: 20, msg: 'solicitud respondida', res: { statusCode: 200 } })]);
  });
});
