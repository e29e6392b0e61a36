// The reference of the API bench: a bare Fastify process on this machine, no logger, no plugins, answering
// {hello:'world'} at `/`. What the app's routes are measured against (bench/api-load.mjs starts it beside the app).
//
// `/least` is the same answer with the least that issue 16 keeps on every answer of the app, written the way the app
// writes it: the API's five security headers and a request id (onRequest), and one JSON log line per answer with the
// id, method, path, status and time, written synchronously to stdout by pino (onResponse). No routing beyond
// Fastify's, no validation, no auth, no rate limit, no compression check: the ceiling of an app route that keeps
// those, on this machine.
//
// `/bytes/:n` answers n bytes (at most 64 KiB, made once): what writing an answer the size of a compressed page costs
// Fastify alone, the ceiling of a page kept compressed.
//
// `/mirror/:name` answers, to any method, the very bytes and content type a bench gave it once with
// `PUT /keep/:name` (`{ contentType, base64 }`): an answer of the app taken once and served by Fastify alone, so the
// app's route and its ceiling write the same bytes (issue 38). A JSON body sent with the request is parsed, as the
// app parses it, and not read.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import pino from 'pino';

const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};
const log = pino({ level: 'info' });

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.get(
  '/least',
  {
    onRequest: (request, reply, done) => {
      reply.headers(API_HEADERS).header('x-request-id', randomUUID());
      done();
    },
    onResponse: (request, reply, done) => {
      log.info(
        {
          requestId: reply.getHeader('x-request-id'),
          method: request.method,
          url: request.url,
          statusCode: reply.statusCode,
          responseTime: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request',
      );
      done();
    },
  },
  async () => ({ hello: 'world' }),
);
const BYTES = Buffer.alloc(65_536, 'x');
app.get('/bytes/:n', async (request, reply) => reply.type('application/octet-stream').send(BYTES.subarray(0, Math.min(Number(request.params.n) || 0, BYTES.length))));
const mirrors = new Map();
app.put('/keep/:name', async (request) => {
  mirrors.set(request.params.name, { contentType: request.body.contentType, bytes: Buffer.from(request.body.base64, 'base64') });
  return { kept: mirrors.get(request.params.name).bytes.length };
});
app.route({
  method: ['GET', 'POST'],
  url: '/mirror/:name',
  handler: async (request, reply) => {
    const kept = mirrors.get(request.params.name);
    if (!kept) return reply.status(404).send({ error: 'nothing kept under this name' });
    return reply.type(kept.contentType).send(kept.bytes);
  },
});
await app.listen({ port: Number(process.argv[2] ?? 4101), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
