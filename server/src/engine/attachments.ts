// Files people send the bot: what a channel hands in (a file read only once a skill's rules admit
// it), the rules a skill sets (hasAttachments, attachmentTypes, attachmentMaxSize,
// attachmentMaxCount, attachmentsRequired) and what the client is told of each file refused.
import type { SkillDef } from '../../../common/schemas/bots';

/** What a file must be to be read: its extension among `types`, at most `maxMb` megabytes. */
export interface AttachmentRules {
  /** Extensions admitted (a skill's attachmentTypes). */
  types: readonly string[];
  /** Megabytes per file (a skill's attachmentMaxSize; less when the company's room is smaller). */
  maxMb: number;
}

/** Why a file was not read: its type, its size, a token its address needs, or it could not be fetched. */
export type RefusedReading = 'type' | 'size' | 'token' | 'notAuthorised' | 'unreachable';

export type FileReading = { kind: 'file'; name: string; type: string; bytes: Buffer } | { kind: 'refused'; reason: RefusedReading };

/** A file a message carries, as its channel hands it in: downloaded only by `read`, within the rules given. */
export interface InboundFile {
  name: string;
  /** The extension, in lower case ('pdf'). */
  type: string;
  read(rules: AttachmentRules): Promise<FileReading>;
}

/** A file a skill admitted: kept with the conversation under `id`. */
export interface AdmittedFile {
  id: string;
  name: string;
  type: string;
  bytes: Buffer;
}

/** A skill's attachment options, read from its stored fields; undefined when it receives no files. */
export interface SkillAttachments extends AttachmentRules {
  maxCount: number;
  required: boolean;
}

export function skillAttachments(skill: SkillDef): SkillAttachments | undefined {
  const cfg = skill.cfg;
  if (cfg.hasAttachments !== true) return undefined;
  const types = Array.isArray(cfg.attachmentTypes) ? cfg.attachmentTypes.filter((t): t is string => typeof t === 'string').map((t) => t.toLowerCase()) : [];
  const number = (value: unknown, fallback: number) => (typeof value === 'number' && value > 0 ? value : fallback);
  return { types, maxMb: number(cfg.attachmentMaxSize, 5), maxCount: number(cfg.attachmentMaxCount, 1), required: cfg.attachmentsRequired === true };
}

const LIST = new Intl.ListFormat('es', { style: 'long', type: 'disjunction' });

/** Why a file was refused, in the words the client reads. */
export type Refusal = RefusedReading | 'count' | 'quota';

export const ATTACHMENT_MESSAGES = {
  sinArchivos: 'Este paso no recibe archivos.',
  refused(name: string, reason: Refusal, rules: SkillAttachments): string {
    const why = {
      type: `el tipo de archivo no es admitido (se admiten ${LIST.format(rules.types)})`,
      size: `supera el tamaño máximo de ${rules.maxMb} MB`,
      count: `se admiten como máximo ${rules.maxCount} ${rules.maxCount === 1 ? 'archivo' : 'archivos'}`,
      quota: 'se agotó el espacio para archivos de la empresa',
      notAuthorised: 'el canal no tiene autorizado el acceso a los archivos de SharePoint y OneDrive',
      token: 'no se pudo leer el archivo',
      unreachable: 'no se pudo leer el archivo',
    }[reason];
    return `No se recibió el archivo "${name}": ${why}.`;
  },
  askFile: (rules: SkillAttachments) =>
    `Por favor adjunte ${rules.maxCount === 1 ? 'el archivo' : `hasta ${rules.maxCount} archivos`} (${LIST.format(rules.types)}, de hasta ${rules.maxMb} MB${rules.maxCount === 1 ? '' : ' cada uno'}).`,
} as const;

const MB = 1024 * 1024;

const MEDIA_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  bmp: 'image/bmp',
  msg: 'application/vnd.ms-outlook',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  eml: 'message/rfc822',
  txt: 'text/plain',
};

/** A file's extension in lower case ('Factura.PDF' is 'pdf'), or '' without one. */
export const extensionOf = (name: string): string => (/\.([A-Za-z0-9]{1,10})$/.exec(name)?.[1] ?? '').toLowerCase();

/** A file whose bytes came with the message (the console's test chat, the web chat widget): read from memory, within the size a skill admits. */
export function fileInMemory(name: string, bytes: Buffer): InboundFile {
  const type = extensionOf(name);
  return {
    name,
    type,
    read: async (rules) => (bytes.length > rules.maxMb * MB ? { kind: 'refused', reason: 'size' } : { kind: 'file', name, type, bytes }),
  };
}

/** The media type a file of extension `type` is sent with. */
export const fileMediaType = (type: string): string => MEDIA_TYPES[type.toLowerCase()] ?? 'application/octet-stream';

/**
 * Reads the files of one message for a skill, in order, holding `held` already: a file past the
 * skill's attachmentMaxCount is not read (too many), nor one of a type it does not admit; one
 * bigger than attachmentMaxSize is refused while it downloads; and the company's stored files
 * may not pass its room (`roomBytes`): a file that would is refused for it.
 */
export async function admitFiles(files: readonly InboundFile[], rules: SkillAttachments, held: number, roomBytes: number, newId: () => string): Promise<{ admitted: AdmittedFile[]; refused: Array<{ name: string; reason: Refusal }> }> {
  const admitted: AdmittedFile[] = [];
  const refused: Array<{ name: string; reason: Refusal }> = [];
  let room = roomBytes;
  for (const file of files) {
    if (held + admitted.length >= rules.maxCount) refused.push({ name: file.name, reason: 'count' });
    else if (!rules.types.includes(file.type.toLowerCase())) refused.push({ name: file.name, reason: 'type' });
    else if (room <= 0) refused.push({ name: file.name, reason: 'quota' });
    else {
      const withinRoom = room < rules.maxMb * MB;
      let reading: FileReading;
      try {
        reading = await file.read({ types: rules.types, maxMb: withinRoom ? room / MB : rules.maxMb });
      } catch {
        reading = { kind: 'refused', reason: 'unreachable' };
      }
      if (reading.kind === 'file') {
        admitted.push({ id: newId(), name: reading.name, type: reading.type, bytes: reading.bytes });
        room -= reading.bytes.length;
      } else refused.push({ name: file.name, reason: reading.reason === 'size' && withinRoom ? 'quota' : reading.reason });
    }
  }
  return { admitted, refused };
}
