// The test chat over STOMP (the websocket topics): same origin `{API}/ws`, the session cookie
// authenticates. Each subscription asks for a receipt, so a message is only POSTed once the
// server will publish its answer to us.
import { Client, ReconnectionTimeMode } from '@stomp/stompjs';
import { API_URL } from '../../../api/client';
import type { ChatMessage } from '../../../api/chat';
import type { ChatTransport, ChatTransportHandlers } from './transport';

/** The first wait before a reconnection, doubling after each failed one up to MAX_RECONNECT_MS. */
const RECONNECT_MS = 500;
const MAX_RECONNECT_MS = 10_000;
const HEARTBEAT_MS = 10_000;

/** RECONNECT_MS give or take half, drawn at each connection, so the consoles of a stopped instance do not all come back at once. */
export const jitteredDelay = (random: () => number = Math.random) => Math.round(RECONNECT_MS * (0.5 + random()));

export const brokerUrl = (apiUrl: string = API_URL) => `${apiUrl.replace(/^http/, 'ws')}/ws`;

function parse(body: string): ChatMessage | undefined {
  try {
    const message = JSON.parse(body) as ChatMessage;
    return typeof message?.id === 'string' && typeof message.type === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}

export function openStompTransport(topic: string, { onMessage, onState }: ChatTransportHandlers): ChatTransport {
  let markReady = () => undefined as void;
  let ready = new Promise<void>((resolve) => (markReady = resolve));
  let subscribed = false;
  let receipts = 0;

  const client = new Client({
    brokerURL: brokerUrl(),
    reconnectDelay: jitteredDelay(),
    reconnectTimeMode: ReconnectionTimeMode.EXPONENTIAL,
    maxReconnectDelay: MAX_RECONNECT_MS,
    heartbeatIncoming: HEARTBEAT_MS,
    heartbeatOutgoing: HEARTBEAT_MS,
  });
  // The waits after the next drop start from a new draw; each failed try doubles it.
  client.beforeConnect = () => {
    client.reconnectDelay = jitteredDelay();
  };
  client.onConnect = () => {
    const receipt = `sub-${++receipts}`;
    client.watchForReceipt(receipt, () => {
      subscribed = true;
      onState('conectado');
      markReady();
    });
    client.subscribe(topic, (frame) => {
      const message = parse(frame.body);
      if (message) onMessage(message);
    }, { receipt });
  };
  const lost = () => {
    if (!client.active) return;
    onState('reintentando');
    if (subscribed) {
      subscribed = false;
      ready = new Promise<void>((resolve) => (markReady = resolve));
    }
  };
  client.onWebSocketClose = lost;
  client.onStompError = lost;

  onState('conectando');
  client.activate();
  return {
    ready: () => ready,
    close: () => void client.deactivate(),
  };
}
