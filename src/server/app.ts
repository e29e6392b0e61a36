import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PREFIX } from '../shared/constants';
import { site } from '../shared/site';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { redactUrl } from './lib/redact-url';
import { registerPayments } from './adapters/payments/register';
import { registerAuth } from './plugins/auth';
import { registerClient } from './plugins/client';
import { frameworkErrors, registerErrorHandling } from './plugins/errors';
import { registerSecurity } from './plugins/security';
import { registerStandInGuard } from './plugins/stand-ins';
import { startCancellationRetries } from './services/billing/cancellation-scheduler';
import { startExpiryScheduler } from './services/billing/expiry-scheduler';
import { startHousekeeping } from './services/housekeeping/scheduler';
import { startMailWorker } from './services/mail/worker';
import { API_ROUTES, SITE_ROUTES } from './routes';
import { isInternalRead } from './ssr/internal-read';

export type BuildOptions = {
  /** Serve the React client (off in API tests). */
  client?: boolean;
  /** Told of every route as it is registered (the hardening tests discover the routes this way). */
  onRoute?: (route: RouteOptions) => void;
};

/** Never written to a log: credentials, tokens and personal secrets. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-razorpay-signature"]',
  '*.password',
  '*.token',
  '*.refreshToken',
  '*.newPassword',
  '*.currentPassword',
  '*.confirmPassword',
];

function loggerOptions(config: Config) {
  const base = {
    level: config.LOG_LEVEL,
    redact: { paths: REDACT, censor: '[redacted]' },
    // Verification and reset links carry their token in the URL; the request log must not keep it.
    serializers: {
      req: (req: { method: string; url: string; hostname?: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), host: req.hostname, remoteAddress: req.ip }),
    },
  };
  if (config.NODE_ENV === 'development') {
    return { ...base, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } };
  }
  return base;
}

/** Builds the whole server (API, client, headers) on an open database. Tests build one per file. */
export async function buildApp(config: Config, database: Database, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    logController: new LogController({ requestIdLogLabel: 'requestId', disableRequestLogging: config.NODE_ENV === 'test' || isInternalRead }),
    routerOptions: { maxParamLength: 500 },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const closers: (() => Promise<void> | void)[] = [];
  const ctx: AppContext = { config, database, db: database.db, draining: false, onClose: (fn) => closers.push(fn) };
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => {
    for (const fn of closers.reverse()) await fn();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // While draining, no connection is kept for reuse: when the server closes, a load balancer holds no idle one
    // to send a request on just as it is closed.
    if (ctx.draining) reply.header('connection', 'close');
  });

  registerErrorHandling(app);
  // /dev/* (the mailbox, the Razorpay simulator) answers this machine only (decision 060).
  registerStandInGuard(app);
  await registerSecurity(app, config);
  await app.register(cookie);
  await app.register(compress, { global: true, threshold: 1024 });
  await registerAuth(app);
  // Razorpay, or the local simulator under /dev/razorpay while no keys are configured (DESIGN §5).
  await registerPayments(app);

  await app.register(swagger, {
    openapi: { info: { title: `${site.productName} API`, version: site.version }, servers: [{ url: '/' }] },
    transform: jsonSchemaTransform,
  });
  // BaseLayout leaves out Swagger UI's top bar, whose logo is an SVG with a <style> element the CSP refuses (decision 064).
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', layout: 'BaseLayout' } });

  await app.register(
    async (api) => {
      for (const routes of API_ROUTES) await api.register(routes);
    },
    { prefix: API_PREFIX },
  );
  for (const routes of SITE_ROUTES) await app.register(routes);

  // Delivers the outbox over SMTP when SMTP_URL is set; otherwise mail waits at /dev/mailbox.
  startMailWorker(ctx, app.log);
  // Subscriptions past their end become expired (every instance; rows claimed with SKIP LOCKED).
  startExpiryScheduler(app);
  // Subscriptions of deleted accounts whose cancellation at Razorpay failed are tried again until it works.
  startCancellationRetries(app);
  // Old sessions, e-mail links, sent mail and webhook events are deleted (every instance, hourly).
  startHousekeeping(app);

  if (options.client !== false) await registerClient(app);
  return app;
}
