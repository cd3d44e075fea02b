// What the test chat needs from its live connection: follow one topic, say when the server has
// confirmed the subscription, and report the connection's state. The STOMP client implements it
// (stompTransport.ts); component tests hand in their own.
import type { ChatMessage } from '../../../api/chat';

export type ConnectionState = 'conectando' | 'conectado' | 'reintentando';

export interface ChatTransportHandlers {
  onMessage: (message: ChatMessage) => void;
  onState: (state: ConnectionState) => void;
}

export interface ChatTransport {
  /** Resolves once the subscription is active (again after a reconnect). */
  ready: () => Promise<void>;
  close: () => void;
}

export type OpenChatTransport = (topic: string, handlers: ChatTransportHandlers) => ChatTransport;
