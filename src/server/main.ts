import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { seed } from './db/seed';

async function main() {
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
    app.log.info({ signal }, 'shutting down');
    app.ctx.draining = true;
    const drainMs = config.SHUTDOWN_DRAIN_SECONDS * 1000;
    const force = setTimeout(() => process.exit(1), drainMs + 15_000).unref();
    try {
      if (drainMs) await new Promise((r) => setTimeout(r, drainMs));
      await app.close();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const embedded = Object.entries(config.embedded).filter(([, on]) => on).map(([part]) => part);
  app.log.info({ database: database.kind, embedded }, embedded.length ? `embedded defaults in use: ${embedded.join(', ')}` : 'all outside systems configured');
  const local = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(config.publicUrl);
  if (!local && (config.embedded.mail || config.embedded.payments)) {
    // /dev/mailbox shows every reset link and the simulator takes fake payments: fine on a laptop, never on a public host.
    app.log.warn(
      { publicUrl: config.publicUrl, embeddedMail: config.embedded.mail, embeddedPayments: config.embedded.payments },
      'PUBLIC_URL is not local but mail or payments use the embedded stand-ins: /dev/mailbox and the Razorpay simulator are open to anyone. Set SMTP_URL and the RAZORPAY_* keys before going live.',
    );
  }
  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
