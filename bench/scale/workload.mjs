// The mixed workload of the hardening issue, driven through the load balancer: visitors reading the blog, users
// signing in and loading their dashboard and billing, an admin publishing (with an image when there is a bucket),
// and contact messages. Bounded by time and by request count; every acknowledged write is remembered for the check.
import http from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Visit mix, by share of visits (not of requests). */
export const MIX = { reader: 0.6, member: 0.25, contact: 0.1, admin: 0.05 };

const randomIp = () => `10.${randomBytes(3).join('.')}`;
const sidOf = (jwt) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8')).sid;

/**
 * One HTTP/1.1 keep-alive client; each answer carries when it started and ended, and which instance served it.
 * Like a browser, it sends a request again, once, when the kept-alive connection it reused was closed before any
 * answer came (Chromium: HttpNetworkTransaction::ShouldResendRequest): the load balancer closes idle client
 * connections when it reloads its configuration (a health change), and a request written at that moment was never
 * read. An answer that was started (a 502 from the balancer included) is never sent again.
 */
function createClient(base, sockets) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const { hostname, port } = new URL(base);
  const send = (method, path, options = {}, started = performance.now(), resent = false) =>
    new Promise((resolve) => {
      const { body, headers = {}, ip } = options;
      const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
      const h = { ...headers };
      if (payload && !h['content-type']) h['content-type'] = 'application/json';
      if (payload) h['content-length'] = String(payload.length);
      if (ip) h['x-forwarded-for'] = ip;
      const req = http.request({ host: hostname, port, method, path, headers: h, agent }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json = null;
          if ((res.headers['content-type'] ?? '').includes('json')) {
            try {
              json = JSON.parse(text);
            } catch {
              json = null;
            }
          }
          resolve({ status: res.statusCode, json, upstream: String(res.headers['x-upstream'] ?? ''), started, ended: performance.now(), ...(resent ? { resent } : {}) });
        });
        res.on('error', (err) => resolve({ status: 0, error: err.message, upstream: '', started, ended: performance.now() }));
      });
      let answered = false;
      req.on('response', () => (answered = true));
      req.on('error', (err) => {
        if (!answered && !resent && req.reusedSocket && err.code === 'ECONNRESET') return resolve(send(method, path, options, started, true));
        resolve({ status: 0, error: err.message, upstream: '', started, ended: performance.now() });
      });
      req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
      if (payload) req.write(payload);
      req.end();
    });
  return { send, close: () => agent.destroy() };
}

function multipart(filename, data) {
  const boundary = `----scaledemo${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Runs `concurrency` virtual clients until `seconds` pass or `maxRequests` were sent. `users[i]` belongs to client i
 * alone (one web session per user and device: another client's login would end it). `events` may schedule faults.
 */
export async function runWorkload({ base, seconds, maxRequests, concurrency, users, admin, withImages, events = [] }) {
  const client = createClient(base, concurrency + 4);
  const log = [];
  const acked = { contacts: [], posts: [], sessions: [], uploads: [] };
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  let sent = 0;
  const done = () => performance.now() >= deadline || sent >= maxRequests;
  const ok = (res) => res.status >= 200 && res.status < 300;
  const call = async (kind, method, path, opts = {}) => {
    sent++;
    const res = await client.send(method, path, opts);
    // An answer the product gives on purpose (a free user has no current subscription: 404) is not a failure.
    const expected = ok(res) || (opts.alsoExpected ?? []).includes(res.status);
    log.push({ kind, method, path, status: res.status, expected, upstream: res.upstream, started: res.started, ended: res.ended, error: res.error });
    return res;
  };
  let slugs = [];

  const reader = async (ip) => {
    const list = await call('read', 'GET', '/api/v1/blog/posts?page=1', { ip });
    if (ok(list) && list.json?.data?.posts?.length) slugs = list.json.data.posts;
    const post = slugs[Math.floor(Math.random() * slugs.length)];
    if (!post) return;
    await call('read', 'GET', `/api/v1/blog/posts/${post.slug}`, { ip });
    await call('page', 'GET', `/blog/${post.slug}`, { ip });
    if (post.featured_image?.startsWith('/storage/')) await call('image', 'GET', post.featured_image, { ip });
  };

  const member = async (ip, user) => {
    const login = await call('login', 'POST', '/api/v1/auth/login', { ip, body: { email: user.email, password: user.password, deviceType: 'web' } });
    if (!ok(login)) return;
    const token = login.json.data.token;
    acked.sessions.push(sidOf(token));
    const headers = { authorization: `Bearer ${token}` };
    for (const path of ['/api/v1/auth/me', '/api/v1/users/dashboard', '/api/v1/subscriptions/current', '/api/v1/payments', '/api/v1/subscriptions/plans']) {
      if (done()) return;
      await call('account', 'GET', path, { ip, headers, alsoExpected: path.endsWith('/current') ? [404] : [] });
    }
  };

  const contact = async () => {
    const subject = `Scale demo ${randomUUID()}`;
    const res = await call('contact', 'POST', '/api/v1/contact', {
      ip: randomIp(),
      body: { name: 'Load Tester', email: 'load.tester@example.com', subject, message: 'A message sent by the scale-out demo to check that nothing is lost.' },
    });
    if (ok(res)) acked.contacts.push({ id: res.json.data.id, subject });
  };

  const publisher = async () => {
    const headers = { authorization: `Bearer ${admin.token}` };
    await call('admin', 'GET', '/api/v1/admin/blog/posts?page=1', { ip: admin.ip, headers });
    let image = null;
    if (withImages && Math.random() < 0.5) {
      const { body, contentType } = multipart('scale-demo.png', PNG);
      const up = await call('upload', 'POST', '/api/v1/admin/uploads', { ip: admin.ip, body, headers: { ...headers, 'content-type': contentType } });
      if (ok(up)) {
        image = up.json.data.url;
        acked.uploads.push(up.json.data.name);
      }
    }
    const id = randomUUID().slice(0, 8);
    const res = await call('publish', 'POST', '/api/v1/admin/blog/posts', {
      ip: admin.ip,
      headers,
      body: {
        title: `Scale demo post ${id}`,
        slug: `scale-demo-${id}`,
        excerpt: 'Published during the scale-out demo.',
        content: `<p>Post ${id}, published under load.</p>`,
        read_time: 1,
        status: 'published',
        featured_image: image,
      },
    });
    if (ok(res)) acked.posts.push({ id: res.json.data.post.id, slug: `scale-demo-${id}` });
  };

  const vu = async (i) => {
    const ip = randomIp();
    while (!done()) {
      const r = Math.random();
      if (r < MIX.reader) await reader(ip);
      else if (r < MIX.reader + MIX.member) await member(ip, users[i]);
      else if (r < MIX.reader + MIX.member + MIX.contact) await contact();
      else await publisher();
    }
  };

  const timers = events.map((e) => setTimeout(() => e.run(performance.now()), e.atSeconds * 1000));
  await Promise.all(Array.from({ length: concurrency }, (_, i) => vu(i)));
  for (const t of timers) clearTimeout(t);
  const elapsed = (performance.now() - t0) / 1000;
  client.close();
  return { log, acked, elapsed, stoppedBy: sent >= maxRequests ? 'count' : 'time' };
}

const pct = (sorted, p) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] * 10) / 10 : null);

/** Throughput, latency percentiles (all requests, reads only, logins only), errors and the spread over instances. */
export function summarise({ log, elapsed }) {
  const ms = (rows) => rows.map((r) => r.ended - r.started).sort((x, y) => x - y);
  const all = ms(log);
  const reads = ms(log.filter((r) => r.kind === 'read' || r.kind === 'page' || r.kind === 'account'));
  const logins = ms(log.filter((r) => r.kind === 'login'));
  const spread = {};
  for (const r of log) {
    const last = r.upstream.split(',').pop().trim() || 'none';
    spread[last] = (spread[last] ?? 0) + 1;
  }
  const failed = log.filter((r) => !r.expected);
  return {
    requests: log.length,
    seconds: Math.round(elapsed * 10) / 10,
    reqPerSec: Math.round(log.length / elapsed),
    p50ms: pct(all, 50),
    p99ms: pct(all, 99),
    readP99ms: pct(reads, 99),
    loginP99ms: pct(logins, 99),
    errors: failed.length,
    spread,
  };
}
