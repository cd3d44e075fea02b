// The conversation as the widget shows it, and what the view asks of whoever runs it: the live
// connection (connection.ts) or the editor's preview (preview.ts), which has no network.
import type { ChatMessage } from '../../common/schemas/chat';

export type Entry =
  | { from: 'bot'; id: string; message: ChatMessage }
  | { from: 'user'; id: string; text: string; /** The names of the files it carried. */ files?: string[]; failed?: boolean };

export type ChatStatus = 'idle' | 'opening' | 'ready' | 'refused' | 'offline';

export interface ChatState {
  entries: Entry[];
  status: ChatStatus;
  /** What the widget says about the connection (a refusal, a network problem), shown as an alert. */
  notice: string | null;
  /** Back from a lost connection a moment ago: said as a status, not an alert. */
  recovered?: boolean;
}

/** What the visitor sends: a text (possibly empty when it carries files) with its files, or a button's postback. */
export type ChatInput = { text: string; files?: File[] } | { postback: string; title: string };

/**
 * `message` with its images that are paths on the chat host ('/api/…') made full addresses there:
 * the server names its own images by path, and the widget's page is on another site.
 */
export function withHostImages(message: ChatMessage, origin: string): ChatMessage {
  const full = (url: string | undefined) => (url?.startsWith('/') && !url.startsWith('//') ? `${origin}${url}` : url);
  const out: ChatMessage = { ...message };
  if (message.image_url !== undefined) out.image_url = full(message.image_url);
  if (message.carousel) out.carousel = message.carousel.map((card) => (card.image_url === undefined ? card : { ...card, image_url: full(card.image_url) }));
  return out;
}

export interface ChatController {
  state(): ChatState;
  subscribe(listener: () => void): () => void;
  /** Opens (or resumes) the conversation; called when the chat is first shown. Idempotent. */
  start(): void;
  send(input: ChatInput): void;
  /** Sends a user message that could not be sent again. */
  retry(id: string): void;
}

/** A controller whose state the caller sets: the preview's, and the tests'. */
export class StaticChat implements ChatController {
  private listeners = new Set<() => void>();
  readonly sent: ChatInput[] = [];

  constructor(private current: ChatState) {}

  state(): ChatState {
    return this.current;
  }

  set(next: Partial<ChatState>): void {
    this.current = { ...this.current, ...next };
    for (const listener of this.listeners) listener();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  start(): void {}

  send(input: ChatInput): void {
    this.sent.push(input);
  }

  retry(): void {}
}
