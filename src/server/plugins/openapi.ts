import swagger from '@fastify/swagger';
import type { FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import type { OutgoingHttpHeaders } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifySerializerCompiler } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX } from '../../shared/constants';
import { site } from '../../shared/site';
import { codeList, kindOf, type ErrorRef } from '../../shared/endpoints/endpoint';
import { ERROR_STATUS } from '../lib/errors';

/** Where the API description is served: the UI here, the document at /api/docs/json (and /yaml). */
export const DOCS_PREFIX = '/api/docs';

const DESCRIPTION = [
  `Every call under ${API_PREFIX} answers JSON in one envelope: \`{ "success": true, "data": …, "message"? }\` on success,`,
  '`{ "success": false, "error", "message", "code"? }` (the ErrorEnvelope schema) on every 4xx and 5xx.',
  'Calls marked with the lock need `Authorization: Bearer <token>`: the access token of POST /auth/login, renewed at',
  'POST /auth/refresh when an answer says 401 with code TOKEN_EXPIRED. Amounts are integer paise; times are ISO 8601 in UTC.',
].join(' ');

/**
 * The fast-json-stringify function of a response schema: its zod schema as JSON Schema (the output side, as
 * /api/docs shows it), compiled on first use (so a start compiles nothing) and once per schema (the error envelope
 * is shared by every route). Like zod's encode, it writes only the fields the schema lists.
 */
const compiled = new WeakMap<object, (data: unknown) => string>();
function fastSerializer(schema: z.ZodType): (data: unknown) => string {
  let serialize = compiled.get(schema);
  if (!serialize) {
    const json = withNullable(z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }));
    serialize = fastJson(json as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
    compiled.set(schema, serialize);
  }
  return serialize;
}

/**
 * zod writes `.nullable()` as `anyOf: [X, { type: 'null' }]`, for which fast-json-stringify runs a validator on each
 * value to pick the branch; its own `nullable: true` on X writes the same JSON without it.
 */
function withNullable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNullable);
  if (!schema || typeof schema !== 'object') return schema;
  const node = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, withNullable(v)])) as Record<string, unknown>;
  const anyOf = node.anyOf as Record<string, unknown>[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullAt = anyOf.findIndex((branch) => branch.type === 'null' && Object.keys(branch).length === 1);
    const other = anyOf[1 - nullAt];
    if (nullAt >= 0 && typeof other.type === 'string' && !other.$ref && !other.anyOf) {
      const { anyOf: _anyOf, ...rest } = node;
      return { ...rest, ...other, nullable: true };
    }
  }
  return node;
}

/**
 * Answers are written through the route's response schema, which leaves out any field it does not list, by
 * fast-json-stringify compiled from the zod schema (decision 076): zod's own encoding walked every answer once more
 * before JSON.stringify. With `strict` (tests, development), each answer is also encoded by zod, and it fails (a 500
 * naming the route) if zod refuses it, if it would lose a field, or if the two writings differ; so the API tests
 * prove the fast writing says what zod would.
 */
export function responseSerializerCompiler(strict: boolean): FastifySerializerCompiler<unknown> {
  const viaZod = serializerCompiler as FastifySerializerCompiler<unknown>;
  return (route) => {
    const schema = route.schema as z.ZodType;
    let fast: ((data: unknown) => string) | undefined;
    if (!strict) return (data: unknown) => (fast ??= fastSerializer(schema))(data);
    const zodWrite = viaZod(route);
    return (data: unknown) => {
      const text = zodWrite(data);
      if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(JSON.stringify(data)))) {
        throw new Error(`${route.method} ${route.url}: the answer has a field its response schema does not list`);
      }
      const quick = (fast ??= fastSerializer(schema))(data);
      if (!isDeepStrictEqual(JSON.parse(quick), JSON.parse(text))) {
        throw new Error(`${route.method} ${route.url}: fast-json-stringify writes ${quick} where zod writes ${text}`);
      }
      return quick;
    };
  };
}

/**
 * The OpenAPI document, made from the routes' zod schemas: requests, the responses of every status (the same
 * schemas serialize the answers), the bearer scheme of signed-in calls.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: `${site.productName} API`, version: site.version, description: DESCRIPTION },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token of POST /auth/login or POST /auth/refresh.' },
        },
      },
    },
    // The API is described, and the site's routes that programs read (the update feeds and installers, declared with
    // `siteOperation`); the pages (`/`, `/*`), the blog's feeds and the stored files are not operations of it.
    transform: (route) => {
      if (route.url.startsWith(`${API_PREFIX}/`)) return describeResponses(jsonSchemaTransform(route));
      const { [SITE_RESPONSES]: responses, ...schema } = (route.schema ?? {}) as Record<string, unknown>;
      if (!responses || schema.hide) return { schema: { ...route.schema, hide: true }, url: route.url };
      const made = jsonSchemaTransform({ ...route, schema });
      return { ...made, schema: { ...made.schema, response: responses } };
    },
    transformObject: (documentObject) =>
      withoutUnusedComponents(typedNullables(jsonSchemaTransformObject(documentObject) as OpenApiDocument)) as ReturnType<typeof jsonSchemaTransformObject>,
  });
  await registerDocsUi(app);
}

/** Where a site route's schema keeps the answers /api/docs shows for it (they are not zod schemas to serialize with). */
const SITE_RESPONSES = 'x-site-responses';

/** An answer of a site route as OpenAPI describes it: its text, and the media types of its body. */
export type SiteResponse = { description: string; content?: Record<string, { schema: Record<string, unknown> }>; headers?: Record<string, { description: string; type: string }> };

/**
 * The schema of a route outside /api/v1 that programs call (the update feeds and installers, decision 190): its
 * parameters as zod schemas (checked as any route's), and what /api/docs says of it, its answers written as OpenAPI
 * (YAML, files, redirects: none is the JSON envelope).
 */
export function siteOperation<const T extends SiteOperation>(op: T): Omit<T, 'responses' | 'tag'> & { tags: string[]; security: never[] } {
  const { responses, tag, ...rest } = op;
  return { ...rest, tags: [tag], security: [], [SITE_RESPONSES]: responses };
}

type SiteOperation = {
  operationId: string;
  summary: string;
  description: string;
  tag: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  responses: Record<string, SiteResponse>;
};

/** The tag of the admin operations, which only an admin is given the description of (decision 115). */
export const ADMIN_TAG = 'admin';

type Operations = Record<string, { tags?: string[] } | unknown>;
const publicDocuments = new WeakMap<object, OpenApiDocument>();

/**
 * The document anyone may read at /api/docs: the public and customer operations, without the admin ones and the
 * schemas only they use (decision 115). The whole document is GET /api/v1/admin/openapi.json, for an admin. Made once
 * per document (@fastify/swagger keeps it once made).
 */
export function publicDocument(doc: OpenApiDocument): OpenApiDocument {
  let kept = publicDocuments.get(doc);
  if (!kept) {
    const paths: Record<string, Operations> = {};
    for (const [path, operations] of Object.entries((doc.paths ?? {}) as Record<string, Operations>)) {
      const open = Object.entries(operations).filter(([, op]) => !(op as { tags?: string[] }).tags?.includes(ADMIN_TAG));
      if (open.length) paths[path] = Object.fromEntries(open);
    }
    kept = withoutUnusedComponents({ ...doc, paths });
    publicDocuments.set(doc, kept);
  }
  return kept;
}

// BaseLayout leaves out Swagger UI's top bar, whose logo is an SVG with a <style> element the CSP refuses (decision 064).
// Swagger UI fetches the document without a token: it is given the public one, as JSON and as YAML.
const DOCS_UI_OPTIONS: FastifySwaggerUiOptions = {
  routePrefix: DOCS_PREFIX,
  uiConfig: { docExpansion: 'list', layout: 'BaseLayout' },
  transformSpecification: (doc) => publicDocument(doc as OpenApiDocument),
  transformSpecificationClone: false,
};

/** The routes @fastify/swagger-ui registers under its prefix (the page, its files, the public document as JSON and YAML). */
export const DOCS_UI_ROUTES = ['/', '/static/index.html', '/static/swagger-initializer.js', '/static/*', '/json', '/yaml'] as const;

/**
 * The app's `swagger()` (the document of its routes) as a plugin of the name @fastify/swagger, which Swagger UI
 * declares as its dependency; the two symbols are Fastify's own plugin metadata (what fastify-plugin sets).
 */
function lentSwagger(app: FastifyInstance) {
  const plugin = async (inner: FastifyInstance) => void inner.decorate('swagger', app.swagger.bind(app));
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true, [Symbol.for('plugin-meta')]: { name: '@fastify/swagger' } });
}

/** Headers of the inner answer that belong to its own connection, not to the one the visitor holds. */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length']);

/**
 * Swagger UI, made with the first visit to /api/docs rather than at start (decision 092): its module loads its own
 * copies of yaml and @fastify/static from node_modules, about a twentieth of a start that no API call needs. Its
 * routes are declared here as the plugin declares them, on this app (so the security headers, the request log,
 * compression and the error envelope apply as to any route), and each is answered by a Fastify instance of its own
 * holding the plugin, with this app's document: the plugin requires a plugin named @fastify/swagger in its instance,
 * and there it is the app's own, lent (`lentSwagger`).
 */
async function registerDocsUi(app: FastifyInstance): Promise<void> {
  let ui: Promise<FastifyInstance> | null = null;
  const made = () =>
    (ui ??= (async () => {
      const { fastifySwaggerUi } = await import('@fastify/swagger-ui');
      const inner = Fastify({ logger: false });
      await inner.register(lentSwagger(app));
      await inner.register(fastifySwaggerUi, DOCS_UI_OPTIONS);
      await inner.ready();
      return inner;
    })().catch((err: unknown) => {
      ui = null;
      throw err;
    }));
  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    // Always the GET: for a HEAD, Fastify counts the body and leaves it out, as it did for the plugin's own routes.
    const res = await (await made()).inject({ method: 'GET', url: request.url, headers: request.headers });
    // Refusals are the app's own, in its envelope, as when the plugin's routes were the app's.
    if (res.statusCode === 404) return reply.callNotFound();
    if (res.statusCode >= 400) throw Object.assign(new Error(`Swagger UI answered ${res.statusCode}`), { statusCode: res.statusCode });
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(res.headers)) if (value !== undefined && !CONNECTION_HEADERS.has(name)) headers[name] = value;
    return reply
      .code(res.statusCode)
      .headers(headers)
      .send(res.rawPayload.length ? res.rawPayload : undefined);
  };
  await app.register(
    async (docs) => {
      for (const url of DOCS_UI_ROUTES) docs.get(url, { schema: { hide: true } }, answer);
    },
    { prefix: DOCS_PREFIX },
  );
}

/** What each status of an operation means, where the route's schema does not say. */
const RESPONSE_TEXT: Record<string, string> = {
  '200': 'Done: the success envelope with the data.',
  '201': 'Created: the success envelope with the data.',
  '4xx':
    'Refused, in the error envelope: 400 invalid input, 401 no valid access token (code TOKEN_EXPIRED: refresh it), 403 not allowed, 404 not found, 409 conflict, 413 too large, 415 unsupported type, 429 too many requests (retry-after).',
  '5xx': 'Failed, in the error envelope: 500 unexpected, 502 the payment provider failed, 503 unavailable (database, shutting down).',
};

type TransformResult = ReturnType<typeof jsonSchemaTransform>;

/** A refusal's status described by the codes of the route's `x-error-codes` (server/routes/route.ts) that give it. */
function refusalText(status: string, codes: ErrorRef[] | undefined): string | undefined {
  const refs = (codes ?? []).filter((ref) => String(ERROR_STATUS[kindOf(ref)]) === status);
  return refs.length ? `Refused, in the error envelope: ${codeList(refs)}.` : undefined;
}

function describeResponses(result: TransformResult): TransformResult {
  const schema = result.schema as { response?: Record<string, Record<string, unknown>>; 'x-error-codes'?: ErrorRef[] } | undefined;
  for (const [status, json] of Object.entries(schema?.response ?? {})) {
    const text = RESPONSE_TEXT[status] ?? refusalText(status, schema?.['x-error-codes']);
    // A named schema ($ref) keeps no keyword beside it but the description, which @fastify/swagger reads too.
    if (json.description === undefined && text) json[json.$ref ? 'description' : 'x-response-description'] = text;
  }
  return result;
}

/**
 * A nullable named schema (`subscription: Subscription | null`) is written `{ nullable: true, allOf: [{ $ref }] }`,
 * which OpenAPI 3.0 reads only with a `type` beside `nullable` (Redocly's nullable-type-sibling): the named schema's.
 */
function typedNullables(doc: OpenApiDocument): OpenApiDocument {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, { type?: string }>;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const schema = node as Record<string, unknown>;
    const allOf = schema.allOf as { $ref?: string }[] | undefined;
    if (schema.nullable === true && schema.type === undefined && allOf?.length === 1 && allOf[0].$ref) {
      const type = schemas[allOf[0].$ref.replace('#/components/schemas/', '')]?.type;
      if (type) schema.type = type;
    }
    Object.values(schema).forEach(visit);
  };
  visit(doc);
  return doc;
}

export type OpenApiDocument = { paths?: Record<string, unknown>; components?: { schemas?: Record<string, unknown> } } & Record<string, unknown>;

/**
 * Every named schema is listed twice, as request (`…Input`) and as response: the ones no operation or other schema
 * refers to are left out, so the document lists each schema as it is used.
 */
function withoutUnusedComponents(doc: OpenApiDocument): OpenApiDocument {
  const schemas = doc.components?.schemas;
  if (!schemas) return doc;
  const kept: Record<string, unknown> = {};
  let queue = Object.keys(schemas).filter((name) => JSON.stringify({ ...doc, components: { ...doc.components, schemas: {} } }).includes(`"#/components/schemas/${name}"`));
  while (queue.length) {
    const next: string[] = [];
    for (const name of queue) {
      if (name in kept) continue;
      kept[name] = schemas[name];
      const text = JSON.stringify(schemas[name]);
      for (const other of Object.keys(schemas)) if (!(other in kept) && text.includes(`"#/components/schemas/${other}"`)) next.push(other);
    }
    queue = next;
  }
  return { ...doc, components: { ...doc.components, schemas: kept } };
}
