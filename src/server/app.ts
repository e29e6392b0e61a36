import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import pino from 'pino';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PREFIX } from '../shared/constants';
import type { Config } from './config';
import { composeContext } from './composition';
import type { Database } from './db/client';
import { loggableError } from './db/errors';
import { redactUrl } from './lib/redact-url';
import { registerCompression } from './lib/compression';
import { requestLogger } from './lib/request-logger';
import { registerAuth } from './plugins/auth';
import { registerPageServer } from './ssr/page-server';
import { registerOpenApi, responseSerializerCompiler } from './plugins/openapi';
import { frameworkErrors, registerErrorHandling } from './plugins/errors';
import { registerSecurity } from './plugins/security';
import { registerStandInGuard, subscriptionOwner } from './plugins/stand-ins';
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

/** How the log writes a request and an error, on every logger of the app (requests, jobs, start and stop). */
export const LOG_SERIALIZERS = {
  // Verification and reset links carry their token in the URL; the request log must not keep it.
  req: (req: { method: string; url: string; hostname?: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), host: req.hostname, remoteAddress: req.ip }),
  // A failed query is written without its parameters (a password's hash, an address: db/errors.ts), wherever it is
  // logged from: a request, a job, a shutdown.
  err: (err: Error) => pino.stdSerializers.err(loggableError(err) as Error),
};

function loggerOptions(config: Config) {
  const base = { level: config.LOG_LEVEL, redact: { paths: REDACT, censor: '[redacted]' }, serializers: LOG_SERIALIZERS };
  // pino-pretty is a development dependency: development mode runs on a full install only (it serves through Vite too).
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
    // One line per request is written when it has been answered (below), not Fastify's two.
    logController: new LogController({ requestIdLogLabel: 'requestId', disableRequestLogging: true }),
    childLoggerFactory: requestLogger,
    routerOptions: { maxParamLength: 500 },
    frameworkErrors,
    // Tests build several apps per process while other workers start PGlite on the same cores: a plugin that waits
    // its turn longer than Fastify's 10 s there is load, not a fault. A real start keeps Fastify's limit.
    ...(config.NODE_ENV === 'test' && { pluginTimeout: 0 }),
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  // Answers are written through each route's response schema; outside production a field it lacks is an error.
  app.setSerializerCompiler(responseSerializerCompiler(config.NODE_ENV !== 'production'));

  // The composition root (composition.ts): every dependency made once, in one typed context that routes and services
  // reach. Its loops start when the app is ready and stop when it drains (lib/shutdown.ts) or closes.
  const { ctx, close } = await composeContext({ config, database, db: database.db, log: app.log, draining: false });
  app.decorate('ctx', ctx);
  app.addHook('onReady', async () => ctx.jobs.start());
  app.addHook('onClose', close);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // While draining, no connection is kept for reuse: when the server closes, a load balancer holds no idle one
    // to send a request on just as it is closed.
    if (ctx.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  // The request log: one line per answered request with its id (the child logger's requestId), method, path (a
  // link's token redacted), status and time in milliseconds. The reads a server render makes are part of the page's.
  // The line holds nothing the redaction paths look for (the URL is redacted here), so it is written by a child made
  // once without them: pino's redaction walked every line for its wildcard paths.
  if (config.NODE_ENV !== 'test' && ['trace', 'debug', 'info'].includes(config.LOG_LEVEL)) {
    const requestLog = app.log.child({}, { redact: [] });
    app.addHook('onResponse', (request, reply, done) => {
      if (!isInternalRead(request)) {
        requestLog.info(
          { requestId: request.id, method: request.method, url: redactUrl(request.url), statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime * 10) / 10 },
          'request',
        );
      }
      done();
    });
  }

  registerErrorHandling(app);
  // /dev/* (the mailbox, the Razorpay simulator) answers this machine only (decision 060).
  registerStandInGuard(app);
  registerSecurity(app, config);
  // Answers are compressed by the one rule of lib/compression.ts.
  await registerCompression(app);
  registerAuth(app);
  // The Razorpay simulator under /dev/razorpay while no keys are configured (R-D5.4).
  if (ctx.simulator) await ctx.simulator.register(app, subscriptionOwner(app));

  // /api/docs: the OpenAPI document made from the routes' schemas.
  await registerOpenApi(app);

  await app.register(
    async (api) => {
      for (const routes of API_ROUTES) await api.register(routes);
    },
    { prefix: API_PREFIX },
  );
  for (const routes of SITE_ROUTES) await app.register(routes);

  if (options.client !== false) await registerPageServer(app);
  return app;
}
