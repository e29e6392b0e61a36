import { createBotCheck } from './adapters/bot-check';
import { createSmtpTransport } from './adapters/mail/smtp';
import { createPayments } from './adapters/payments';
import { createRateLimiterFor } from './adapters/rate-limit';
import { createStorage } from './adapters/storage';
import type { AppBase, AppContext, AppParts } from './context';
import { createJobRunner } from './lib/jobs';
import { embeddedLicenceKeys, parseLicenceKeys } from './lib/licence-keys';
import { configuredTwoFactorSecrets } from './lib/sealed';
import { sharedSecret } from './lib/secrets';
import { createAccessTokens } from './services/auth/access-token';
import { createSignInProofs } from './services/auth/sign-in-proofs';
import { createReadCache } from './services/read-cache/read-cache';
import { prepareSessionLookup } from './services/auth/sessions';
import { createTrialKey } from './services/auth/trial-memory';
import { automaticRefundsJob } from './services/billing/refunds/automatic-refund-scheduler';
import { cancellationRetriesJob } from './services/billing/subscriptions/cancellation-scheduler';
import { expiryJob } from './services/billing/subscriptions/expiry-scheduler';
import { documentOutboxJob } from './services/billing/tax-documents/document-outbox';
import { createPublicPlansCache } from './services/billing/plans/plans';
import { prepareBlogQueries } from './services/blog/page-query';
import { createPublicBlogCache } from './services/blog/public-cache';
import { createHardwareKey } from './services/licence/devices';
import { createDownloadVisitorKey } from './services/downloads/visitor-key';
import { createBlogVersion } from './services/blog/public-version';
import { housekeepingJob } from './services/housekeeping/scheduler';
import { twoFactorRecoveryJob } from './services/auth/two-factor-recovery-job';
import { mailDeliveryJob } from './services/mail/worker';
import { createPublicPageCache, createRenderedPageCache } from './ssr/render-page';
import { createReleasesCache } from './services/releases/feed';

/**
 * One part of the context: what it needs (fields filled before it), what it provides, how it is made, and how it
 * is closed with the app. Parts are made in order and closed in the reverse order.
 */
export type ContextPlugin = {
  name: string;
  needs: readonly (keyof AppContext)[];
  provides: readonly (keyof AppParts)[];
  create: (ctx: AppContext) => Promise<Partial<AppParts>> | Partial<AppParts>;
  close?: (made: Partial<AppParts>) => Promise<void> | void;
};

/** A context plugin, typed: create sees only what it declares it needs and must return what it provides. */
export function definePlugin<const N extends keyof AppContext, const P extends keyof AppParts>(plugin: {
  name: string;
  needs: readonly N[];
  provides: readonly P[];
  create: (deps: Pick<AppContext, N>) => Promise<Pick<AppParts, P>> | Pick<AppParts, P>;
  close?: (made: Pick<AppParts, P>) => Promise<void> | void;
}): ContextPlugin {
  return plugin as unknown as ContextPlugin;
}

/** Every field of AppParts, for the check that the plugins filled them all (the type below keeps it complete). */
const PART_NAMES = [
  'limiter',
  'botCheck',
  'accessTokens',
  'readCache',
  'signInProofs',
  'licenceKeys',
  'twoFactor',
  'hardwareKey',
  'trialKey',
  'downloadVisitor',
  'storage',
  'mail',
  'payments',
  'simulator',
  'blogQueries',
  'blogVersion',
  'caches',
  'jobs',
] as const;
type Unlisted = Exclude<keyof AppParts, (typeof PART_NAMES)[number]>;
const everyPartListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyPartListed;

/** The app's parts, in the order they are made. */
export const CONTEXT_PLUGINS: readonly ContextPlugin[] = [
  definePlugin({
    name: 'rate limiter',
    needs: ['config'],
    provides: ['limiter'],
    create: ({ config }) => ({ limiter: createRateLimiterFor(config) }),
    close: ({ limiter }) => limiter.close(),
  }),
  definePlugin({ name: 'bot check', needs: ['config'], provides: ['botCheck'], create: ({ config }) => ({ botCheck: createBotCheck(config) }) }),
  definePlugin({
    name: 'access tokens',
    needs: ['db', 'config'],
    provides: ['accessTokens'],
    create: async ({ db, config }) => ({ accessTokens: createAccessTokens(await sharedSecret(db, 'jwt_secret', config.JWT_SECRET), config.ACCESS_TOKEN_TTL_SECONDS) }),
  }),
  // The session check, one prepared read kept briefly and forgotten when PostgreSQL announces a change (decision 091).
  definePlugin({
    name: 'session checks',
    needs: ['db', 'database'],
    provides: ['readCache'],
    create: async ({ db, database }) => ({ readCache: await createReadCache(database, db, prepareSessionLookup(db)) }),
    close: ({ readCache }) => readCache.close(),
  }),
  definePlugin({ name: 'sign-in proofs', needs: ['db'], provides: ['signInProofs'], create: async ({ db }) => ({ signInProofs: await createSignInProofs(db) }) }),
  // The keys that sign desktop licence leases (decision 183): configured, or made once in DATA_DIR on the embedded defaults.
  definePlugin({
    name: 'licence keys',
    needs: ['config'],
    provides: ['licenceKeys'],
    create: ({ config }) => ({ licenceKeys: config.LICENCE_SIGNING_KEYS ? parseLicenceKeys(config.LICENCE_SIGNING_KEYS) : embeddedLicenceKeys(config.dataDir).keyring }),
  }),
  // The key that seals authenticator secrets and keys the recovery codes' hash (decision 192).
  definePlugin({ name: 'two-factor key', needs: ['config'], provides: ['twoFactor'], create: ({ config }) => ({ twoFactor: configuredTwoFactorSecrets(config) }) }),
  definePlugin({ name: 'device hardware key', needs: ['db'], provides: ['hardwareKey'], create: async ({ db }) => ({ hardwareKey: await createHardwareKey(db) }) }),
  definePlugin({ name: 'trial memory', needs: ['db'], provides: ['trialKey'], create: async ({ db }) => ({ trialKey: await createTrialKey(db) }) }),
  definePlugin({ name: 'download counter', needs: ['db'], provides: ['downloadVisitor'], create: async ({ db }) => ({ downloadVisitor: await createDownloadVisitorKey(db) }) }),
  definePlugin({
    name: 'storage',
    needs: ['config'],
    provides: ['storage'],
    create: ({ config }) => ({ storage: createStorage(config) }),
    close: ({ storage }) => storage.close(),
  }),
  definePlugin({
    name: 'mail',
    needs: ['config'],
    provides: ['mail'],
    create: ({ config }) => ({ mail: config.SMTP_URL ? createSmtpTransport(config.SMTP_URL, config.MAIL_FROM) : null }),
    close: ({ mail }) => mail?.close(),
  }),
  // Razorpay, or the local simulator under /dev/razorpay while no keys are configured (R-D5.4).
  definePlugin({
    name: 'payments',
    needs: ['config', 'db'],
    provides: ['payments', 'simulator'],
    create: ({ config, db }) => createPayments(config, db),
    close: ({ simulator }) => simulator?.idle(),
  }),
  definePlugin({ name: 'blog queries', needs: ['db'], provides: ['blogQueries'], create: ({ db }) => ({ blogQueries: prepareBlogQueries(db) }) }),
  // Public blog answers and rendered pages are kept by this version (decision 077): no read per request.
  definePlugin({
    name: 'blog version',
    needs: ['database', 'blogQueries'],
    provides: ['blogVersion'],
    create: async ({ database, blogQueries }) => ({ blogVersion: await createBlogVersion(database, blogQueries) }),
    close: ({ blogVersion }) => blogVersion.close(),
  }),
  definePlugin({
    name: 'caches',
    needs: [],
    provides: ['caches'],
    create: () => ({
      caches: {
        publicBlog: createPublicBlogCache(),
        publicPlans: createPublicPlansCache(),
        renderedPages: createRenderedPageCache(),
        publicPages: createPublicPageCache(),
        releases: createReleasesCache(),
      },
    }),
  }),
  // Last made, first closed: every loop has stopped before what it uses closes.
  definePlugin({
    name: 'jobs',
    needs: ['config', 'db', 'log', 'mail', 'payments', 'simulator', 'blogVersion'],
    provides: ['jobs'],
    create: ({ config, db, log, mail, payments, simulator, blogVersion }) => {
      const jobs = createJobRunner(log);
      // The version of blog_posts is read every second, in case a notification of an edit was lost.
      jobs.add(blogVersion.job);
      // Delivers the outbox over SMTP when SMTP_URL is set; otherwise mail waits at /dev/mailbox.
      if (mail) jobs.add(mailDeliveryJob(db, mail, log));
      // Subscriptions past their end become expired (every instance; rows claimed with SKIP LOCKED).
      jobs.add(expiryJob(db));
      // Subscriptions of deleted accounts whose cancellation at Razorpay failed are tried again until it works.
      jobs.add(cancellationRetriesJob({ db, payments, log }));
      // Refunds of payments that bought nothing that Razorpay has not taken yet are asked again (decision 110).
      jobs.add(automaticRefundsJob({ config, db, payments, log }));
      // Receipts and credit notes a crash left queued between their commit and their drawing are drawn (decision 160).
      jobs.add(documentOutboxJob({ config, db, log }));
      // Old sessions, e-mail links, sent mail and webhook events are deleted (every instance, hourly).
      jobs.add(housekeepingJob(db));
      // Recoveries of two-step verification whose wait is over get their finishing link by mail (decision 201).
      jobs.add(twoFactorRecoveryJob({ db, config }));
      // The simulator's webhooks that failed are delivered again.
      if (simulator) jobs.add(simulator.deliveryJob);
      return { jobs };
    },
    close: ({ jobs }) => jobs.stop(),
  }),
];

/**
 * The composition root: fills one AppContext from the base with every plugin, in order, each dependency made once.
 * A plugin that needs a field no plugin before it provides, or provides one twice, is a programming error and stops
 * the build. close() closes the parts in the reverse order, every one even if one fails (the first failure is thrown).
 */
export async function composeContext(
  base: AppBase,
  plugins: readonly ContextPlugin[] = CONTEXT_PLUGINS,
  partNames: readonly string[] = PART_NAMES,
): Promise<{ ctx: AppContext; close: () => Promise<void> }> {
  const ctx = { ...base } as AppContext;
  const filled = new Set<string>(Object.keys(base));
  const closers: (() => Promise<void> | void)[] = [];
  const close = async () => {
    let failure: unknown = null;
    for (const fn of closers.splice(0).reverse()) {
      try {
        await fn();
      } catch (err) {
        failure ??= err;
      }
    }
    if (failure) throw failure;
  };
  try {
    for (const plugin of plugins) {
      const missing = plugin.needs.filter((need) => !filled.has(need));
      if (missing.length) throw new Error(`context plugin '${plugin.name}' needs ${missing.join(', ')}, which no plugin before it provides`);
      const made = await plugin.create(ctx);
      if (plugin.close) closers.push(() => plugin.close!(made));
      for (const key of plugin.provides) {
        if (filled.has(key)) throw new Error(`context plugin '${plugin.name}' provides ${key}, which is provided already`);
        if (!(key in made)) throw new Error(`context plugin '${plugin.name}' did not provide ${key}`);
        Object.assign(ctx, { [key]: made[key] });
        filled.add(key);
      }
    }
    const unfilled = partNames.filter((name) => !filled.has(name));
    if (unfilled.length) throw new Error(`no context plugin provides ${unfilled.join(', ')}`);
  } catch (err) {
    await close().catch(() => undefined);
    throw err;
  }
  return { ctx, close };
}
