// The files a chat message carries in a multipart body (the console's test chat, the web chat
// widget): the JSON part `datos` and up to CHAT_FILES.max files in `archivo1`, `archivo2`… A
// body that cannot be read, a part of another name, too many files, an empty one or one over
// CHAT_FILES.maxMb is refused whole with its reason, before the bot sees anything; the skill that
// answers judges the rest by its own rules.
import { badRequest } from '../errors';
import type { MultipartForm } from '../plugins/multipart';
import { fileInMemory, type InboundFile } from '../engine/attachments';
import { CHAT_FILES, CHAT_MESSAGES, MAX_MESSAGE } from '../../../common/schemas/chat';

const MB = 1024 * 1024;
const PARTS = Array.from({ length: CHAT_FILES.max }, (_, i) => `${CHAT_FILES.part}${i + 1}`);

/** The message's `datos` (parsed JSON, still to be checked by its route's schema) and its files, in part order. */
export function chatFilesOf(form: MultipartForm | undefined): { datos: unknown; files: InboundFile[] } {
  if (!form?.ok) throw badRequest(CHAT_MESSAGES.archivosIlegibles);
  let datos: unknown;
  try {
    datos = JSON.parse(form.fields.get('datos') ?? '');
  } catch {
    throw badRequest(CHAT_MESSAGES.archivosIlegibles);
  }
  if (form.files.size > CHAT_FILES.max) throw badRequest(CHAT_MESSAGES.archivosDemasiados);
  if ([...form.files.keys()].some((part) => !PARTS.includes(part))) throw badRequest(CHAT_MESSAGES.archivosIlegibles);
  const files: InboundFile[] = [];
  for (const part of PARTS) {
    const file = form.files.get(part);
    if (!file) continue;
    const name = file.filename.trim() || part;
    if (file.data.length === 0) throw badRequest(CHAT_MESSAGES.archivoVacio(name));
    if (file.data.length > CHAT_FILES.maxMb * MB) throw badRequest(CHAT_MESSAGES.archivoPesado(name));
    files.push(fileInMemory(name, file.data));
  }
  return { datos, files };
}

/** Room beside the files for the parts' headers and `datos` (a message of up to MAX_MESSAGE characters, 4 bytes each at most). */
export const CHAT_FILES_FIELD_BYTES = 64 * 1024 + 4 * MAX_MESSAGE;

/** The largest body of a chat message with its files. */
export const CHAT_FILES_BODY_BYTES = CHAT_FILES.max * CHAT_FILES.maxMb * MB + CHAT_FILES_FIELD_BYTES;

/** The multipart limits of a route that takes a chat message with its files: one file more than allowed, so that it is refused as too many. */
export const CHAT_FILES_LIMITS = { files: CHAT_FILES.max + 1, fields: 1, fieldSize: CHAT_FILES_FIELD_BYTES };
