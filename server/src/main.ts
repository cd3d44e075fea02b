// Starts the server: builds the app, listens, and drains then closes on SIGINT/SIGTERM (shutdown.ts).
import { buildApp } from './app';
import { loadConfig } from './config';
import { shutdown } from './shutdown';

/** An address the server listens on, as a browser on this machine opens it: loopback and the wildcards as localhost. */
function shownAddress(address: string): string {
  return address.replace(/^(https?:\/\/)(127\.0\.0\.1|0\.0\.0\.0|\[::\]|\[::1\])(?=:)/, '$1localhost');
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
  const base = config.basePath === '/' ? '' : config.basePath;
  // Fastify logs one line per address it listens on: here, the line that says Quipu is ready.
  await app.listen({ host: config.host, port: config.port, backlog: LISTEN_BACKLOG, listenTextResolver: (address) => `Quipu está listo en ${shownAddress(address)}${base}` });
  if (config.seedDemo) app.log.info('Las cuentas de demostración están en README.md, sección «Cuentas de demostración».');
  if (config.outboundAllow.length) app.log.info(`Direcciones internas que los bots pueden llamar (OUTBOUND_ALLOW): ${config.outboundAllow.join(', ')}`);

  let closing = false;
  const stop = (signal: string) => {
    if (closing) {
      // A second signal means the operator does not want to wait.
      process.exit(1);
    }
    closing = true;
    app.log.info(`Cerrando el servidor (${signal}): deja de recibir trabajo y espera hasta ${config.shutdownGraceSeconds} s lo que está en curso...`);
    shutdown(app).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error al cerrar el servidor');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('No se pudo iniciar el servidor:', error);
  process.exit(1);
});
