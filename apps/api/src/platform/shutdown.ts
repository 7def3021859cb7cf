import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client.js';

/**
 * SIGINT and SIGTERM close the app (its hooks stop workers and streams first), then the database,
 * then the process; a second signal while closing changes nothing. Shared by the API and the worker.
 */
export function closeOnSignals(app: FastifyInstance, database: DatabaseHandle, what: string): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, ${what}`);
    app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}
