// A real HTTP peer on a free port of this machine, for the calls a bot or a channel makes out
// (webhooks, token endpoints, redirects). Each test writes its own handler.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalServer {
  port: number;
  /** http://host:port, without a trailing slash. */
  base: string;
  /** Stops listening and drops the connections still open. */
  close: () => Promise<void>;
}

export async function listenLocally(handler: http.RequestListener, host = '127.0.0.1', port = 0): Promise<LocalServer> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    port: bound,
    base: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
