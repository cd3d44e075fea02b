// A first start: demo accounts with their published password only on the embedded
// default or with SEED_DEMO=1; anywhere else one system administrator from ADMIN_EMAIL with a
// generated password that is shown once and already expired; without ADMIN_EMAIL, no start.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, firstStart, NO_ADMIN_EMAIL } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { createTestApp, DEMO_PASSWORD, dialects, emptyTables, TEST_PASSWORD_COST, type TestApp } from './helpers';
import * as qnaMigration from '../../server/src/db/migrations/017_qna';
import * as oidcMigration from '../../server/src/db/migrations/019_oidc';
import * as facebookMigration from '../../server/src/db/migrations/020_facebook';
import * as adjuntosMigration from '../../server/src/db/migrations/021_adjuntos';
import * as claveMigration from '../../server/src/db/migrations/022_clave';
import * as entregaPlazoMigration from '../../server/src/db/migrations/023_entrega_plazo';
import * as rellenosMigration from '../../server/src/db/migrations/024_rellenos';

describe('qué carga el primer inicio', () => {
  it('la base embebida carga la demostración; con DATABASE_URL no, salvo SEED_DEMO=1', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@localhost/q' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@localhost/q', SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('sin datos de demostración ni ADMIN_EMAIL el servidor no arranca, y lo dice', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quipu-primero-'));
    const config = loadConfig({ DATA_DIR: dataDir, CONSOLE_DIR: '', SEED_DEMO: '0' });
    await expect(buildApp(config, { passwordCost: TEST_PASSWORD_COST, logger: false })).rejects.toThrow(NO_ADMIN_EMAIL);
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('con ADMIN_EMAIL crea solo ese administrador y muestra su contraseña una vez en el registro', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quipu-primero-'));
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const config = loadConfig({ DATA_DIR: dataDir, CONSOLE_DIR: '', SEED_DEMO: '0', ADMIN_EMAIL: 'Jefa@Empresa.test' });
    const app = await buildApp(config, { passwordCost: TEST_PASSWORD_COST, logger: { level: 'info', stream } });
    try {
      const users = await app.db.selectFrom('usuario').select(['usuario', 'rol']).execute();
      expect(users).toEqual([{ usuario: 'jefa@empresa.test', rol: 'ROLE_ADMIN' }]);
      const shown = lines.filter((l) => l.includes('contraseña inicial'));
      expect(shown).toHaveLength(1);
      expect(JSON.parse(shown[0]).msg).toMatch(/^administrador del sistema creado: jefa@empresa\.test, contraseña inicial \S{16} \(vencida/);
    } finally {
      await app.close();
    }
    // The first start says what it did and how long each step took.
    const messages = lines.map((l) => JSON.parse(l).msg as string);
    expect(messages).toContainEqual(expect.stringMatching(/^Base de datos migrada: \d+ migraciones \(\d+\.\d s\)\.$/));
    // A second start finds the administrator and prints no password again, nor a migration.
    lines.length = 0;
    const again = await buildApp(config, { passwordCost: TEST_PASSWORD_COST, logger: { level: 'info', stream } });
    await again.close();
    expect(lines.some((l) => l.includes('contraseña inicial'))).toBe(false);
    expect(lines.some((l) => l.includes('Migrando') || l.includes('Base de datos migrada'))).toBe(false);
    await fs.rm(dataDir, { recursive: true, force: true });
  });
});

describe('el primer inicio embebido', () => {
  it('dice en una línea cuándo empieza cada paso y en otra cuándo terminó, con su tiempo: migración y datos de demostración', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quipu-primero-'));
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const app = await buildApp(loadConfig({ DATA_DIR: dataDir, CONSOLE_DIR: '' }), { passwordCost: TEST_PASSWORD_COST, logger: { level: 'info', stream } });
    await app.close();
    const messages = lines.map((l) => JSON.parse(l).msg as string);
    const steps = [
      /^Migrando la base de datos \(\d+ migraciones\)\.\.\.$/,
      /^Base de datos migrada: \d+ migraciones \(\d+\.\d s\)\.$/,
      /^Cargando los datos de demostración\.\.\.$/,
      /^Datos de demostración cargados \(\d+\.\d s\)\.$/,
    ].map((step) => messages.findIndex((m) => step.test(m)));
    expect(steps.every((at) => at >= 0), messages.join('\n')).toBe(true);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
    // A fresh database is migrated without the upgrade's warning (it names the migrations).
    expect(messages.some((m) => m.startsWith('Migrando la base de datos:'))).toBe(false);
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('una actualización nombra las migraciones nuevas antes de empezarlas, y dice que los contadores del historial se completan en segundo plano', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quipu-primero-'));
    const config = loadConfig({ DATA_DIR: dataDir, CONSOLE_DIR: '' });
    const first = await buildApp(config, { passwordCost: TEST_PASSWORD_COST, logger: false });
    // As a database recorded before the counters: their migrations, and the ones after, not yet applied.
    await sql`delete from kysely_migration where name in ('014_uso_relleno', '015_clientes_distintos', '016_auditoria_refs', '017_qna', '018_uso_qna_relleno', '019_oidc', '020_facebook', '021_adjuntos', '022_clave', '023_entrega_plazo', '024_rellenos')`.execute(first.db);
    await rellenosMigration.down(first.db as never);
    await entregaPlazoMigration.down(first.db as never);
    await claveMigration.down(first.db as never);
    await adjuntosMigration.down(first.db as never);
    await facebookMigration.down(first.db as never);
    await oidcMigration.down(first.db as never);
    await qnaMigration.down(first.db as never);
    await sql`drop table uso_clientes`.execute(first.db);
    await sql`alter table auditoria drop column refs`.execute(first.db);
    await first.close();
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const again = await buildApp(config, { passwordCost: TEST_PASSWORD_COST, logger: { level: 'info', stream } });
    await again.close();
    const messages = lines.map((l) => JSON.parse(l).msg as string);
    const warning = messages.indexOf('Migrando la base de datos: 014_uso_relleno, 015_clientes_distintos, 016_auditoria_refs, 017_qna, 018_uso_qna_relleno, 019_oidc, 020_facebook, 021_adjuntos, 022_clave, 023_entrega_plazo, 024_rellenos...');
    const done = messages.findIndex((m) => /^Base de datos migrada: 11 migraciones \(\d+\.\d s\)\.$/.test(m));
    expect(warning).toBeGreaterThanOrEqual(0);
    expect(done).toBeGreaterThan(warning);
    expect(messages.indexOf('Contadores por completar con el historial anterior a la actualización: uso, clientes, qna; se cuentan en segundo plano.')).toBeGreaterThan(done);
    await fs.rm(dataDir, { recursive: true, force: true });
  });
});

describe.each(dialects)('primer inicio sin demostración (%s)', (dialect) => {
  let t: TestApp;
  let password: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { seedDemo: false, adminEmail: 'jefa@empresa.test' });
    await emptyTables(t.app);
    const lines: string[] = [];
    t.app.log.warn = ((message: string) => lines.push(message)) as typeof t.app.log.warn;
    await firstStart(t.app, t.config, { passwordCost: TEST_PASSWORD_COST });
    password = /contraseña inicial (\S+)/.exec(lines.join('\n'))?.[1] ?? '';
  });
  afterAll(() => t?.close());

  it('las cuentas de demostración no existen: admin@quipu.test / Demo.2026 no entra', async () => {
    const response = await t.client().signIn('admin@quipu.test', DEMO_PASSWORD);
    expect(response.statusCode).toBe(401);
    const companies = await t.app.db.selectFrom('empresa').select('nm').execute();
    expect(companies).toEqual([{ nm: 'Administración' }]);
  });

  it('la contraseña mostrada ya está vencida: el primer ingreso lleva a renovarla', async () => {
    expect(password).toHaveLength(16);
    const response = await t.client().signIn('jefa@empresa.test', password);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('EXPIRED');
    expect((await t.client().signIn('jefa@empresa.test', 'otra-cosa')).json().code).not.toBe('EXPIRED');
  });
});
