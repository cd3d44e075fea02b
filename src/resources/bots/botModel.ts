// Shaping of bots for the console: a new bot's defaults, the export file (base64
// text named 'id - name.yani') and the reading of an imported one, and the QnA cron in Spanish.
import cronstrue from 'cronstrue';
// Only the Spanish texts: 'cronstrue/i18n' would bring every language (200 kB instead of 30 kB).
import 'cronstrue/locales/es';
import { base64ToText, textToBase64 } from '../../api/base64Text';
import type { Bot, BotExportDoc } from '../../api/bots';
import { BOT_DEFAULTS } from '../../../common/schemas/bots';

export type { Bot };

/** Unrecognised phrases are listed 20 a page. */
export const FRASES_PAGE_SIZE = 20;

/** The marker GET /bot.export writes into its document. */
export const BOT_EXPORT_FORMAT = 'quipu-bot';

/** A new bot (/bot/new): 30-minute sessions, 3 attempts and the default messages. */
export function newBot(): Partial<Bot> {
  return {
    nm: '',
    dsc: null,
    tsession: BOT_DEFAULTS.tsession,
    timeout: null,
    main: false,
    qna: false,
    qnaExtrn: false,
    params: {
      maxAttempt: BOT_DEFAULTS.maxAttempt,
      msgAttempt: BOT_DEFAULTS.msgAttempt,
      invalidOption: BOT_DEFAULTS.invalidOption,
    },
    diagram: { nodes: [], edges: [] },
    extras: [],
    extrasEnc: [],
  };
}

/** '12 - Ventas.yani'; characters no file system accepts become '_'. */
export function exportFileName(id: string, nm: string): string {
  return `${id} - ${nm}.yani`.replace(/[\\/:*?"<>|]/g, '_');
}

/** The file's text: base64 of the document's UTF-8 JSON, so accents and emoji travel intact. */
export function exportFileContent(doc: BotExportDoc): string {
  return textToBase64(JSON.stringify(doc));
}

/** The document inside a .yani file, or null when it is not base64 of a bot's JSON. */
export function readImportFile(text: string): BotExportDoc | null {
  const json = base64ToText(text.replace(/\s+/g, ''));
  if (json === null) return null;
  try {
    const doc: unknown = JSON.parse(json);
    const isBot = typeof doc === 'object' && doc !== null && !Array.isArray(doc) && (doc as BotExportDoc).format === BOT_EXPORT_FORMAT;
    return isBot ? (doc as BotExportDoc) : null;
  } catch {
    return null;
  }
}

/** The cron in Spanish ('Cada 5 minutos'), or null when cronstrue cannot read it. */
export function cronEnEspanol(expression: string): string | null {
  try {
    return cronstrue.toString(expression, { locale: 'es', throwExceptionOnParseError: true, use24HourTimeFormat: true });
  } catch {
    return null;
  }
}
