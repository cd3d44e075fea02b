// Secrets at rest: AES-256-GCM with SECRET_KEY or the generated
// $DATA_DIR/secret.key, and the versioned ciphertext that names its key.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { bindSecret, botExtraPlace, canalSecretPlace, cipherKeyId, decryptSecret, encryptedWith, encryptSecret, keyId, readSecret, SECRET_KEY_INVALID, SECRET_UNREADABLE } from '../../server/src/secrets';

const key = Buffer.alloc(32, 1);
const other = Buffer.alloc(32, 2);

describe('encryptSecret / decryptSecret', () => {
  it('cifra y descifra; el texto cifrado es v1.<kid>.<iv>.<tag>.<data> sin el valor a la vista', () => {
    const cipher = encryptSecret(key, 'clave-de-la-api ñandú');
    const parts = cipher.split('.');
    expect(parts).toHaveLength(5);
    expect(parts[0]).toBe('v1');
    expect(parts[1]).toBe(keyId(key));
    for (const part of parts.slice(1)) expect(part).toMatch(/^[A-Za-z0-9_-]*$/);
    expect(cipher).not.toContain('clave-de-la-api');
    expect(decryptSecret(key, cipher)).toBe('clave-de-la-api ñandú');
  });

  it('dos cifrados del mismo valor difieren (iv aleatorio)', () => {
    expect(encryptSecret(key, 'x')).not.toBe(encryptSecret(key, 'x'));
  });

  it('keyId son los primeros 8 bytes de SHA-256 de la clave, en base64url', () => {
    expect(Buffer.from(keyId(key), 'base64url')).toHaveLength(8);
    expect(keyId(key)).not.toBe(keyId(other));
    expect(cipherKeyId(encryptSecret(other, 'x'))).toBe(keyId(other));
    expect(encryptedWith(key, encryptSecret(key, 'x'))).toBe(true);
    expect(encryptedWith(key, encryptSecret(other, 'x'))).toBe(false);
  });

  it('rechaza un valor cifrado con otra clave', () => {
    expect(() => decryptSecret(key, encryptSecret(other, 'secreto'))).toThrow(SECRET_UNREADABLE);
  });

  it('rechaza un valor alterado (dato, tag o iv) aunque diga ser de esta clave', () => {
    const [v, kid, iv, tag, data] = encryptSecret(key, 'secreto').split('.');
    const flip = (text: string) => {
      const bytes = Buffer.from(text, 'base64url');
      bytes[0] ^= 1;
      return bytes.toString('base64url');
    };
    for (const tampered of [[v, kid, iv, tag, flip(data)], [v, kid, iv, flip(tag), data], [v, kid, flip(iv), tag, data], [v, kid, iv, '', data], ['v2', kid, iv, tag, data]]) {
      expect(() => decryptSecret(key, tampered.join('.'))).toThrow(SECRET_UNREADABLE);
    }
    expect(() => decryptSecret(key, 'texto plano')).toThrow(SECRET_UNREADABLE);
  });
});

describe('valores ligados a su lugar (v2)', () => {
  const place = botExtraPlace('empresa-a', 'bot-1', 'apiKey');

  it('cifrado para un extra es v2 y solo se descifra en ese lugar: otra empresa, otro bot u otro extra lo rechazan', () => {
    const cipher = encryptSecret(key, 'clave', place);
    expect(cipher.split('.')[0]).toBe('v2');
    expect(cipherKeyId(cipher)).toBe(keyId(key));
    expect(decryptSecret(key, cipher, place)).toBe('clave');
    for (const elsewhere of [botExtraPlace('empresa-b', 'bot-1', 'apiKey'), botExtraPlace('empresa-a', 'bot-2', 'apiKey'), botExtraPlace('empresa-a', 'bot-1', 'otro'), canalSecretPlace('empresa-a', 'bot-1', 'apiKey')]) {
      expect(() => decryptSecret(key, cipher, elsewhere)).toThrow(SECRET_UNREADABLE);
      expect(readSecret(key, cipher, elsewhere)).toBeUndefined();
    }
    expect(() => decryptSecret(key, cipher)).toThrow(SECRET_UNREADABLE);
  });

  it('ningún id con separadores hace iguales dos lugares distintos', () => {
    const cipher = encryptSecret(key, 'clave', botExtraPlace('a.b', 'c', 'd'));
    expect(readSecret(key, cipher, botExtraPlace('a', 'b.c', 'd'))).toBeUndefined();
  });

  it('un valor v1 se sigue leyendo en cualquier lugar, y bindSecret lo vuelve v2 de su lugar', () => {
    const old = encryptSecret(key, 'viejo');
    expect(old.split('.')[0]).toBe('v1');
    expect(readSecret(key, old, place)).toBe('viejo');
    const bound = bindSecret(key, old, place);
    expect(bound.split('.')[0]).toBe('v2');
    expect(decryptSecret(key, bound, place)).toBe('viejo');
    expect(bindSecret(key, bound, place)).toBe(bound);
  });
});

describe('la clave del servidor', () => {
  const dirs: string[] = [];
  const tempDir = async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'quipu-secret-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
  });

  it('SECRET_KEY en base64 de 32 bytes es la clave', () => {
    const bytes = randomBytes(32);
    expect(loadConfig({ SECRET_KEY: bytes.toString('base64') }).secretKey.equals(bytes)).toBe(true);
  });

  it.each([
    ['corta', Buffer.alloc(16, 3).toString('base64')],
    ['larga', Buffer.alloc(48, 3).toString('base64')],
    ['que no es base64', 'esto no es una clave de ningún modo!!!!!!!!!!!!'],
  ])('SECRET_KEY %s impide arrancar, con el motivo en español', (_, value) => {
    expect(() => loadConfig({ SECRET_KEY: value })).toThrow(SECRET_KEY_INVALID);
  });

  it('sin SECRET_KEY, el primer arranque crea $DATA_DIR/secret.key (0600) y los siguientes la reutilizan', async () => {
    const dataDir = await tempDir();
    const first = await buildApp(loadConfig({ DATA_DIR: dataDir, CONSOLE_DIR: '', SEED_DEMO: '0', ADMIN_EMAIL: 'jefa@empresa.test' }), { logger: false, passwordCost: 1024, runJobs: false });
    const stat = await fs.stat(path.join(dataDir, 'secret.key'));
    expect(stat.mode & 0o777).toBe(0o600);
    const cipher = encryptSecret(first.config.secretKey, 'valor');
    await first.close();

    const again = loadConfig({ DATA_DIR: dataDir });
    expect(decryptSecret(again.secretKey, cipher)).toBe('valor');
    expect((await fs.readdir(dataDir)).filter((f) => f.startsWith('secret.key'))).toEqual(['secret.key']);
  });

  it('un secret.key dañado impide arrancar, nombrando el archivo', async () => {
    const dataDir = await tempDir();
    await fs.writeFile(path.join(dataDir, 'secret.key'), 'corta\n');
    expect(() => loadConfig({ DATA_DIR: dataDir }).secretKey).toThrow(/secret\.key no contiene una clave válida de 32 bytes/);
  });

  it('con SECRET_KEY no se escribe ningún archivo de clave', async () => {
    const dataDir = await tempDir();
    const config = loadConfig({ DATA_DIR: dataDir, SECRET_KEY: randomBytes(32).toString('base64') });
    expect(config.secretKey).toHaveLength(32);
    expect(await fs.readdir(dataDir)).toEqual([]);
  });
});
