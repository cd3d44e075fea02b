// Companies, users, sessions, nonces, mail settings, audit log and the bot list.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('empresa')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('nm', 'varchar(200)', (c) => c.notNull())
    .addColumn('ruc', 'varchar(40)', (c) => c.notNull())
    .addColumn('activo', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('audit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dir', 'varchar(300)')
    .addColumn('tel', 'varchar(60)')
    .addColumn('c', 'varchar(200)')
    .addColumn('razon', 'varchar(300)')
    .addColumn('cs', 'varchar(200)')
    .addColumn('csA', 'varchar(200)')
    .addColumn('csE', 'varchar(200)')
    .addColumn('consulta', 'varchar(300)')
    .addColumn('fc', 'varchar(32)', (c) => c.notNull())
    .addColumn('ff', 'varchar(32)')
    .addColumn('acl', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('aclList', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('liveAgent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tg', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ts', 'integer', (c) => c.notNull().defaultTo(30))
    .addColumn('tk1', 'varchar(200)')
    .addColumn('tk2', 'varchar(200)')
    .addColumn('tk3', 'varchar(200)')
    .addColumn('tk4', 'varchar(200)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('usuario')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('usuario', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('idE', 'varchar(64)', (c) => c.notNull().references('empresa.id'))
    .addColumn('rol', 'varchar(40)', (c) => c.notNull())
    .addColumn('nm', 'varchar(100)', (c) => c.notNull())
    .addColumn('ap', 'varchar(100)', (c) => c.notNull())
    .addColumn('a', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('uc', 'varchar(200)')
    .addColumn('sso', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pmHist', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('showChannels', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fc', 'varchar(32)', (c) => c.notNull())
    .addColumn('pwd', 'varchar(300)', (c) => c.notNull())
    .addColumn('pwdExpira', 'varchar(32)')
    .addColumn('fallos', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bloqueoHasta', 'varchar(32)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('usuario_ide_nm').on('usuario').columns(['idE', 'nm']).execute();
  await db.schema.createIndex('usuario_ide_ap').on('usuario').columns(['idE', 'ap']).execute();
  await db.schema.createIndex('usuario_ide_fc').on('usuario').columns(['idE', 'fc']).execute();

  await db.schema
    .createTable('sesion')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('idU', 'varchar(64)')
    .addColumn('k', 'varchar(64)', (c) => c.notNull())
    .addColumn('fc', 'varchar(32)', (c) => c.notNull())
    .addColumn('ua', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sesion_ua').on('sesion').column('ua').execute();

  await db.schema
    .createTable('nonce')
    .addColumn('nonce', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('nonce_ts').on('nonce').column('ts').execute();

  await db.schema
    .createTable('email_cfg')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('host', 'varchar(200)', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addColumn('username', 'varchar(200)', (c) => c.notNull())
    .addColumn('password', 'varchar(500)', (c) => c.notNull())
    .addColumn('email', 'varchar(200)', (c) => c.notNull())
    .addColumn('provider', 'varchar(40)', (c) => c.notNull())
    .addColumn('fm', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('auditoria')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('idU', 'varchar(64)', (c) => c.notNull())
    .addColumn('us', 'varchar(200)', (c) => c.notNull())
    .addColumn('idE', 'varchar(64)', (c) => c.notNull())
    .addColumn('ev', 'integer', (c) => c.notNull())
    .addColumn('fc', 'varchar(32)', (c) => c.notNull())
    .addColumn('val', 'text')
    .execute();
  await db.schema.createIndex('auditoria_ide_fc').on('auditoria').columns(['idE', 'fc', 'id']).execute();

  await db.schema
    .createTable('bot')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('idE', 'varchar(64)', (c) => c.notNull().references('empresa.id'))
    .addColumn('nm', 'varchar(200)', (c) => c.notNull())
    .addColumn('dsc', 'text')
    .addColumn('fc', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bot_ide').on('bot').column('idE').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['bot', 'auditoria', 'email_cfg', 'nonce', 'sesion', 'usuario', 'empresa']) {
    await db.schema.dropTable(table).execute();
  }
}
