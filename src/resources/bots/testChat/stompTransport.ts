// The test chat over STOMP (the websocket topics): same origin `{API}/ws`, the session cookie
// authenticates. Each subscription asks for a receipt, so a message is only POSTed once the
// server will publish its answer to us.
import { Client } from '@stomp/stompjs';
import { API_URL } from '../../../api/client';
import type { ChatMessage } from '../../../api/chat';
import type { ChatTransport, ChatTransportHandlers } from './transport';

const RECONNECT_MS = 2_000;
const HEARTBEAT_MS = 10_000;

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

  const client = new Client({ brokerURL: brokerUrl(), reconnectDelay: RECONNECT_MS, heartbeatIncoming: HEARTBEAT_MS, heartbeatOutgoing: HEARTBEAT_MS });
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
