import { z } from 'zod';
import { DEVICES } from '../shared/constants';
import { INDIAN_STATES, isValidGstin, normaliseGstin } from '../shared/gst';
import { APP_VERSION } from '../shared/licence/app-version';
import { LicenceKeyError, parseLicenceKeys } from './lib/licence-keys';
import { parseTwoFactorKey } from './lib/sealed';
import { trustProxySetting } from './lib/trust-proxy';

/**
 * Every environment variable the server reads, validated once at start.
 * A wrong value stops the process with a message naming the variable (see .env.example).
 */
const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'expected true or false' }).transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalUrl = z.url({ error: 'expected a URL' }).optional();
/** An Indian PIN code: six digits, the first not 0, not part of a longer number. */
const INDIAN_PIN_CODE = /(?<!\d)[1-9]\d{5}(?!\d)/;
const int = (min: number, max: number) =>
  z.coerce.number({ error: 'expected a whole number' }).int('expected a whole number').min(min, `expected at least ${min}`).max(max, `expected at most ${max}`);

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'expected development, production or test' }).default('production'),
    PORT: int(1, 65535).default(3000),
    /** Default: 0.0.0.0, or loopback only while mail or payments use a stand-in (see listenHost). */
    HOST: z.string().min(1).optional(),
    PUBLIC_URL: optionalUrl,
    /**
     * Opt-in for a public demo on the stand-ins (decision 060): without it, a PUBLIC_URL that is not loopback and a
     * stand-in for mail or payments refuse to start together.
     */
    PUBLIC_DEMO: bool.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'expected a pino level (info, warn, …)' }).default('info'),
    TRUST_PROXY: trustProxySetting,
    /** The CDN in front whose visitor-location headers name the place of a login; no location headers are read without one. */
    TRUSTED_CDN: z.enum(['cloudflare', 'vercel', 'cloudfront'], { error: 'expected cloudflare, vercel or cloudfront' }).optional(),
    BODY_LIMIT_BYTES: int(1024, 50 * 1024 * 1024).default(1024 * 1024),
    /** Seconds between SIGTERM (readiness turns 503) and closing, so a load balancer stops sending first. */
    SHUTDOWN_DRAIN_SECONDS: int(0, 120).default(0),

    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// URL')
      .optional(),
    DATABASE_POOL_SIZE: int(1, 200).default(10),

    JWT_SECRET: z.string().min(32, 'expected at least 32 characters').optional(),
    ACCESS_TOKEN_TTL_SECONDS: int(30, 86400).default(900),
    REFRESH_TOKEN_TTL_DAYS: int(1, 365).default(30),
    WEB_SESSIONS_PER_USER: int(1, 100).default(5),
    DESKTOP_SESSIONS_PER_USER: int(1, 100).default(1),

    /**
     * The Ed25519 keys that sign desktop licence leases (decision 183): a JSON array of private JWKs, each with a kid
     * and a status (one current; next and previous published beside it). Required on a production start with
     * PostgreSQL or a public PUBLIC_URL; on the embedded defaults a key is made once in DATA_DIR.
     */
    LICENCE_SIGNING_KEYS: z.string().min(1).optional(),
    /**
     * The key that seals each account's authenticator secret at rest (decision 192): 32 random bytes, base64. Required
     * on a production start as LICENCE_SIGNING_KEYS is; on the embedded defaults it is made once in DATA_DIR.
     */
    TWO_FACTOR_KEY: z
      .string()
      .min(1)
      .optional()
      .superRefine((value, ctx) => {
        const key = value === undefined ? null : parseTwoFactorKey(value);
        if (typeof key === 'string') ctx.addIssue({ code: 'custom', message: key });
      }),
    /** How long a lease lets the program work offline (it refreshes well before). */
    LICENCE_OFFLINE_GRACE_DAYS: int(1, 90).default(7),
    /** How long after a renewing plan's paid end a lease still runs, while Razorpay charges the renewal. */
    LICENCE_PAYMENT_GRACE_DAYS: int(0, 30).default(3),
    /** The oldest desktop program a lease is signed for: an older one is answered APP_TOO_OLD (decision 184). */
    MIN_APP_VERSION: z.string().regex(APP_VERSION, 'expected a version such as 2.1.0').default(DEVICES.minAppVersion),

    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'expected an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Stealth Browser <no-reply@stealthbrowser.app>'),

    RAZORPAY_KEY_ID: z.string().min(1).optional(),
    RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
    RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),

    TURNSTILE_SITE_KEY: z.string().min(1).optional(),
    TURNSTILE_SECRET_KEY: z.string().min(1).optional(),

    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'expected a redis:// URL')
      .optional(),

    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_PUBLIC_URL: optionalUrl,

    INSTALLER_URL_WINDOWS: optionalUrl,
    /** The largest installer an admin may upload (decision 190): streamed to storage, stopped past this. */
    RELEASE_MAX_BYTES: int(1024 * 1024, 4 * 1024 * 1024 * 1024).default(500 * 1024 * 1024),
    /** The landing page's demo video (MP4 or WebM); without one the poster says the video is coming soon. */
    DEMO_VIDEO_URL: optionalUrl,

    SELLER_NAME: z.string().min(1).default('Stealth Browser'),
    SELLER_ADDRESS: z.string().min(1).default('Bengaluru, Karnataka, India'),
    /** Set: every payment gets a GST tax invoice and every refund a credit note (decision 083). */
    SELLER_GSTIN: z
      .string()
      .transform(normaliseGstin)
      .refine((v) => v === '' || isValidGstin(v), 'expected a 15-character GSTIN with a valid check digit')
      .transform((v) => v || undefined)
      .optional(),
    /** The registered legal name on tax invoices; required with SELLER_GSTIN (without it, receipts print SELLER_NAME). */
    SELLER_LEGAL_NAME: z.string().min(1).optional(),
    /** The seller's state, by name or GST state code; with SELLER_GSTIN it must be the GSTIN's state (default: the GSTIN's). */
    SELLER_STATE: z
      .string()
      .trim()
      .transform((v, ctx) => {
        if (!v) return undefined;
        const state = INDIAN_STATES.find((s) => s.code === v.padStart(2, '0') || s.name.toLowerCase() === v.toLowerCase());
        if (!state) {
          ctx.addIssue({ code: 'custom', message: 'expected an Indian state or union territory, by name or GST state code' });
          return z.NEVER;
        }
        return state.code;
      })
      .optional(),
  })
  .superRefine((env, ctx) => {
    const pairs: [keyof typeof env, keyof typeof env][] = [
      ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET'],
      ['TURNSTILE_SITE_KEY', 'TURNSTILE_SECRET_KEY'],
    ];
    for (const [a, b] of pairs) {
      if (Boolean(env[a]) !== Boolean(env[b])) {
        const missing = env[a] ? b : a;
        ctx.addIssue({ code: 'custom', path: [missing], message: `required together with ${env[a] ? a : b}` });
      }
    }
    if (env.SELLER_GSTIN && env.SELLER_STATE && env.SELLER_GSTIN.slice(0, 2) !== env.SELLER_STATE) {
      ctx.addIssue({ code: 'custom', path: ['SELLER_STATE'], message: `must be the state of SELLER_GSTIN (state code ${env.SELLER_GSTIN.slice(0, 2)})` });
    }
    // A tax invoice names the registered place of business and legal name (decision 125): not the brand and a city.
    if (env.SELLER_GSTIN && !INDIAN_PIN_CODE.test(env.SELLER_ADDRESS)) {
      ctx.addIssue({
        code: 'custom',
        path: ['SELLER_ADDRESS'],
        message:
          'with SELLER_GSTIN set, expected the registered place of business with its 6-digit PIN code, as on the GST registration (e.g. "1 Residency Road, Bengaluru 560025")',
      });
    }
    if (env.SELLER_GSTIN && !env.SELLER_LEGAL_NAME) {
      ctx.addIssue({ code: 'custom', path: ['SELLER_LEGAL_NAME'], message: 'with SELLER_GSTIN set, expected the legal name of the GST registration (SELLER_NAME is the brand)' });
    }
    if (env.LICENCE_SIGNING_KEYS) {
      try {
        parseLicenceKeys(env.LICENCE_SIGNING_KEYS);
      } catch (err) {
        if (!(err instanceof LicenceKeyError)) throw err;
        ctx.addIssue({ code: 'custom', path: ['LICENCE_SIGNING_KEYS'], message: err.message });
      }
    } else if (env.NODE_ENV === 'production' && (env.DATABASE_URL || (env.PUBLIC_URL && !isLoopbackUrl(env.PUBLIC_URL) && !env.PUBLIC_DEMO))) {
      // A key made in one instance's DATA_DIR is not the others' (nor the one after a redeploy): every lease it
      // signed would stop verifying. A production start names its keys (docs/operations.md, "Licence keys").
      ctx.addIssue({
        code: 'custom',
        path: ['LICENCE_SIGNING_KEYS'],
        message:
          'required on a production start (PostgreSQL or a public PUBLIC_URL): the Ed25519 keys that sign desktop licences, made with `npm run licence-key` (docs/operations.md, "Licence keys")',
      });
    }
    if (!env.TWO_FACTOR_KEY && env.NODE_ENV === 'production' && (env.DATABASE_URL || (env.PUBLIC_URL && !isLoopbackUrl(env.PUBLIC_URL) && !env.PUBLIC_DEMO))) {
      // A key made in one instance's DATA_DIR is not the others': the authenticator secrets it sealed would open
      // nowhere else, and every account with two-step verification would be locked out after a redeploy.
      ctx.addIssue({
        code: 'custom',
        path: ['TWO_FACTOR_KEY'],
        message:
          'required on a production start (PostgreSQL or a public PUBLIC_URL): 32 random bytes in base64 that seal the authenticator secrets, made with `openssl rand -base64 32` (docs/operations.md, "Two-step verification")',
      });
    }
    if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['S3_ACCESS_KEY_ID'], message: 'required together with S3_BUCKET (and S3_SECRET_ACCESS_KEY)' });
    }
    // Production sends PUBLIC_URL in every mailed link (verification, password reset) and names it as the canonical
    // address: over plain HTTP a reset link can be read or changed on the way. Only this machine's addresses may be http.
    if (env.NODE_ENV === 'production' && env.PUBLIC_URL && !isLoopbackUrl(env.PUBLIC_URL) && new URL(env.PUBLIC_URL).protocol !== 'https:') {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: `${env.PUBLIC_URL} is a public address without https: the links in mails (verification, password reset) would travel unencrypted. Write https://… (the load balancer terminates TLS, docs/operations.md section 5); http is allowed for localhost, 127.x and [::1] only`,
      });
    }
    // The stand-ins hand out every reset link (/dev/mailbox) and take payments that move no money (the simulator):
    // on a public host they would give any visitor any account and any plan. Refuse, unless a demo is asked for.
    if (env.PUBLIC_URL && !isLoopbackUrl(env.PUBLIC_URL) && !env.PUBLIC_DEMO) {
      const missing = [!env.SMTP_URL && 'SMTP_URL', !env.RAZORPAY_KEY_ID && 'RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET'].filter(Boolean);
      if (missing.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['PUBLIC_URL'],
          message: `${env.PUBLIC_URL} is a public address, but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set, so mail or payments would use the built-in stand-ins (/dev/mailbox, the Razorpay simulator), which would let anyone read anyone's mail or buy a plan for nothing. Set SMTP_URL and RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET; or, for a public demo where no money moves, set PUBLIC_DEMO=true (docs/operations.md, "A public demo").`,
        });
      }
      if (env.RAZORPAY_KEY_ID && !env.RAZORPAY_WEBHOOK_SECRET) {
        ctx.addIssue({
          code: 'custom',
          path: ['RAZORPAY_WEBHOOK_SECRET'],
          message: 'required with RAZORPAY_KEY_ID on a public PUBLIC_URL: without it no payment is ever confirmed by webhook',
        });
      }
    }
  });

/** True for http(s)://localhost, 127.x.x.x and [::1] (any port): an address only this machine reaches. */
export function isLoopbackUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
  } catch {
    return false;
  }
}

export type Env = z.infer<typeof envSchema>;

export type Config = Env & {
  publicUrl: string;
  /** 'memory://' keeps PGlite in memory (tests). */
  dataDir: string;
  embedded: { database: boolean; mail: boolean; payments: boolean; storage: boolean; rateLimit: boolean; botCheck: boolean; licenceKeys: boolean; twoFactorKey: boolean };
  /** True while mail or payments use a stand-in: /dev/mailbox or the Razorpay simulator answer. */
  standIns: boolean;
  /** The interface to listen on: HOST, else loopback while stand-ins are on, else every interface. */
  listenHost: string;
};

export class ConfigError extends Error {}

/** Reads the environment (or a test's overrides) into a Config, or throws a ConfigError naming each wrong variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(environment)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}\nSee .env.example for every variable and its meaning.`);
  }
  const env = parsed.data;
  const embedded = {
    database: !env.DATABASE_URL,
    mail: !env.SMTP_URL,
    payments: !env.RAZORPAY_KEY_ID,
    storage: !env.S3_BUCKET,
    rateLimit: !env.REDIS_URL,
    botCheck: !env.TURNSTILE_SITE_KEY,
    licenceKeys: !env.LICENCE_SIGNING_KEYS,
    twoFactorKey: !env.TWO_FACTOR_KEY,
  };
  const standIns = embedded.mail || embedded.payments;
  return {
    ...env,
    standIns,
    listenHost: env.HOST ?? (standIns ? 'localhost' : '0.0.0.0'),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir: env.DATA_DIR,
    embedded,
  };
}
