// The STOMP endpoint, `{API_BASE}/ws`: registered inside the API scope, so the upgrade request
// passes the session hook (its cookie becomes request.user) like any API call. The integrity hook
// only checks writes, so it lets the upgrade GET through. @fastify/websocket lives in a scope of
// its own, so it wraps this route only.
import websocket from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import type { App } from '../types';
import type { StompSocket } from './connection';

/** WebSocket messages past this are cut by `ws` itself; the frame limits (frames.ts) answer with an ERROR well before. */
const MAX_WS_MESSAGE_BYTES = 1024 * 1024;

export const NOT_A_WEBSOCKET = 'Esta dirección solo acepta conexiones WebSocket (STOMP 1.2)';

export async function realtimeEndpoint(api: App): Promise<void> {
  await api.register(websocket, { options: { maxPayload: MAX_WS_MESSAGE_BYTES } });
  api.route({
    method: 'GET',
    url: '/ws',
    schema: { hide: true },
    // A plain GET, without the upgrade.
    handler: async () => {
      throw new ApiError(426, NOT_A_WEBSOCKET);
    },
    wsHandler: (socket: StompSocket, request) => {
      api.realtime.accept(socket, request);
    },
  });
}

/**
 * An onResponse hook for the whole app: an upgrade request answered over HTTP instead (a session
 * hook's 401, a 404, any route that is not /ws) leaves a socket that Node no longer reads, so it
 * would never notice the client leaving. It is ended here. A successful upgrade is hijacked and
 * never reaches onResponse.
 */
export async function endAnsweredUpgrade(request: FastifyRequest): Promise<void> {
  if (request.headers.upgrade !== undefined) request.raw.socket?.destroy();
}
