// What the request log may hold: the URL of every request is logged, so the query parameters that
// carry secrets (WhatsApp's verify token, Slack's OAuth code and state, tokens and passcodes) are
// written redacted, whether or not a route matched.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, REDACTED } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import type { App } from '../../server/src/types';
import { API, TEST_PASSWORD_COST, TEST_SECRET_KEY } from './helpers';

describe('registro de solicitudes', () => {
  let app: App;
  let dataDir: string;
  const lines: string[] = [];

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quipu-registro-'));
    const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const config = loadConfig({ DATA_DIR: dataDir, CONSOLE_DIR: '' }, { secretKey: TEST_SECRET_KEY });
    // Requests are logged at debug level.
    app = await buildApp(config, { passwordCost: TEST_PASSWORD_COST, logger: { level: 'debug', stream }, seed: false, runJobs: false });
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('no escribe hub.verify_token, code, state, token ni passcode; escribe la marca de redacción', async () => {
    const secrets = ['verificaSecreto123', 'codigoSlack456', 'estadoFirmado789', 'fichaSecreta012', 'claveStomp345', 'otraFicha678'];
    const [verify, code, state, token, passcode, encoded] = secrets;
    await app.inject({ method: 'GET', url: `${API}/wh/whatsapp/canal-1?hub.mode=subscribe&hub.verify_token=${verify}&hub.challenge=42` });
    await app.inject({ method: 'GET', url: `${API}/callback-slack?code=${code}&state=${state}` });
    await app.inject({ method: 'GET', url: `${API}/no-existe?token=${token}&Passcode=${passcode}` });
    await app.inject({ method: 'GET', url: `${API}/wh/whatsapp/canal-1?hub%2Everify_token=${encoded}` });
    const log = lines.join('');
    expect(log).toContain('/wh/whatsapp/canal-1');
    expect(log).toContain('hub.challenge=42');
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).toContain(`hub.verify_token=${REDACTED}`);
    expect(log).toContain(`code=${REDACTED}&state=${REDACTED}`);
    expect(log).toContain(`token=${REDACTED}&Passcode=${REDACTED}`);
  });
});
