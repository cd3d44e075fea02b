// A sign-in with an OpenID Connect provider (Microsoft, Google) under way: the console's own, or a
// channel's. One row per authorisation sent to the provider, kept until its callback spends it or
// it expires (rows past it are deleted as new ones are made); bound to the session row of the
// browser that started it, which only that browser's cookie names.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oidc_estado')
    // SHA-256 of the state sent to the provider, hex: the database never holds a usable state.
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    // No reference: a session ended since cannot present its row any more.
    .addColumn('idSesion', 'varchar(64)', (c) => c.notNull())
    // 'microsoft' or 'google'.
    .addColumn('proveedor', 'varchar(16)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(128)', (c) => c.notNull())
    // The PKCE code verifier the token request proves the authorisation with.
    .addColumn('verificador', 'varchar(128)', (c) => c.notNull())
    // A channel's sign-in: the channel, the user who started it, and 'files' for the files' authorisation.
    .addColumn('idCanal', 'varchar(64)')
    .addColumn('idU', 'varchar(64)')
    .addColumn('tipo', 'varchar(16)')
    // ms since epoch.
    .addColumn('expira', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oidc_estado_expira').on('oidc_estado').column('expira').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oidc_estado').execute();
}
