// The files a chat message carries from the console's test chat (POST /webchat/demo.archivos) or
// the web chat widget (POST /public/webchat/{key}/archivos): as many and as large as a skill may
// ever admit (attachmentMaxCount and attachmentMaxSize go up to 5), each in the part `archivo1`,
// `archivo2`…; the skill that answers judges them by its own rules. Which chosen files join the
// next message, and why the others do not, in the words the server uses too. No TypeBox here: the
// widget's bundle imports this module.
export const CHAT_FILES = { max: 5, maxMb: 5, part: 'archivo' } as const;

const MB = 1024 * 1024;

export const CHAT_FILE_MESSAGES = {
  archivosDemasiados: `Se pueden adjuntar hasta ${CHAT_FILES.max} archivos por mensaje`,
  archivoPesado: (nombre: string) => `El archivo "${nombre}" supera los ${CHAT_FILES.maxMb} MB`,
  archivoVacio: (nombre: string) => `El archivo "${nombre}" está vacío`,
  archivosPesados: `Los archivos de un mensaje no pueden pasar de ${CHAT_FILES.max * CHAT_FILES.maxMb} MB en total`,
  archivosIlegibles: 'No se pudo leer el mensaje con sus archivos',
} as const;

/**
 * The files of the next message once `chosen` are added to `current`: an empty file, one over
 * CHAT_FILES.maxMb and those past CHAT_FILES.max stay out, each with its reason (the count limit
 * is said once).
 */
export function addChatFiles<F extends { name: string; size: number }>(current: readonly F[], chosen: readonly F[]): { files: F[]; refusals: string[] } {
  const files = [...current];
  const refusals: string[] = [];
  for (const file of chosen) {
    if (file.size === 0) refusals.push(CHAT_FILE_MESSAGES.archivoVacio(file.name));
    else if (file.size > CHAT_FILES.maxMb * MB) refusals.push(CHAT_FILE_MESSAGES.archivoPesado(file.name));
    else if (files.length < CHAT_FILES.max) files.push(file);
    else if (!refusals.includes(CHAT_FILE_MESSAGES.archivosDemasiados)) refusals.push(CHAT_FILE_MESSAGES.archivosDemasiados);
  }
  return { files, refusals };
}

/** The line a file takes in the sender's own bubble. */
export const chatFileLine = (name: string) => `📎 ${name}`;
