// POST /wh/export/archivo ('Exportar configuración'): the configuration of the external relay
// (useChasqui) of a WhatsApp channel, as the `.yanicfg` file the console downloads, named after
// the linked bot. Its JSON (base64 in `contenido`) holds:
// - formato, version: 'quipu-whatsapp-relay', 1;
// - url: the base address the console sent;
// - canal, nombre, bot: the channel's id and name, and the linked bot's name;
// - webhook: where the relay posts what WhatsApp sends ({PUBLIC_URL}{API_BASE}/wh/whatsapp/{id}),
//   with Meta's X-Hub-Signature-256 left as it came;
// - verifyToken: the channel's verify token, for the subscription handshake and to check the
//   signature Quipu puts on the answers it posts to the relay (firma);
// - phoneNumberId: the sending number's id; respuestas: the relay's URL that receives the answers;
// - generado: when the file was made.
// The file carries a secret (the verify token), so the export writes the channel's audit row.
import { ApiError } from '../../errors';
import type { CanalCfg } from '../../../../common/schemas/canales';
import { botNameOf, findCanalFor, readCanalSecret, recordCanalEvent } from '../../services/canales/canales';
import type { App, SessionUser } from '../../types';
import { apiAddress, assertKind } from '../adapter';

export const EXPORT_FORMAT = 'quipu-whatsapp-relay';
export const EXPORT_EXTENSION = '.yanicfg';
export const EXPORT_MESSAGES = {
  badUrl: 'Ingrese una URL válida (http o https)',
  noVerifyToken: 'Defina el verify token del canal y guarde antes de exportar la configuración',
} as const;
export const SIGNATURE_RULE = 'X-Hub-Signature-256: sha256=HMAC-SHA256(verifyToken, cuerpo)';

export const whatsappWebhookUrl = (app: App, origin: string, id: string) => apiAddress(app, origin, `/wh/whatsapp/${id}`);

/** A file name from a bot's name: no path separators or characters a file system refuses. */
export function fileName(name: string): string {
  const safe = [...name].map((ch) => (ch < ' ' || '\\/:*?"<>|'.includes(ch) ? '_' : ch)).join('').trim().slice(0, 100);
  return `${safe || 'whatsapp'}${EXPORT_EXTENSION}`;
}

export async function exportRelayConfig(app: App, user: SessionUser, body: { url: string; idC: string }, origin: string): Promise<{ nombre: string; contenido: string }> {
  const canal = assertKind(await findCanalFor(app.db, user, body.idC), 'Whatsapp');
  const url = body.url.trim();
  if (!/^https?:\/\/[^\s/]+/i.test(url) || !URL.canParse(url)) throw new ApiError(400, EXPORT_MESSAGES.badUrl, undefined, 'url');
  const verifyToken = readCanalSecret(app, canal, 'verifyToken');
  if (!verifyToken) throw new ApiError(400, EXPORT_MESSAGES.noVerifyToken, undefined, 'secretos.verifyToken');
  const bot = await botNameOf(app.db, canal.b);
  const now = app.config.now();
  const config = {
    formato: EXPORT_FORMAT,
    version: 1,
    url,
    canal: canal.id,
    nombre: canal.dsc,
    bot,
    webhook: whatsappWebhookUrl(app, origin, canal.id),
    verifyToken,
    phoneNumberId: (JSON.parse(canal.cfg || '{}') as CanalCfg).phoneNumberId ?? null,
    respuestas: canal.useChasqui ? canal.chasquiUrl : null,
    firma: SIGNATURE_RULE,
    generado: new Date(now).toISOString(),
  };
  await recordCanalEvent(app.db, user, canal, 'configuración del relay de WhatsApp exportada', now);
  return { nombre: fileName(bot ?? canal.dsc), contenido: Buffer.from(JSON.stringify(config, null, 2)).toString('base64') };
}
