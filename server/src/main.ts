// Starts the server: builds the app, listens, and closes cleanly on SIGINT/SIGTERM.
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { loadConfig } from './config';

function displayHost(host: string): string {
  // A wildcard or loopback bind is reached from this machine as localhost.
  if (['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(host)) return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Connections waiting to be accepted. Node's default, 511, overflows when hundreds of chat clients
 * connect at once while the server is busy: the kernel drops their handshakes and they retry
 * only after 1, 3, 7 seconds. The kernel caps it at net.core.somaxconn.
 */
const LISTEN_BACKLOG = 4096;

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  await app.listen({ host: config.host, port: config.port, backlog: LISTEN_BACKLOG });

  const { port } = app.server.address() as AddressInfo;
  const base = config.basePath === '/' ? '' : config.basePath;
  console.log(`Quipu escuchando en http://${displayHost(config.host)}:${port}${base}`);
  console.log('Las cuentas de demostración están en README.md, sección «Cuentas de demostración».');
  if (config.outboundAllow.length) console.log(`Direcciones internas que los bots pueden llamar (OUTBOUND_ALLOW): ${config.outboundAllow.join(', ')}`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      // A second signal means the operator does not want to wait.
      process.exit(1);
    }
    closing = true;
    app.log.info(`${signal} recibido; cerrando el servidor`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error al cerrar el servidor');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('No se pudo iniciar el servidor:', error);
  process.exit(1);
});
