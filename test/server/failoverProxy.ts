// The pieces of a failover run that hold no Quipu code: a fresh PostgreSQL database of its own, and
// a round-robin proxy that carries WebSockets (http-proxy-3, as an operator's nginx or HAProxy would).
// Used by failoverCluster.ts and by the end-to-end test/e2e/failover.test.ts.
import http from 'node:http';
import type net from 'node:net';
import { createProxyServer } from 'http-proxy-3';
import pg from 'pg';

export interface ProxyOptions {
  /** Awaited before each WebSocket upgrade is given its target: a test holds the reconnections after a kill with it for as long as it looks. */
  beforeUpgrade?: () => Promise<void>;
}

/** A round-robin proxy over `targets` that carries WebSockets, skipping a target that refused a connection for 10 s (nginx's max_fails=1 fail_timeout=10s). */
export async function roundRobinProxy(targets: string[], { beforeUpgrade }: ProxyOptions = {}): Promise<{ base: string; close: () => Promise<void> }> {
  const proxy = createProxyServer({ ws: true, xfwd: true });
  const downUntil = new Map<string, number>();
  let next = 0;
  const pick = () => {
    for (let i = 0; i < targets.length; i++) {
      const target = targets[next++ % targets.length];
      if ((downUntil.get(target) ?? 0) < Date.now()) return target;
    }
    return targets[next++ % targets.length];
  };
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const target = pick();
    proxy.web(req, res, { target }, (error) => {
      if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED') downUntil.set(target, Date.now() + 10_000);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Bad gateway' }));
    });
  });
  server.on('upgrade', (req, socket: net.Socket, head) => {
    const route = () => {
      if (socket.destroyed) return;
      const target = pick();
      proxy.ws(req, socket, head, { target }, (error) => {
        if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED') downUntil.set(target, Date.now() + 10_000);
        socket.destroy();
      });
    };
    if (!beforeUpgrade) return route();
    // A client that leaves while it waits has nothing to route.
    socket.on('error', () => socket.destroy());
    void beforeUpgrade().then(route);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        proxy.close();
        server.close(() => resolve());
      }),
  };
}

/** A fresh database on the server of `databaseUrl`, named after it and `suffix`; dropped by the returned function. */
export async function freshDatabase(databaseUrl: string, suffix = 'conmutacion'): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = new URL(databaseUrl);
  const name = `${url.pathname.slice(1) || 'quipu'}_${suffix}`;
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`drop database if exists "${name}" with (force)`);
  await run(`create database "${name}"`);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists "${name}" with (force)`) };
}
