import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { seed } from './db/seed';
import { loadEnvFile } from './lib/env-file';
import { drainAndClose } from './lib/shutdown';
import { standInWarning } from './plugins/stand-ins';
import { EMBEDDED_KEYS_FILE } from './lib/licence-keys';
import { EMBEDDED_TWO_FACTOR_KEY_FILE } from './lib/sealed';

async function main() {
  const envFile = loadEnvFile();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }

  let database;
  try {
    database = await openDatabase(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(75);
    }
    throw err;
  }
  await seed(database.db);
  const app = await buildApp(config, database);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, drainSeconds: config.SHUTDOWN_DRAIN_SECONDS }, 'shutting down');
    const force = setTimeout(
      () => {
        app.log.error('shutdown took too long; exiting');
        process.exit(1);
      },
      config.SHUTDOWN_DRAIN_SECONDS * 1000 + 30_000,
    ).unref();
    const clean = await drainAndClose(app, { drainMs: config.SHUTDOWN_DRAIN_SECONDS * 1000, closeDatabase: () => database.close() });
    clearTimeout(force);
    process.exit(clean ? 0 : 1);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const embedded = Object.entries(config.embedded)
    .filter(([, on]) => on)
    .map(([part]) => part);
  app.log.info(
    { database: database.kind, embedded, envFile, host: config.listenHost, publicDemo: config.PUBLIC_DEMO },
    embedded.length ? `embedded defaults in use: ${embedded.join(', ')}` : 'all outside systems configured',
  );
  const standIns = standInWarning(config);
  if (standIns) app.log.warn(standIns);
  if (config.embedded.licenceKeys) {
    app.log.warn(
      `LICENCE_SIGNING_KEYS is not set: desktop licence leases are signed with a key made in ${config.dataDir === 'memory://' ? 'memory (a new one each start)' : `${config.dataDir}/${EMBEDDED_KEYS_FILE}`}, which no other instance shares. Set LICENCE_SIGNING_KEYS (npm run licence-key) before a program relies on it (docs/operations.md, "Licence keys").`,
    );
  }
  if (config.embedded.twoFactorKey) {
    app.log.warn(
      `TWO_FACTOR_KEY is not set: authenticator secrets are sealed with a key made in ${config.dataDir === 'memory://' ? 'memory (a new one each start)' : `${config.dataDir}/${EMBEDDED_TWO_FACTOR_KEY_FILE}`}, which no other instance shares. Set TWO_FACTOR_KEY (openssl rand -base64 32) before anyone turns on two-step verification (docs/operations.md, "Two-step verification").`,
    );
  }
  await app.listen({ port: config.PORT, host: config.listenHost });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
