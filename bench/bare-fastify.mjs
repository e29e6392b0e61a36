// The reference of the API bench: a bare Fastify process on this machine, no logger, no plugins, answering
// {hello:'world'}. What the app's routes are measured against (bench/api-load.mjs starts it beside the app).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.argv[2] ?? 4101), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
