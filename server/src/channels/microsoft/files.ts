// Files people send the bot in Teams: a file shared in a chat (a file.download.info attachment,
// whose downloadUrl is short-lived and needs no token), or an image (contentUrl), which on
// SharePoint or OneDrive needs a Graph token and elsewhere (the Bot Connector's own store) the
// bot's Bot Framework token. Who provides each token is the caller's: this module only fetches,
// through the outbound guard, what a skill's attachment rules admit (its types by extension and its
// size per file).
import type { App } from '../../types';
import { extensionOf, type AttachmentRules, type FileReading, type InboundFile } from '../../conversation';
import { teamsFetch } from './api';
import type { Activity } from './receive';

export const FILE_DOWNLOAD_INFO = 'application/vnd.microsoft.teams.file.download.info';

export interface TeamsFile {
  name: string;
  /** The file's extension in lower case ('pdf', 'jpg'), from Teams' fileType or the name. */
  type: string;
  url: string;
  /** The token the address needs. */
  auth: 'none' | 'graph' | 'botFramework';
}

/** Gives a bearer token for one call. */
export type TokenProvider = () => Promise<string>;


/** SharePoint and OneDrive addresses, which only Graph's delegated token opens. */
export function onMicrosoft365(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase();
  return host.endsWith('.sharepoint.com') || host === 'onedrive.live.com' || host.endsWith('.1drv.com') || host === '1drv.ms';
}

/** The files an activity carries; other attachments (cards, the HTML copy of the text) are left out. */
export function teamsFiles(activity: Activity): TeamsFile[] {
  const out: TeamsFile[] = [];
  for (const raw of Array.isArray(activity.attachments) ? activity.attachments : []) {
    const a = raw as { contentType?: string; contentUrl?: string; name?: string; content?: { downloadUrl?: string; fileType?: string } } | null;
    if (!a || typeof a !== 'object') continue;
    if (a.contentType === FILE_DOWNLOAD_INFO && typeof a.content?.downloadUrl === 'string' && URL.canParse(a.content.downloadUrl)) {
      const name = a.name ?? 'archivo';
      out.push({ name, type: (a.content.fileType ?? extensionOf(name)).toLowerCase(), url: a.content.downloadUrl, auth: 'none' });
    } else if (a.contentType?.startsWith('image/') && typeof a.contentUrl === 'string' && URL.canParse(a.contentUrl)) {
      const name = a.name ?? `imagen.${a.contentType.slice('image/'.length)}`;
      out.push({ name, type: extensionOf(name) || a.contentType.slice('image/'.length), url: a.contentUrl, auth: onMicrosoft365(a.contentUrl) ? 'graph' : 'botFramework' });
    }
  }
  return out;
}

/** The file's bytes when the rules admit it, read with the token its address needs. */
export async function fetchTeamsFile(app: App, file: TeamsFile, tokens: { graph?: TokenProvider; botFramework?: TokenProvider }, rules: AttachmentRules): Promise<FileReading> {
  if (!rules.types.map((t) => t.toLowerCase()).includes(file.type)) return { kind: 'refused', reason: 'type' };
  const provider = file.auth === 'none' ? undefined : tokens[file.auth];
  if (file.auth !== 'none' && !provider) return { kind: 'refused', reason: 'token' };
  let token: string | undefined;
  try {
    token = provider ? await provider() : undefined;
  } catch {
    return { kind: 'refused', reason: 'token' };
  }
  const maxBytes = rules.maxMb * 1024 * 1024;
  let response;
  try {
    response = await teamsFetch(app, file.url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  } catch {
    return { kind: 'refused', reason: 'unreachable' };
  }
  if (response.status < 200 || response.status >= 300) {
    await response.body?.cancel().catch(() => undefined);
    return { kind: 'refused', reason: 'unreachable' };
  }
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return { kind: 'refused', reason: 'size' };
  }
  // Read up to one byte past the limit: a server that hides the length cannot make us hold more.
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.length;
    if (size > maxBytes) return { kind: 'refused', reason: 'size' };
    chunks.push(Buffer.from(chunk));
  }
  return { kind: 'file', name: file.name, type: file.type, bytes: Buffer.concat(chunks) };
}

/**
 * The activity's files as the conversation takes them, each fetched only when the skill that
 * answers admits it. A SharePoint or OneDrive file needs the channel's 'Autorizar archivos' (the
 * Graph token it gives): without it the file is refused as not authorised.
 */
export function inboundTeamsFiles(app: App, activity: Activity, tokens: { graph: TokenProvider; botFramework: TokenProvider }): InboundFile[] {
  return teamsFiles(activity).map((file) => ({
    name: file.name,
    type: file.type,
    async read(rules) {
      const reading = await fetchTeamsFile(app, file, tokens, rules);
      return reading.kind === 'refused' && reading.reason === 'token' && file.auth === 'graph' ? { kind: 'refused', reason: 'notAuthorised' } : reading;
    },
  }));
}
