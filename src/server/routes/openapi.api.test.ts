import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../shared/schemas/responses/envelope';
import { fillUrl } from '../hardening/support';
import { ERROR_CODES } from '../../shared/errors';
import { ERROR_STATUS } from '../lib/errors';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { createUserAndLogin } from '../test/users';

type Operation = {
  tags?: string[];
  summary?: string;
  operationId?: string;
  'x-error-codes'?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: { type?: string; required?: string[]; properties?: Record<string, { type?: string; format?: string }> } }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties: Record<string, { enum?: string[] }>; required: string[] }>; securitySchemes: Record<string, Record<string, string>> };
};
type Registered = { method: string; url: string; hidden: boolean; statuses: string[] };
/** Routes outside the API (feeds, stored files; the pages `/` and `/*` where the client is served). */
const outside: string[] = [];
/**
 * The routes outside /api/v1 that programs call and /api/docs describes (decision 190): the update feeds, the installers
 * and the changelog's RSS.
 */
const SITE_OPERATIONS = ['GET /updates/win/:feed', 'GET /updates/tauri/:target/:arch/:currentVersion', 'GET /updates/files/:id/:name', 'GET /changelog/rss.xml'];

const UUID = '00000000-0000-4000-8000-000000000000';

const ERROR_REF = { $ref: '#/components/schemas/ErrorEnvelope' };
const docPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

let t: TestApp;
/** The whole document (an admin's, GET /api/v1/admin/openapi.json) and the one anyone reads at /api/docs/json. */
let doc: Document;
let publicDoc: Document;
let adminToken: string;
const registered: Registered[] = [];

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onRoute: (route: RouteOptions) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        const schema = (route.schema ?? {}) as { hide?: boolean; response?: Record<string, unknown> };
        for (const method of methods) {
          if (method !== 'HEAD' && !route.url.startsWith('/api/')) outside.push(route.url);
          if (method === 'HEAD' || !route.url.startsWith('/api/v1/')) continue;
          registered.push({ method, url: route.url, hidden: schema.hide === true, statuses: Object.keys(schema.response ?? {}) });
        }
      },
    },
  );
  adminToken = (await createUserAndLogin(t, { role: 'admin' })).token;
  const res = await t.call('GET', '/api/v1/admin/openapi.json', { token: adminToken });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  const open = await t.call('GET', '/api/docs/json');
  expect(open.statusCode).toBe(200);
  publicDoc = open.json();
}, 60_000);
afterAll(() => t?.close());

const operationOf = (r: Pick<Registered, 'method' | 'url'>) => doc.paths[docPath(r.url)]?.[r.method.toLowerCase()];
/** Every route of /api/v1 is described: the stand-ins too while they are registered (decision 177). */
const documented = () => registered;

describe(`the API description, whole for an admin (${TEST_DB_KIND})`, () => {
  it('has every route of /api/v1 with its success and the error envelope for 4xx and 5xx; each route answers through those schemas', () => {
    expect(documented().length).toBeGreaterThan(40);
    for (const route of registered) {
      const label = `${route.method} ${route.url}`;
      // Hidden or not, every route serializes its answers with a schema: a success and the error envelope.
      expect(
        route.statuses.some((s) => /^[23]\d\d$/.test(s)),
        `${label}: success schema`,
      ).toBe(true);
      expect(route.statuses, label).toEqual(expect.arrayContaining(['4xx', '5xx']));
      expect(route.hidden, `${label} is hidden`).toBe(false);
      const op = operationOf(route);
      expect(op, `${label} is not in the document`).toBeDefined();
      const codes = Object.keys(op.responses);
      expect(
        codes.some((c) => /^[23]\d\d$/.test(c)),
        `${label}: success response`,
      ).toBe(true);
      for (const status of ['4XX', '5XX']) {
        expect(op.responses[status]?.content?.['application/json']?.schema, `${label} ${status}`).toEqual(ERROR_REF);
        expect(op.responses[status].description, `${label} ${status}`).toMatch(/error envelope/);
      }
      for (const [status, response] of Object.entries(op.responses)) {
        expect(response.description, `${label} ${status}: a description`).not.toBe('Default Response');
      }
    }
    // Nothing in the document that the app does not answer.
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(listed.sort()).toEqual([...documented().map((r) => `${r.method} ${docPath(r.url)}`), ...SITE_OPERATIONS.map(docPath)].sort());
  });

  it('gives each operation its summary, an id, its security (empty for a public one) and its error codes, each with its status', () => {
    const ids = new Set<string>();
    for (const route of documented()) {
      const label = `${route.method} ${route.url}`;
      const op = operationOf(route);
      expect(op.summary, `${label}: summary`).toMatch(/\w{3,}/);
      expect(ids.has(op.operationId!), `${label}: operationId`).toBe(false);
      ids.add(op.operationId!);
      // Every operation says who may call it: the bearer scheme, or an empty list for a public one (never left out).
      expect(Array.isArray(op.security), `${label}: security`).toBe(true);
      const codes = op['x-error-codes'] ?? [];
      for (const ref of codes) {
        const status = String(ERROR_STATUS[ref.split(':')[0] as keyof typeof ERROR_STATUS]);
        expect(API_ERROR_CODES, `${label}: ${ref}`).toContain(ref.split(':')[0]);
        if (Number(status) < 500) expect(op.responses[status]?.description, `${label}: ${status} for ${ref}`).toContain(ref.split(':').at(-1));
      }
      if (op.requestBody || op.parameters?.some((p) => p.in !== 'header')) expect(codes, label).toContain('VALIDATION_ERROR');
      if (op.security?.length) expect(codes, label).toEqual(expect.arrayContaining(['UNAUTHORIZED', 'TOKEN_EXPIRED:TOKEN_EXPIRED']));
    }
    expect(operationOf({ method: 'POST', url: '/api/v1/auth/login' })).toMatchObject({
      security: [],
      'x-error-codes': expect.arrayContaining(['INVALID_CREDENTIALS', 'TOO_MANY_REQUESTS:RATE_LIMITED']),
    });
    expect(operationOf({ method: 'POST', url: '/api/v1/usage' }).responses['403'].description).toContain('NOT_ENTITLED');
  });

  it('describes the embedded mailbox while it is registered, as a stand-in that answers this computer only', () => {
    const list = publicDoc.paths['/api/v1/dev/mailbox']?.get as Operation & { description?: string };
    expect(list).toMatchObject({ tags: ['stand-ins'], security: [], 'x-error-codes': expect.arrayContaining(['FORBIDDEN:STAND_IN_LOCAL_ONLY']) });
    expect(list.description).toContain('STAND_IN_LOCAL_ONLY');
    expect(list.responses['403'].description).toContain('STAND_IN_LOCAL_ONLY');
    expect(publicDoc.paths['/api/v1/dev/mailbox/{id}/attachments/{index}']?.get?.['x-error-codes']).toEqual(expect.arrayContaining(['NOT_FOUND:ATTACHMENT_NOT_FOUND']));
  });

  it('lists no route outside the API but those programs call: the blog feeds, stored files and pages are not operations', () => {
    expect(outside.length).toBeGreaterThan(0);
    const site = new Set(SITE_OPERATIONS.map((op) => op.split(' ')[1]));
    for (const url of outside) if (!site.has(url)) expect(doc.paths[docPath(url)], url).toBeUndefined();
    expect(
      Object.keys(doc.paths)
        .filter((p) => !p.startsWith('/api/v1/'))
        .sort(),
    ).toEqual([...site].map(docPath).sort());
  });

  it("describes the update feeds and installers for anyone, as their clients read them: YAML, Tauri's JSON, files with ranges", () => {
    for (const op of SITE_OPERATIONS) {
      const [method, url] = op.split(' ') as [string, string];
      const described = publicDoc.paths[docPath(url)]?.[method.toLowerCase()];
      expect(described, op).toBeDefined();
      expect(described!.summary, op).toMatch(/\w{3,}/);
      expect(described!.security, op).toEqual([]);
    }
    const feed = publicDoc.paths['/updates/win/{feed}']!.get!;
    expect(feed.responses['200']!.content).toHaveProperty(['text/yaml']);
    expect(JSON.stringify(feed.parameters)).toContain('latest.yml');
    const files = publicDoc.paths['/updates/files/{id}/{name}']!.get!;
    expect(Object.keys(files.responses).sort()).toEqual(['200', '206', '302', '404', '416']);
    expect(files.responses['206']!.content).toHaveProperty(['multipart/byteranges']);
    expect(publicDoc.paths['/updates/tauri/{target}/{arch}/{currentVersion}']!.get!.responses).toHaveProperty(['204']);
  });

  it('describes the JSON success envelope of the routes that answer JSON', () => {
    // The desktop program's OAuth endpoints answer OAuth's fields at the top level (RFC 8628 §3.2, RFC 6749 §5.1; decision 185).
    const oauthWire = new Set(['POST /api/v1/auth/device/code', 'POST /api/v1/auth/device/token']);
    // The account's data is a JSON file sent as an attachment, the document itself (decision 199).
    const jsonFiles = new Set(['POST /api/v1/auth/export']);
    for (const route of documented()) {
      if (oauthWire.has(`${route.method} ${route.url}`) || jsonFiles.has(`${route.method} ${route.url}`)) continue;
      const op = operationOf(route);
      for (const [status, response] of Object.entries(op.responses)) {
        const json = response.content?.['application/json']?.schema as { properties?: Record<string, { enum?: unknown[] }>; required?: string[] } | undefined;
        if (!/^2/.test(status) || !json) continue;
        expect(json.properties?.success, `${route.method} ${route.url}`).toMatchObject({ enum: [true] });
        expect(json.required, `${route.method} ${route.url}`).toEqual(expect.arrayContaining(['success', 'data']));
      }
    }
  });

  it('names the error envelope once, with every error code the server has', () => {
    const envelope = doc.components.schemas.ErrorEnvelope;
    expect(envelope.required).toEqual(['success', 'error', 'code', 'message']);
    expect(envelope.properties.code.enum?.slice().sort()).toEqual([...ERROR_CODES].sort());
    expect(envelope.properties.success).toMatchObject({ enum: [false] });
    expect(envelope.properties.error.enum?.slice().sort()).toEqual(Object.keys(ERROR_STATUS).sort());
    expect([...API_ERROR_CODES].sort()).toEqual(Object.keys(ERROR_STATUS).sort());
  });

  it('marks with the bearer scheme exactly the calls that refuse a visitor with 401; the admin calls are tagged admin and refuse a user', async () => {
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const needsToken: string[] = [];
    const call = (route: Registered, token?: string) =>
      t.call(route.method as 'GET', fillUrl(route.url, { id: UUID, slug: 'no-such-post', token: 'no-such-token' }), {
        token,
        body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
    // Without a token nothing is done: the public calls refuse an empty body, the others answer 401.
    for (const route of documented()) if ((await call(route)).statusCode === 401) needsToken.push(`${route.method} ${route.url}`);
    const withBearer = documented().filter((r) => operationOf(r).security?.some((s) => 'bearer' in s));
    expect(withBearer.map((r) => `${r.method} ${r.url}`).sort()).toEqual(needsToken.sort());
    expect(needsToken.length).toBeGreaterThan(20);

    const user = await createUserAndLogin(t);
    const admin = documented().filter((r) => operationOf(r).tags?.includes('admin'));
    expect(admin.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      documented()
        .filter((r) => r.url.startsWith('/api/v1/admin/'))
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    );
    for (const route of admin) expect((await call(route, user.token)).statusCode, `${route.method} ${route.url}`).toBe(403);
  }, 120_000);

  it('describes the image upload as a multipart body with one required file', () => {
    const content = operationOf({ method: 'POST', url: '/api/v1/admin/uploads' }).requestBody?.content;
    expect(Object.keys(content ?? {})).toEqual(['multipart/form-data']);
    const schema = content!['multipart/form-data'].schema;
    expect(schema.required).toEqual(['file']);
    expect(schema.properties?.file).toMatchObject({ type: 'string', format: 'binary' });
  });

  it("describes Razorpay's webhook headers", () => {
    const headers = operationOf({ method: 'POST', url: '/api/v1/webhooks/razorpay' })
      .parameters?.filter((p) => p.in === 'header')
      .map((p) => p.name);
    expect(headers).toEqual(expect.arrayContaining(['x-razorpay-signature', 'x-razorpay-event-id']));
  });

  it('describes the files and the redirect that are not JSON', () => {
    expect(Object.keys(operationOf({ method: 'GET', url: '/api/v1/payments/:id/receipt' }).responses['200'].content ?? {})).toEqual(['application/pdf']);
    expect(operationOf({ method: 'GET', url: '/api/v1/downloads/windows' }).responses['302'].content).toBeUndefined();
  });
});

describe(`what anyone reads at /api/docs (${TEST_DB_KIND})`, () => {
  const adminOperations = (d: Document) =>
    Object.entries(d.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.tags?.includes('admin') || path.startsWith('/api/v1/admin/'))
        .map(([m]) => `${m} ${path}`),
    );

  it('lists the public and customer operations and none of the admin ones, as JSON and as YAML', async () => {
    expect(adminOperations(doc).length).toBeGreaterThan(20);
    expect(adminOperations(publicDoc)).toEqual([]);
    // Every other operation is there, as in the whole document.
    const expected = Object.fromEntries(
      Object.entries(doc.paths)
        .map(([path, ops]) => [path, Object.fromEntries(Object.entries(ops).filter(([, op]) => !op.tags?.includes('admin')))] as const)
        .filter(([, ops]) => Object.keys(ops).length),
    );
    expect(publicDoc.paths).toEqual(expected);
    expect(publicDoc.paths['/api/v1/auth/login']?.post).toBeDefined();
    expect(publicDoc.paths['/api/v1/subscriptions/current']?.get).toBeDefined();
    const yaml = await t.app.inject({ method: 'GET', url: '/api/docs/yaml' });
    expect(yaml.body).toContain('/api/v1/auth/login:');
    expect(yaml.body).not.toContain('/api/v1/admin/');
  });

  it('names no schema that only the admin operations use', () => {
    const text = JSON.stringify({ ...publicDoc, components: { ...publicDoc.components, schemas: {} } });
    const used = (name: string) =>
      text.includes(`"#/components/schemas/${name}"`) || Object.values(publicDoc.components.schemas).some((s) => JSON.stringify(s).includes(`"#/components/schemas/${name}"`));
    for (const name of Object.keys(publicDoc.components.schemas)) expect(used(name), name).toBe(true);
    expect(Object.keys(publicDoc.components.schemas).length).toBeLessThan(Object.keys(doc.components.schemas).length);
  });

  it('gives the whole document to an admin only, as the OpenAPI media type', async () => {
    const user = await createUserAndLogin(t);
    expect((await t.call('GET', '/api/v1/admin/openapi.json')).statusCode).toBe(401);
    const refused = await t.call('GET', '/api/v1/admin/openapi.json', { token: user.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('/api/v1/admin/');
    const whole = await t.call('GET', '/api/v1/admin/openapi.json', { token: adminToken });
    expect(whole.headers['content-type']).toMatch(/^application\/vnd\.oai\.openapi\+json/);
    expect(whole.headers['cache-control']).toBe('no-store');
    expect(whole.json().paths['/api/v1/admin/users']?.get?.tags).toEqual(['admin']);
  });
});

describe(`Swagger UI at /api/docs, made with its first visit (${TEST_DB_KIND})`, () => {
  it('serves the page, its files and the document as YAML, with the security headers; a missing file is the app’s 404', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-initializer.js');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-request-id']).toBeTruthy();

    const script = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.headers.etag).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js', headers: { 'if-none-match': String(script.headers.etag) } })).statusCode).toBe(304);
    const head = await t.app.inject({ method: 'HEAD', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(script.rawPayload.length);

    const yaml = await t.app.inject({ method: 'GET', url: '/api/docs/yaml' });
    expect(yaml.headers['content-type']).toContain('yaml');
    expect(yaml.body).toContain(`/api/v1/auth/login:`);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/static/index.html' })).headers.location).toBe('/api/docs/');

    const missing = await t.app.inject({ method: 'GET', url: '/api/docs/static/no-such-file.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, error: 'NOT_FOUND' });
  });
});
