/** Starts the API: configuration from the environment, graceful shutdown on SIGINT and SIGTERM. */
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { makeDataDirPrivate } from './data-dir';

const SHUTDOWN_GRACE_MS = 10_000;
/**
 * Between SIGTERM and closing: requests already sent are read and served (a busy event loop may not
 * have read them yet) and keep-alive clients are told to reconnect (http/draining.ts).
 */
const DRAIN_MS = 300;

async function main(): Promise<void> {
  // What this process creates is its user's only: the embedded database's files and WAL (emails,
  // password hashes) and the JWT secret in DATA_DIR, which is fixed up below if an older version left it open.
  process.umask(0o077);
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }

  const madePrivate = makeDataDirPrivate(config.dataDir);
  const app = await buildApp({ config });
  if (madePrivate.changed > 0) {
    app.log.warn(
      { dataDir: config.dataDir, entries: madePrivate.changed },
      "the data folder was open to other users: made its owner's only (folders 0700, files 0600)",
    );
  }
  if (madePrivate.skipped.length > 0) {
    app.log.warn(
      { dataDir: config.dataDir, skipped: madePrivate.skipped.slice(0, 20) },
      "some entries of the data folder are not this user's or not readable: left as they are",
    );
  }
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('in-flight requests did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app.startDraining();
    new Promise((resolve) => setTimeout(resolve, DRAIN_MS))
      // The grace may end while the event loop has yet to read sockets that became readable during a
      // long stretch of work (PGlite runs in this thread): let one more poll phase read them first,
      // so no request sent before the signal is taken for an idle connection and closed.
      .then(() => new Promise((resolve) => setImmediate(resolve)))
      .then(() => {
        // Keep-alive connections become idle once their in-flight response is sent; close them then,
        // so that shutdown does not wait for clients to hang up.
        setInterval(() => app.server.closeIdleConnections(), 50).unref();
        return app.close();
      })
      .then(() => process.exit(0))
      .catch((error) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Store Ratings API on http://localhost:${(app.server.address() as { port: number }).port} (docs at /api/docs)`);
}

main().catch((error) => {
  console.error('Failed to start the API:', error instanceof Error ? error.message : error);
  process.exit(1);
});
