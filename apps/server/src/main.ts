import { loadConfig } from './config.js';
import { createServer } from './server.js';

const config = loadConfig();
const server = await createServer(config);
await server.app.listen({ port: config.port, host: config.host });
server.app.log.info(
  `Vialex escuchando en http://localhost:${config.port} (base de datos: ${server.ctx.database.kind}${config.demo ? ', datos de demostración' : ''})`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.stop().finally(() => process.exit(0));
  });
}
