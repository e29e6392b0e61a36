import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PREFIX } from '../shared/constants';
import { site } from '../shared/site';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { registerAuth } from './plugins/auth';
import { registerClient } from './plugins/client';
import { registerErrorHandling } from './plugins/errors';
import { registerSecurity } from './plugins/security';
import { API_ROUTES } from './routes';

export type BuildOptions = {
  /** Serve the React client (off in API tests). */
  client?: boolean;
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
  const base = { level: config.LOG_LEVEL, redact: { paths: REDACT, censor: '[redacted]' } };
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
    logController: new LogController({ requestIdLogLabel: 'requestId', disableRequestLogging: config.NODE_ENV === 'test' }),
    routerOptions: { maxParamLength: 500 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const closers: (() => Promise<void> | void)[] = [];
  const ctx: AppContext = { config, database, db: database.db, onClose: (fn) => closers.push(fn) };
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => {
    for (const fn of closers.reverse()) await fn();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);
  await registerSecurity(app, config);
  await app.register(compress, { global: true, threshold: 1024 });
  await registerAuth(app);

  await app.register(swagger, {
    openapi: { info: { title: `${site.productName} API`, version: site.version }, servers: [{ url: '/' }] },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });

  await app.register(
    async (api) => {
      for (const routes of API_ROUTES) await api.register(routes);
    },
    { prefix: API_PREFIX },
  );

  if (options.client !== false) await registerClient(app);
  return app;
}
