// The test chat's conversation as pure data: what the user sent and what the bot answered, kept
// per bot in sessionStorage, and what the debug panel and 'Guardar como prueba' read from it.
import { CANAL_KINDS, CANAL_NAMES, type CanalKind } from '../../../../common/schemas/canales';
import { DEFAULT_TEST_RED, type ChatMessage, type PruebaBody, type TurnDebug } from '../../../../common/schemas/chat';
import { ALL_CHANNELS } from '../../../../common/schemas/skillRules';
import { chatFileLine } from '../../../../common/schemas/chatFiles';

/** The channel select: every kind of channel the engine answers on, named by its catalogue key, 'Todos' last. */
export const CHAT_CHANNELS: ReadonlyArray<{ code: number; kind: CanalKind | null }> = [
  ...CANAL_NAMES.map((kind) => ({ code: CANAL_KINDS[kind].red, kind })),
  { code: ALL_CHANNELS, kind: null },
];

export interface UserEntry {
  kind: 'user';
  id: string;
  /** What the chat shows: the text typed, or the chosen button's title. */
  text: string;
  postback?: string;
  /** The names of the files sent with it (the files themselves are not kept). */
  files?: string[];
  /** The server's id of this message (TurnDebug.turn of its answer), once known. */
  turn?: string;
  /** What the engine did when the bot sent nothing back (no message carries it). */
  debug?: TurnDebug;
}
export interface BotEntry {
  kind: 'bot';
  id: string;
  message: ChatMessage;
}
export type ChatEntry = UserEntry | BotEntry;

export interface Conversation {
  psi: string;
  red: number;
  entries: ChatEntry[];
  /** Quick-reply messages already answered: their chips are gone. */
  usedQuick: string[];
}

const randomId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

export const newPsi = () => `demo-${randomId()}`;
export const newConversation = (red: number = DEFAULT_TEST_RED): Conversation => ({ psi: newPsi(), red, entries: [], usedQuick: [] });

export const userEntry = (text: string, postback?: string, files: readonly string[] = []): UserEntry => ({
  kind: 'user',
  id: randomId(),
  text,
  ...(postback === undefined ? {} : { postback }),
  ...(files.length > 0 ? { files: [...files] } : {}),
});

/** What a user message's bubble shows: its text, then a line per file it carried. */
export const userText = (entry: UserEntry) => [entry.text, ...(entry.files ?? []).map(chatFileLine)].filter(Boolean).join('\n');


const storageKey = (idBot: string) => `quipu.testChat.${idBot}`;

export function loadConversation(idBot: string): Conversation {
  try {
    const stored = JSON.parse(sessionStorage.getItem(storageKey(idBot)) ?? 'null') as Conversation | null;
    if (stored && typeof stored.psi === 'string' && Array.isArray(stored.entries)) return { ...stored, usedQuick: stored.usedQuick ?? [], red: stored.red ?? DEFAULT_TEST_RED };
  } catch {
    // A damaged entry starts a new conversation.
  }
  return newConversation();
}

export function saveConversation(idBot: string, conversation: Conversation) {
  sessionStorage.setItem(storageKey(idBot), JSON.stringify(conversation));
}

const turnOf = (message: ChatMessage) => message.debug?.turn;

/**
 * A bot message arrived (STOMP or the POST answer): kept once (by id). A message of a turn no user
 * message owns yet answers the oldest user message still waiting for its turn.
 */
export function receive(conversation: Conversation, message: ChatMessage): Conversation {
  if (conversation.entries.some((entry) => entry.kind === 'bot' && entry.message.id === message.id)) return conversation;
  let entries = [...conversation.entries, { kind: 'bot' as const, id: message.id, message }];
  const turn = turnOf(message);
  if (turn && !entries.some((entry) => entry.kind === 'user' && entry.turn === turn)) {
    const waiting = entries.findIndex((entry) => entry.kind === 'user' && !entry.turn);
    if (waiting >= 0) entries = entries.map((entry, index) => (index === waiting ? { ...entry, turn } : entry));
  }
  return { ...conversation, entries };
}

/**
 * The POST answer for `userId` names its turn for sure. An answer without messages keeps its
 * `debug` (why the bot sent nothing) on the user's message.
 */
export function settleTurn(conversation: Conversation, userId: string, messages: readonly ChatMessage[], debug?: TurnDebug): Conversation {
  const silent = messages.length === 0 ? debug : undefined;
  const turn = messages.map(turnOf).find(Boolean) ?? silent?.turn;
  if (!turn) return conversation;
  return {
    ...conversation,
    entries: conversation.entries.map((entry) => {
      if (entry.kind !== 'user') return entry;
      if (entry.id === userId) return { ...entry, turn, ...(silent ? { debug: silent } : {}) };
      return entry.turn === turn ? { ...entry, turn: undefined } : entry;
    }),
  };
}

export const missingFrom = (conversation: Conversation, messages: readonly ChatMessage[]) =>
  messages.filter((message) => !conversation.entries.some((entry) => entry.kind === 'bot' && entry.message.id === message.id));

/** The debug of the answer to user message `userId`, or of the latest answer. */
export function debugOf(entries: readonly ChatEntry[], userId?: string): TurnDebug | undefined {
  if (userId) {
    const user = entries.find((entry): entry is UserEntry => entry.kind === 'user' && entry.id === userId);
    if (!user?.turn) return undefined;
    return user.debug ?? entries.find((entry): entry is BotEntry => entry.kind === 'bot' && entry.message.debug?.turn === user.turn)?.message.debug;
  }
  for (let index = entries.length - 1; index >= 0; index -= 1) {
    const entry = entries[index];
    if (entry.kind === 'bot' && entry.message.debug) return entry.message.debug;
    if (entry.kind === 'user' && entry.debug) return entry.debug;
  }
  return undefined;
}

export const hasUserMessage = (entries: readonly ChatEntry[]) => entries.some((entry) => entry.kind === 'user');

/** 'Guardar como prueba': each user message (text or postback) with the skills its answer ran. */
export function toPruebaBody(idBot: string, nm: string, conversation: Conversation): PruebaBody {
  const pasos = conversation.entries
    .filter((entry): entry is UserEntry => entry.kind === 'user')
    .map((entry) => {
      const skills = (debugOf(conversation.entries, entry.id)?.skills ?? []).map((skill) => skill.id);
      return entry.postback === undefined ? { text: entry.text, skills } : { postback: entry.postback, skills };
    });
  return { idBot, nm, red: conversation.red as PruebaBody['red'], pasos };
}

export const percent = (score: number) => `${Math.round(score * 100)}%`;
