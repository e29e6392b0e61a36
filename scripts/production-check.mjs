// The production steps of docs/operations.md, proven on the build in dist/ (`npm test` runs it after the build):
// a separate directory with only dist/, package.json and package-lock.json; `npm ci --omit=dev`; settings in a .env
// file (a real environment variable wins over it); the admin CLI from dist/; the server started on PostgreSQL
// (TEST_DATABASE_URL; PGlite when none answers) with a public PUBLIC_URL and the real parts configured: a local SMTP
// server and Razorpay keys (never called here). Checks: health answers, a public page is rendered by the server, the
// admin signs in (its password stored at the product's argon2id parameters, checked on PostgreSQL), the stand-ins are
// absent, a refused start names its variable, and SIGTERM ends it with exit 0.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { createThrowawayDatabase } from './throwaway-database.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(root, process.env.BUILD_DIR || 'dist');
const started = Date.now();
const log = (msg) => console.log(`[production-check +${((Date.now() - started) / 1000).toFixed(1)} s] ${msg}`);
const cleanups = [];
async function fail(msg) {
  console.error(`production-check FAILED: ${msg}`);
  for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
  process.exit(1);
}
const check = (ok, msg) => (ok ? log(`ok: ${msg}`) : fail(msg));

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

if (!existsSync(path.join(dist, 'server/main.js'))) await fail(`no build in ${dist}: run npm run build first`);

// 1. A production directory: the build and the dependencies, nothing else (no src/, no scripts/, no devDependencies).
const dir = mkdtempSync(path.join(os.tmpdir(), 'stealth-production-'));
cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
cpSync(dist, path.join(dir, 'dist'), { recursive: true });
for (const f of ['package.json', 'package-lock.json']) cpSync(path.join(root, f), path.join(dir, f));
log(`npm ci --omit=dev in ${dir}, then the server, on Node ${process.version}`);
const install = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'inherit' });
await check(install.status === 0, 'npm ci --omit=dev');
await check(
  ['vite', 'tsx', 'pino-pretty'].every((name) => !existsSync(path.join(dir, 'node_modules', name))),
  'no development tools installed (vite, tsx, pino-pretty)',
);

// 2. The outside systems: PostgreSQL (a fresh database) and an SMTP server that accepts and keeps mail.
let databaseUrl = null;
const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  const database = await createThrowawayDatabase(adminUrl, 'sb_production');
  databaseUrl = database.url;
  cleanups.push(database.drop);
  log(`PostgreSQL database ${database.name}`);
} else {
  log('TEST_DATABASE_URL is not set: PGlite in the production directory');
}
const mails = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, cb) {
    let data = '';
    stream.on('data', (c) => (data += c));
    stream.on('end', () => (mails.push({ to: session.envelope.rcptTo.map((r) => r.address), data }), cb()));
  },
});
const smtpPort = await freePort();
await new Promise((r) => smtp.listen(smtpPort, '127.0.0.1', r));
cleanups.push(() => new Promise((r) => smtp.close(r)));

// 3. Settings in .env, as an operator writes them; PORT also given in the environment, which wins.
const keyCli = spawnSync(process.execPath, ['dist/server/licence-key.js', 'production-check'], { cwd: dir, env: { PATH: process.env.PATH }, encoding: 'utf8' });
const licenceKeys = keyCli.stdout.trim();
await check(
  keyCli.status === 0 && /"kty":"OKP"/.test(licenceKeys) && /"status":"current"/.test(licenceKeys),
  `licence key CLI from dist/ (${keyCli.stderr.trim() || 'a key set'})`,
);
const port = await freePort();
const publicUrl = 'https://stealth.example';
const settings = {
  PORT: '1', // overridden by the real environment below
  HOST: '127.0.0.1',
  PUBLIC_URL: publicUrl,
  LOG_LEVEL: 'warn',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: path.join(dir, 'data') }),
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  RAZORPAY_KEY_ID: 'rzp_test_productioncheck',
  RAZORPAY_KEY_SECRET: 'production-check-secret',
  RAZORPAY_WEBHOOK_SECRET: 'production-check-webhook-secret',
  JWT_SECRET: randomBytes(32).toString('hex'),
  // The licence signing keys, made by the CLI from dist/ as an operator makes them (decision 183); quoted for .env.
  LICENCE_SIGNING_KEYS: `'${licenceKeys}'`,
  // The key that seals the authenticator secrets (decision 192), as `openssl rand -base64 32` makes it.
  TWO_FACTOR_KEY: randomBytes(32).toString('base64'),
};
writeFileSync(
  path.join(dir, '.env'),
  Object.entries(settings)
    .map(([k, v]) => `${k}=${v}`)
    .join('\n') + '\n',
);
const env = { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port) };

// 4. An administrator, from dist/ alone.
const adminEmail = 'ops@stealth.example';
const adminPassword = 'Pr0duction!check';
const cli = spawnSync(process.execPath, ['dist/server/admin-create.js', adminEmail, adminPassword], { cwd: dir, env, encoding: 'utf8' });
await check(cli.status === 0 && /Created admin/.test(cli.stdout), `admin CLI from dist/ (${(cli.stdout + cli.stderr).trim()})`);

// 5. A refused start: the same directory without SMTP_URL and keys is a public host with stand-ins, and without
// licence keys a production start has nothing to sign leases with that every instance shares.
const refused = spawnSync(process.execPath, ['dist/server/main.js'], {
  cwd: dir,
  env: { ...env, SMTP_URL: '', RAZORPAY_KEY_ID: '', RAZORPAY_KEY_SECRET: '', LICENCE_SIGNING_KEYS: '', TWO_FACTOR_KEY: '' },
  encoding: 'utf8',
  timeout: 30_000,
});
await check(
  refused.status === 78 &&
    refused.stderr.includes('SMTP_URL') &&
    refused.stderr.includes('RAZORPAY_KEY_ID') &&
    refused.stderr.includes('LICENCE_SIGNING_KEYS') &&
    refused.stderr.includes('TWO_FACTOR_KEY'),
  `a public host with stand-ins and without licence keys or the two-factor key refuses to start, naming each (exit ${refused.status})`,
);

// 6. The server, as production starts it.
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], { cwd: dir, env, stdio: ['ignore', 'inherit', 'inherit'] });
let exited = null;
const exit = new Promise((r) => server.once('exit', (code, signal) => r((exited = { code, signal }))));
cleanups.push(async () => {
  if (!exited) server.kill('SIGKILL');
});
const base = `http://127.0.0.1:${port}`;
const until = Date.now() + 60_000;
let health = null;
while (!health && Date.now() < until && !exited) {
  health = await fetch(`${base}/api/v1/health`).then(
    (r) => (r.ok ? r.json() : null),
    () => null,
  );
  if (!health) await new Promise((r) => setTimeout(r, 200));
}
await check(health?.data?.status === 'ok', `health answers (${JSON.stringify(health?.data ?? exited)})`);
await check(health.data.database.kind === (databaseUrl ? 'postgres' : 'pglite'), `on ${health.data.database.kind}`);

const home = await fetch(`${base}/`);
const html = await home.text();
await check(home.status === 200 && html.includes('data-ssr="true"') && html.includes(`${publicUrl}/`), 'the landing page is rendered by the server with the public URL');

const login = await fetch(`${base}/api/v1/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: adminEmail, password: adminPassword, deviceType: 'web' }),
});
await check(login.status === 200 && (await login.json()).data.user.role === 'admin', 'the admin made by the CLI signs in');
const jwks = await fetch(`${base}/.well-known/jwks.json`).then((r) => r.json());
await check(jwks.keys?.length === 1 && jwks.keys[0].kid === 'production-check' && !('d' in jwks.keys[0]), 'the licence keys made by the CLI are published, public parts only');
if (databaseUrl) {
  // The password is stored at the product's argon2id parameters (services/auth/passwords.ts; the API tests' own
  // accounts use a cheaper hash, decision 141).
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query('select password_hash from users where email = $1', [adminEmail]);
  await client.end();
  await check(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/.test(rows[0]?.password_hash ?? ''), 'the password is stored as argon2id at 19 MiB, 2 passes, one lane');
}

// The stand-ins are absent: their API calls find nothing (a GET of a page path gets the site's own page, not theirs).
for (const [method, p] of [
  ['GET', '/api/v1/dev/mailbox'],
  ['GET', '/dev/razorpay/checkout.js'],
  ['POST', '/dev/razorpay/v1/plans'],
  ['POST', '/dev/razorpay/checkout/pay'],
  ['POST', '/dev/razorpay/subscriptions/sub_x/charge'],
]) {
  const res = await fetch(`${base}${p}`, { method, headers: { 'content-type': 'application/json' }, body: method === 'POST' ? '{}' : undefined });
  await check(res.status === 404, `${method} ${p} is absent (${res.status})`);
}
const simulatorPage = await fetch(`${base}/dev/razorpay/checkout/window?key=rzp_test_simulator`);
await check(!(await simulatorPage.text()).includes('Razorpay simulator'), 'the simulator checkout window is absent');

// Mail goes out over SMTP: a password reset for the admin reaches the SMTP server.
await fetch(`${base}/api/v1/auth/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: adminEmail }) });
const mailUntil = Date.now() + 20_000;
while (!mails.some((m) => m.to.includes(adminEmail)) && Date.now() < mailUntil) await new Promise((r) => setTimeout(r, 200));
await check(
  mails.some((m) => m.to.includes(adminEmail)),
  'the reset mail reached the SMTP server',
);

// 7. Stop.
server.kill('SIGTERM');
const ended = await Promise.race([exit, new Promise((r) => setTimeout(() => r(null), 45_000))]);
await check(ended?.code === 0, `SIGTERM ends the server with exit 0 (${JSON.stringify(ended)})`);

for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
log('the production build runs from dist/ with production dependencies only');
