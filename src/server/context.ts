import type { Config } from './config';
import type { Database, Db } from './db/client';

/** What every route and service reaches: configuration, the database and the outside systems. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  /** Set on SIGTERM: readiness answers 503 while in-flight requests finish. */
  draining: boolean;
  /** Work that runs on shutdown, last registered first (workers, pools). */
  onClose: (fn: () => Promise<void> | void) => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
