// Session 13: bare Fastify with the app's framework parts switched on by environment (ZOD, ERR, COMPRESS, ROUTES);
// started by bare-variants-run.mjs.
import { randomUUID } from 'node:crypto';
import Fastify, { LogController } from 'fastify';
import compress from '@fastify/compress';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
const E = process.env;
const API_HEADERS = { 'content-security-policy': "default-src 'none'; frame-ancestors 'none'", 'cross-origin-resource-policy': 'same-origin', 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' };
const app = Fastify({
  logger: { level: 'info', redact: { paths: ['req.headers.authorization', '*.password'], censor: '[redacted]' } },
  genReqId: () => randomUUID(),
  logController: new LogController({ requestIdLogLabel: 'requestId', disableRequestLogging: true }),
});
const requestLog = app.log.child({}, { redact: [] });
if (E.ZOD) { app.setValidatorCompiler(validatorCompiler); app.setSerializerCompiler(serializerCompiler); }
if (E.ERR) { app.setErrorHandler((err, req, reply) => reply.code(500).send({ error: 'x' })); app.setNotFoundHandler((req, reply) => reply.code(404).send({ error: 'nf' })); }
app.addHook('onRequest', (request, reply, done) => { reply.headers(API_HEADERS); done(); });
app.addHook('onSend', (request, reply, payload, done) => { reply.header('x-request-id', request.id); done(null, payload); });
app.addHook('onResponse', (request, reply, done) => { requestLog.info({ requestId: request.id, method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime * 10) / 10 }, 'request'); done(); });
if (E.COMPRESS) await app.register(compress, { global: true, threshold: 1024, globalDecompression: false });
await app.register(async (api) => {
  const schema = E.ZOD ? { schema: { response: { 200: z.object({ success: z.literal(true), data: z.object({ status: z.string() }) }) } } } : {};
  api.get('/health/live', { compress: false, ...schema }, async () => ({ success: true, data: { status: 'ok' } }));
  if (E.ROUTES) for (let i = 0; i < 150; i++) api.get(`/r${i % 15}/x${i}/:id`, async () => ({ i }));
}, { prefix: '/api/v1' });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.argv[2] ?? 4101), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
