import type { FastifyBaseLogger } from 'fastify';
import type { BotCheck } from './adapters/bot-check';
import type { MailTransport } from './adapters/mail/smtp';
import type { SimulatorHandle } from './adapters/payments';
import type { PaymentGateway } from './adapters/payments/gateway';
import type { RateLimiter } from './adapters/rate-limit';
import type { ObjectStorage } from './adapters/storage';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Cache } from './lib/cache';
import type { JobRunner } from './lib/jobs';
import type { AccessTokens } from './services/auth/access-token';
import type { ReadCache } from './services/read-cache/read-cache';
import type { SignInProofs } from './services/auth/sign-in-proofs';
import type { BlogQueries } from './services/blog/page-query';
import type { BlogVersion } from './services/blog/public-version';
import type { StoredAnswer } from './lib/stored-answer';
import type { PublishedRelease } from './services/releases/feed';
import type { RenderedPage } from './ssr/render-page';
import type { TrialKey } from './services/auth/trial-memory';
import type { PublicPlans } from './services/billing/plans/plans';
import type { DownloadVisitorKey } from './services/downloads/visitor-key';
import type { TwoFactorSecrets } from './lib/sealed';
import type { LicenceKeyring } from './lib/licence-keys';
import type { HardwareKey } from './services/licence/devices';

/** What the composition root starts from: configuration, the open database and the app's logger. */
export type AppBase = {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  /** Set when the instance starts to drain (lib/shutdown.ts): readiness answers 503 while in-flight requests finish. */
  draining: boolean;
};

/** The caches of the app, all made by lib/cache.ts with its one eviction policy. */
export type AppCaches = {
  /** Public blog answers by version of blog_posts, compressed, with an ETag (services/blog/public-cache.ts). */
  publicBlog: Cache<StoredAnswer>;
  /** The landing page's plan list with its lists in the other languages, for 30 s (services/billing/plans/plans.ts). */
  publicPlans: Cache<PublicPlans>;
  /** Server-rendered public pages by address and data, for 60 s (ssr/render-page.ts). */
  renderedPages: Cache<RenderedPage>;
  /** Whole public pages as sent, compressed, with an ETag, by blog version, for 10 s (ssr/render-page.ts). */
  publicPages: Cache<StoredAnswer>;
  /** The published releases of each channel, newest first, by public version (services/releases/feed.ts). */
  releases: Cache<PublishedRelease[]>;
};

/** Every dependency of the app, each made once by the composition root (composition.ts) and closed with the app. */
export type AppParts = {
  /** Sign-in, sign-up and contact limits: Redis (REDIS_URL) or process memory; one for the whole app. */
  limiter: RateLimiter;
  /** Cloudflare Turnstile, or off. */
  botCheck: BotCheck;
  accessTokens: AccessTokens;
  /** The one read cache: the session check of signed-in requests and a user's registered reads, kept briefly and forgotten when told of a write (services/read-cache/). */
  readCache: ReadCache;
  signInProofs: SignInProofs;
  /** The keys that sign desktop licence leases (LICENCE_SIGNING_KEYS, or made once in DATA_DIR on the embedded defaults). */
  licenceKeys: LicenceKeyring;
  /** Seals authenticator secrets and hashes recovery codes (TWO_FACTOR_KEY, or made once in DATA_DIR; decision 192). */
  twoFactor: TwoFactorSecrets;
  /** The keyed hash that keeps a device's hardware id without the id (decision 184); its secret is made once, at start. */
  hardwareKey: HardwareKey;
  /** The keyed hash that remembers an address's trial (decision 063); its secret is made once, at start. */
  trialKey: TrialKey;
  /** The keyed hash that counts an installer download once per address and hour (decision 105); its secret is made once, at start. */
  downloadVisitor: DownloadVisitorKey;
  /** The blog-images bucket: S3 or files under DATA_DIR. */
  storage: ObjectStorage;
  /** SMTP (SMTP_URL), or null: mail then waits in the outbox, readable at /dev/mailbox. */
  mail: MailTransport | null;
  /** Razorpay, or the simulator behind the same interface. */
  payments: PaymentGateway;
  /** The Razorpay simulator while no keys are configured, else null. */
  simulator: SimulatorHandle | null;
  blogQueries: BlogQueries;
  /** The version of blog_posts as this instance knows it: told of each edit by LISTEN/NOTIFY, read every second. */
  blogVersion: BlogVersion;
  caches: AppCaches;
  /** The loops of this instance: started when the app is ready, stopped when it drains. */
  jobs: JobRunner;
};

/** What every route and service reaches. Services take it, or the Pick of it they use. */
export type AppContext = AppBase & AppParts;

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
