// The widget's conversation with the server: the channel's appearance, opening (or resuming, with
// the token kept in localStorage) a conversation, sending messages through the public routes, and
// receiving the bot's answers over STOMP (`/user/conversacion`, the token as CONNECT's passcode, opens its conversation). Answers
// arrive twice (in the POST's reply and on the topic) and are shown once, by id. After a network
// drop STOMP reconnects with backoff and jitter, to whichever instance the proxy gives it, and what
// the conversation holds after the last answer shown is read, so nothing said meanwhile is lost; a
// message whose POST failed is sent again with the same id, which the server answers once. A
// message with files goes to `/archivos` as multipart (its `/mensaje` JSON in the part `datos`, the
// files in `archivo1`, `archivo2`…), and its File objects stay in memory until it is answered.
import { Client, type IFrame, type IMessage } from '@stomp/stompjs';
import type { ChatMessage } from '../../common/schemas/chat';
import { CONVERSATION_DESTINATION } from '../../common/schemas/destinations';
import type { WebchatCanal, WebchatConversation, WebchatMissed, WebchatReply } from '../../common/schemas/webchat';
import { withHostImages, type ChatController, type ChatInput, type ChatState, type Entry } from './chatState';
import { WIDGET_TEXTS as T } from './texts';
import { CHAT_FILES } from '../../common/schemas/chatFiles';

/** The STOMP ERROR the server sends for a token it no longer takes (realtime/messages.ts badToken). */
const BAD_TOKEN = 'La credencial de la conversación no es válida o está vencida';
/** The STOMP ERROR a stopping instance sends before it closes (realtime/messages.ts reconnect): the link connects again, to another instance. */
const SERVER_LEAVING = 'El servidor se está deteniendo: vuelva a conectarse';
/** Waits between the tries of a message whose POST did not reach the server. */
const RESEND_DELAYS_MS = [1000, 2000, 4000];
const REOPEN_DELAY_MS = 5000;
/** How long 'Conexión recuperada' stays. */
const RECOVERED_MS = 4000;

/**
 * The wait before the reconnection after `failures` failed ones: 0.5 s doubling up to 10 s, each
 * between half and one and a half of that, so the visitors of a stopped instance do not all come
 * back at once.
 */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(10_000, 500 * 2 ** Math.min(failures, 10));
  return Math.round(base * (0.5 + random()));
}

export interface StompHandlers {
  onConnect(): void;
  onMessage(body: string): void;
  /** The server refused the connection (ERROR frame). */
  onRefused(message: string): void;
  onClose(): void;
}

/** The part of a STOMP client the connection uses; tests hand in their own. */
export interface StompLink {
  start(passcode: string, psi: string): void;
  stop(): void;
}

export type StompFactory = (url: string, handlers: StompHandlers) => StompLink;

/** @stomp/stompjs, reconnecting after a drop with `delay` (backoffDelay), with heart-beats both ways. */
export const stompjsLink = (url: string, handlers: StompHandlers, delay: (failures: number) => number = backoffDelay): StompLink => {
  let client: Client | undefined;
  let passcode = '';
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const connect = () => {
    const current: Client = new Client({
      brokerURL: url,
      connectHeaders: { passcode },
      // Reconnections are this link's own, with backoff and jitter.
      reconnectDelay: 0,
      heartbeatIncoming: 10_000,
      heartbeatOutgoing: 10_000,
      debug: () => undefined,
      onConnect: () => {
        failures = 0;
        current.subscribe(CONVERSATION_DESTINATION, (message: IMessage) => handlers.onMessage(message.body));
        handlers.onConnect();
      },
      onStompError: (frame: IFrame) => handlers.onRefused(frame.headers.message ?? ''),
      onWebSocketClose: () => {
        handlers.onClose();
        if (client !== current) return;
        void current.deactivate();
        timer = setTimeout(connect, delay(failures++));
      },
    });
    client = current;
    current.activate();
  };
  const stop = () => {
    clearTimeout(timer);
    const current = client;
    client = undefined;
    void current?.deactivate();
  };
  return {
    start(token) {
      stop();
      passcode = token;
      failures = 0;
      connect();
    },
    stop,
  };
};

export interface ConnectionOptions {
  /** The API's address on the chat host, e.g. 'https://bots.example.com/api'. */
  api: string;
  /** The channel key of the snippet. */
  key: string;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  stomp?: StompFactory;
  fetch?: typeof fetch;
  /** setTimeout, so tests can run the waits at once. */
  wait?: (ms: number) => Promise<void>;
}

/** 16 random bytes in base64url: a message's id (crypto.randomUUID needs https, which a customer's page may lack). */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

type Answer<T> = { ok: true; body: T } | { ok: false; status: number; message: string };

export class WebchatConnection implements ChatController {
  private current: ChatState = { entries: [], status: 'idle', notice: null };
  private readonly listeners = new Set<() => void>();
  private readonly link: StompLink;
  private readonly fetcher: typeof fetch;
  private readonly wait: (ms: number) => Promise<void>;
  private readonly storage: ConnectionOptions['storage'];
  private conversation?: { psi: string; token: string };
  private opening?: Promise<boolean>;
  private connectedBefore = false;
  private linked = false;
  private pending = new Map<string, ChatInput>();
  /** The chat host's origin, which the bot's image paths are on. */
  private readonly host: string;

  constructor(private readonly options: ConnectionOptions) {
    this.host = new URL(options.api).origin;
    this.fetcher = options.fetch ?? ((...args) => fetch(...args));
    this.wait = options.wait ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.storage = options.storage === undefined ? safeLocalStorage() : options.storage;
    const ws = `${options.api.replace(/^http/, 'ws')}/ws`;
    this.link = (options.stomp ?? stompjsLink)(ws, {
      onConnect: () => this.connected(),
      onMessage: (body) => this.received(body),
      onRefused: (message) => void this.stompRefused(message),
      onClose: () => this.dropped(),
    });
  }

  // --- ChatController ---

  state(): ChatState {
    return this.current;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  start(): void {
    if (this.current.status === 'idle' || this.current.status === 'offline') void this.open();
  }

  send(input: ChatInput): void {
    const id = randomId();
    const text = 'text' in input ? input.text : input.title;
    const files = 'text' in input && input.files?.length ? { files: input.files.map((file) => file.name) } : {};
    this.pending.set(id, input);
    this.set({ entries: [...this.current.entries, { from: 'user', id, text, ...files }] });
    void this.deliver(id);
  }

  retry(id: string): void {
    if (!this.pending.has(id)) return;
    this.set({ entries: this.current.entries.map((e) => (e.id === id && e.from === 'user' ? { ...e, failed: false } : e)), notice: null });
    void this.deliver(id);
  }

  // --- the channel ---

  private get storeKey() {
    return `quipu-webchat:${this.options.key}`;
  }

  /** GET the channel's appearance; null when it is refused or unreachable (the state then says why). */
  async load(): Promise<WebchatCanal | null> {
    const answer = await this.request<WebchatCanal>('GET', '');
    if (answer?.ok) return answer.body;
    this.set({ status: answer ? 'refused' : 'offline', notice: answer?.message ?? T.sinConexion });
    return null;
  }

  /** Opens or resumes the conversation and connects STOMP; false when it could not. One at a time. */
  private open(): Promise<boolean> {
    this.opening ??= this.openOnce().finally(() => (this.opening = undefined));
    return this.opening;
  }

  private async openOnce(): Promise<boolean> {
    if (this.current.status !== 'ready') this.set({ status: 'opening', notice: null });
    const token = this.conversation?.token ?? this.storage?.getItem(this.storeKey) ?? null;
    const answer = await this.request<WebchatConversation>('POST', '/conversacion', { token });
    if (!answer) {
      this.set({ status: 'offline', notice: T.sinConexion });
      void this.wait(REOPEN_DELAY_MS).then(() => this.start());
      return false;
    }
    if (!answer.ok) {
      this.refuse(answer.message);
      return false;
    }
    const { psi, historial } = answer.body;
    const samePsi = this.conversation?.psi === psi;
    this.keep(psi, answer.body.token);
    if (this.current.entries.length === 0 && historial.length) this.set({ entries: historial.map((e) => (e.from === 'bot' ? { ...e, message: withHostImages(e.message, this.host) } : e)) });
    else this.merge(historial.flatMap((e) => (e.from === 'bot' ? [e.message] : [])));
    this.set({ status: 'ready', notice: null });
    if (!samePsi || !this.linked) {
      this.connectedBefore = false;
      this.linked = true;
      this.link.start(answer.body.token, psi);
    }
    return true;
  }

  private keep(psi: string, token: string): void {
    this.conversation = { psi, token };
    try {
      this.storage?.setItem(this.storeKey, token);
    } catch {
      // A full or blocked storage only means the conversation is not resumed on the next page.
    }
  }

  private unlink(): void {
    this.linked = false;
    this.link.stop();
  }

  private refuse(message: string): void {
    this.unlink();
    this.conversation = undefined;
    this.storage?.removeItem(this.storeKey);
    this.set({ status: 'refused', notice: message });
  }

  // --- messages ---

  private async deliver(id: string): Promise<void> {
    const input = this.pending.get(id);
    if (!input) return;
    let reopened = false;
    for (let attempt = 0; ; attempt++) {
      if (!this.conversation && !(await this.open())) return this.failed(id, this.current.status === 'refused' ? null : T.sinConexion);
      const { token } = this.conversation as { token: string };
      const answer = await this.post(input, token, id);
      if (answer?.ok) {
        this.pending.delete(id);
        if (this.conversation) this.keep(this.conversation.psi, answer.body.token);
        this.merge(answer.body.messages);
        // Answered before (a resend after a lost reply): its answer went out then, read it again.
        if (answer.body.repetido) void this.open();
        return;
      }
      if (!answer) {
        if (attempt < RESEND_DELAYS_MS.length) {
          await this.wait(RESEND_DELAYS_MS[attempt]);
          continue;
        }
        return this.failed(id, T.sinConexion);
      }
      if (answer.status === 401 && !reopened) {
        // The token expired: a new conversation, and the message once more.
        reopened = true;
        this.conversation = undefined;
        this.storage?.removeItem(this.storeKey);
        continue;
      }
      if (answer.status === 403 || answer.status === 404) {
        this.refuse(answer.message);
        return this.failed(id, null);
      }
      return this.failed(id, answer.message);
    }
  }

  /** One try of a message: with files to /archivos, otherwise to /mensaje. */
  private post(input: ChatInput, token: string, id: string): Promise<Answer<WebchatReply> | undefined> {
    if ('postback' in input) return this.request('POST', '/mensaje', { token, id, postback: input.postback });
    if (!input.files?.length) return this.request('POST', '/mensaje', { token, id, message: input.text });
    return this.request('POST', '/archivos', filesForm({ token, id, ...(input.text ? { message: input.text } : {}) }, input.files));
  }

  private failed(id: string, notice: string | null): void {
    this.set({
      entries: this.current.entries.map((e) => (e.id === id && e.from === 'user' ? { ...e, failed: true } : e)),
      ...(notice ? { notice } : {}),
    });
  }

  /** Appends the bot messages not shown yet, in order. */
  private merge(messages: ChatMessage[]): void {
    const known = new Set(this.current.entries.map((e) => e.id));
    const fresh: Entry[] = messages.filter((m) => !known.has(m.id)).map((message) => ({ from: 'bot', id: message.id, message: withHostImages(message, this.host) }));
    if (fresh.length) this.set({ entries: [...this.current.entries, ...fresh] });
  }

  // --- STOMP ---

  private connected(): void {
    const again = this.connectedBefore;
    this.connectedBefore = true;
    if (this.current.status === 'offline') {
      this.set({ status: 'ready', notice: null, recovered: true });
      void this.wait(RECOVERED_MS).then(() => this.set({ recovered: false }));
    }
    // Back after a drop: whatever the bot said meanwhile is read from the conversation.
    if (again) void this.catchUp();
  }

  /** What the conversation holds after the last answer shown; the whole conversation again when that cannot be read. */
  private async catchUp(): Promise<void> {
    const token = this.conversation?.token;
    if (!token) return void this.open();
    const last = [...this.current.entries].reverse().find((e) => e.from === 'bot')?.id;
    const query = new URLSearchParams({ token, ...(last ? { desde: last } : {}) });
    const answer = await this.request<WebchatMissed>('GET', `/mensajes?${query.toString()}`);
    if (answer?.ok) this.merge(answer.body.historial.flatMap((e) => (e.from === 'bot' ? [e.message] : [])));
    else void this.open();
  }

  private received(body: string): void {
    try {
      const message = JSON.parse(body) as ChatMessage;
      if (message && typeof message.id === 'string') this.merge([message]);
    } catch {
      // Not a chat message: nothing to show.
    }
  }

  private dropped(): void {
    if (this.current.status === 'ready') this.set({ status: 'offline', notice: null, recovered: false });
  }

  private async stompRefused(message: string): Promise<void> {
    if (message === SERVER_LEAVING) return;
    this.unlink();
    // The channel may have been deactivated, or the token expired: opening again tells which.
    if (message === BAD_TOKEN) await this.open();
  }

  // --- plumbing ---

  private set(next: Partial<ChatState>): void {
    this.current = { ...this.current, ...next };
    for (const listener of this.listeners) listener();
  }

  /** A call to the channel's public routes: its body, the server's refusal, or undefined when the network failed. */
  private async request<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<Answer<T> | undefined> {
    // A FormData goes as it is: the browser writes its multipart Content-Type with the boundary.
    const asJson = body !== undefined && !(body instanceof FormData);
    let response: Response;
    try {
      response = await this.fetcher(`${this.options.api}/public/webchat/${encodeURIComponent(this.options.key)}${path}`, {
        method,
        credentials: 'omit',
        headers: asJson ? { 'Content-Type': 'application/json' } : {},
        body: asJson ? JSON.stringify(body) : (body as FormData | undefined),
      });
    } catch {
      return undefined;
    }
    const json = (await response.json().catch(() => null)) as (T & { message?: string }) | null;
    if (response.ok && json) return { ok: true, body: json };
    if (response.status >= 500 || !json) return undefined;
    return { ok: false, status: response.status, message: json.message ?? T.sinConexion };
  }
}

/** The body of POST /archivos: what /mensaje takes, as JSON in the part `datos`, then each file in its own part. */
function filesForm(datos: { token: string; id: string; message?: string }, files: readonly File[]): FormData {
  const form = new FormData();
  form.append('datos', JSON.stringify(datos));
  files.forEach((file, index) => form.append(`${CHAT_FILES.part}${index + 1}`, file, file.name));
  return form;
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
