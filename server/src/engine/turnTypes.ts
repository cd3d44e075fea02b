// What a turn of a conversation takes and gives: the state kept between messages, the message
// in, the context the caller supplies, and the bot's messages out with what happened.
import type { ChatMessage, TurnDebug } from '../../../common/schemas/chat';
import type { EntityValue } from './entities';
import type { CompiledBot } from './bundle';
import type { OutboundGuard } from '../net/outbound';
import type { AdmittedFile, InboundFile } from './attachments';

/** What the conversation remembers between messages (stored as JSON in conversacion.estado). */
export interface ConversationState {
  /** The bot answering now (a jump to a bot hands the conversation over); the first bot when absent. */
  bot?: string;
  memory: Record<string, unknown>;
  /** A skill waiting for requirement fields, with the entities gathered so far. */
  pending?: { skill: string; attempts: number; entities: EntityValue[] };
  /** The buttons last offered: their postback values and titles, and what an answer outside them gets. */
  options?: { values: string[]; titles: string[]; invalidOption: string };
  /** Consecutive messages nothing recognised (or answered outside the options). */
  attempts: number;
  /** Waiting for a person; `back` is the bot that takes the conversation back. */
  human?: { since: string; back?: string };
  /** Unique actions already sent in this session. */
  sent: string[];
  /** The number of the session's last recorded message (kept by the caller). */
  seq?: number;
  /** What the usage counters already hold of this conversation (kept by the caller). */
  uso?: UsageMark;
  /** In a knowledge base: the KB-mode skill whose QnAs the next question is searched in, and its questions in a row without an answer. */
  kb?: { skill: string; misses: number };
  /** The QnA whose answer was just asked to be rated: the one rating the conversation may give. */
  rating?: string;
  /**
   * The skill that receives the conversation's files (the last one a message reached that takes
   * files), the files admitted since it started (their ids), and whether it waits for one it requires.
   */
  attachments?: { skill: string; files: string[]; waiting?: boolean; asked?: number };
}

/** What the knowledge base did in a turn: the QnAs that answered and the skill they answered for, a rating, a question it could not answer. */
export interface KbEvents {
  answered: string[];
  entry?: string;
  rated?: { idQna: string; ok: boolean };
  notFound?: { idSkill: string; txt: string };
}

/** What the counters hold of a conversation: its last counted day, and of its session, the skills that answered and the latest. */
export interface UsageMark {
  /** The company-local day (YYYY-MM-DD) of the last counted turn. */
  dia: string;
  /** Skills that answered in this session. */
  skills: string[];
  /** The session's latest answering skill, and the day it was counted as where the session ends. */
  fin?: { skill: string; dia: string };
}

export const newState = (): ConversationState => ({ memory: {}, attempts: 0, sent: [] });

export interface TurnInput {
  text?: string;
  postback?: string;
  /** Ends a wait for a person at once ('Terminar atención'): no client message, the bot takes over. */
  endHuman?: boolean;
  /** The files the message carries, read only when the skill that answers admits them. */
  files?: readonly InboundFile[];
}

export interface TurnContext {
  /** The conversation's channel code (8 sees every action). */
  red: number;
  now: Date;
  /** Working definition: the messages carry `debug`. */
  test: boolean;
  webhookTimeoutMs: number;
  /** Where a webhook URL starting with '/' goes (the bot's baseUrl, else the server itself). */
  baseUrl?: string;
  /** What every webhook call goes through (internal addresses refused unless OUTBOUND_ALLOW admits them). */
  outbound: OutboundGuard;
  timeZone?: string;
  /** The work (engine/patterns.ts steps) this message may ask of the bot's expressions, entities and conditions together. */
  patternBudget?: number;
  /** This server's origin for a client that needs full addresses (a provider's): an image path starting with '/' points there; absent, it stays a path. */
  publicOrigin?: string;
  /** Another bot of the company, ready to answer (a jump to it), or undefined when it cannot. */
  resolveBot(id: string): Promise<CompiledBot | undefined>;
  /** A bot's encrypted extras, decrypted, for its webhooks' `{{secreto.nombre}}` only (never memory, texts or debug). */
  secretsOf?(bot: CompiledBot): Readonly<Record<string, string>>;
  /** The bytes the company may still store in files (none given: no limit). */
  attachmentRoomBytes?: number;
  /** Files admitted by earlier messages, by id (a webhook sends them). */
  storedFiles?(ids: readonly string[]): Promise<AdmittedFile[]>;
}

/** A message as the conversation records it, beside what the client receives. */
export interface TurnMessage {
  message: ChatMessage;
  /** The skill whose action sent it, and that skill's score for this turn. */
  idSkill: string | null;
  score: number | null;
}

export interface TurnResult {
  messages: TurnMessage[];
  state: ConversationState;
  debug: TurnDebug;
  /** The skill chosen first (null: none), its score, and whether the phrase was recognised (else it counts as unrecognised). */
  skillId: string | null;
  score: number;
  recognised: boolean;
  /** The bot that answered (a jump to a bot may change it). */
  botId: string;
  kb: KbEvents;
  /** The files of this message its skill admitted, to keep with the conversation. */
  files: AdmittedFile[];
}
