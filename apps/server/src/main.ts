import { loadConfig } from './config.js';
import { createServer } from './server.js';

const config = loadConfig();
const server = await createServer(config);
await server.app.listen({ port: config.port, host: config.host });
server.app.log.info(
  `Vialex escuchando en http://localhost:${config.port} (base de datos: ${server.ctx.database.kind}${config.demo ? ', datos de demostración' : ''})`,
);

/**
 * Graceful stop (SIGTERM from a supervisor, SIGINT from a terminal): the listener stops accepting
 * (a request arriving meanwhile on a kept-alive connection gets 503), requests in flight finish,
 * live sockets close with 1012 so their clients reconnect elsewhere, running jobs go back to the
 * queue, then the database closes and the process exits. If that takes longer than
 * SHUTDOWN_TIMEOUT_MS (default 25 s, under the usual 30 s before a SIGKILL) it exits anyway.
 */
const SHUTDOWN_TIMEOUT_MS = Number(process.env.SHUTDOWN_TIMEOUT_MS) || 25_000;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.app.log.info({ signal }, 'deteniendo: se terminan las solicitudes en curso');
    setTimeout(() => {
      server.app.log.error(
        { signal, waitingFor: server.stopStep(), pool: server.ctx.database.poolState?.() },
        'la detención tardó demasiado; se sale sin terminar',
      );
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    server.stop().then(
      () => {
        server.app.log.info({ signal }, 'detenido');
        process.exit(0);
      },
      (err: unknown) => {
        server.app.log.error({ err }, 'error al detener');
        process.exit(1);
      },
    );
  });
}
