// The pages a Facebook channel's connected account manages: each with its access token
// (encrypted as the channel's secrets are, bound to the company, the channel and the page) and the
// bot that answers its messages.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fb_pagina')
    .addColumn('idCanal', 'varchar(64)', (c) => c.notNull().references('canal.id').onDelete('cascade'))
    // Facebook's page id.
    .addColumn('id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    // The page access token's ciphertext (secrets.ts).
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('b', 'varchar(64)', (c) => c.references('bot.id').onDelete('set null'))
    .addPrimaryKeyConstraint('fb_pagina_pk', ['idCanal', 'id'])
    .execute();
  await db.schema.createIndex('fb_pagina_b').on('fb_pagina').column('b').execute();
  // A Meta app posts every page's events to one address: the page's id finds its channel.
  await db.schema.createIndex('fb_pagina_id').on('fb_pagina').column('id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fb_pagina').execute();
}
