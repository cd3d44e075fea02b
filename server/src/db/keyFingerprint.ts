// The fingerprint of SECRET_KEY that the database keeps, so that every instance on it uses one key:
// the first start records it, and an instance whose key gives another fingerprint refuses to start.
import { createHmac } from 'node:crypto';
import type { DB } from './index';

/** The row of table ajuste that holds the fingerprint. */
export const KEY_FINGERPRINT_SETTING = 'huella_secret_key';

export const KEY_MISMATCH =
  'Esta instancia no puede iniciar: su SECRET_KEY no es la clave registrada en esta base de datos, así que no podría leer los secretos ni los tokens del chat web que guardaron las demás instancias. ' +
  'Iníciela con la misma SECRET_KEY que las demás instancias; en la instalación embebida, devuelva a DATA_DIR el archivo secret.key con el que se creó esta base de datos (o, tras restaurar un respaldo, el de la instalación de origen).';

/** HMAC-SHA256 of a fixed label under the key, base64url: it tells keys apart and reveals nothing of the key. */
export function keyFingerprint(key: Buffer): string {
  return createHmac('sha256', key).update('quipu: huella de SECRET_KEY').digest('base64url');
}

/** The recorded fingerprint; undefined when none is, or the table is not there yet (before its migration). */
async function recorded(db: DB): Promise<string | undefined> {
  try {
    const row = await db.selectFrom('ajuste').select('valor').where('nombre', '=', KEY_FINGERPRINT_SETTING).executeTakeFirst();
    return row?.valor;
  } catch (error) {
    // PostgreSQL's undefined_table; SQLite says it in the message.
    if ((error as { code?: string }).code === '42P01' || /no such table/.test(String((error as Error).message))) return undefined;
    throw error;
  }
}

/** Refuses (with KEY_MISMATCH) a key whose fingerprint is not the recorded one; accepts any while none is recorded. */
export async function checkKeyFingerprint(db: DB, key: Buffer): Promise<void> {
  const fingerprint = await recorded(db);
  if (fingerprint !== undefined && fingerprint !== keyFingerprint(key)) throw new Error(KEY_MISMATCH);
}

/**
 * Records the key's fingerprint when none is (the first start, or the first after the upgrade that
 * brought the table), then checks it: of two first starts with different keys, the second refuses.
 */
export async function recordKeyFingerprint(db: DB, key: Buffer): Promise<void> {
  await db
    .insertInto('ajuste')
    .values({ nombre: KEY_FINGERPRINT_SETTING, valor: keyFingerprint(key) })
    .onConflict((oc) => oc.column('nombre').doNothing())
    .execute();
  await checkKeyFingerprint(db, key);
}
