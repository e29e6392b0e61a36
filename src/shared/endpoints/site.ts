import { endpoint, lazySchemas } from './endpoint';

/** What any visitor reads or sends: health, the blog, the contact form, the installer. */
const zod = /* @__PURE__ */ lazySchemas(async () => ({
  ...(await import('../schemas/blog')),
  ...(await import('../schemas/contact')),
  ...(await import('../schemas/responses/blog')),
  ...(await import('../schemas/responses/contact')),
  ...(await import('../schemas/responses/downloads')),
  ...(await import('../schemas/responses/health')),
  ...(await import('../schemas/responses/envelope')),
  ...(await import('../schemas/releases')),
}));

export const health = {
  ready: endpoint({
    method: 'GET',
    path: '/health',
    guard: 'public',
    tag: 'health',
    summary: 'Readiness for load balancers: 200 while the database answers, 503 otherwise or while shutting down',
    errors: ['SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE:DATABASE_UNAVAILABLE', 'SERVICE_UNAVAILABLE:SHUTTING_DOWN'],
    schemas: zod.pick((s) => ({ response: { 200: s.envelope(s.healthSchema), 503: s.healthUnavailable } })),
  }),
  live: endpoint({
    method: 'GET',
    path: '/health/live',
    guard: 'public',
    tag: 'health',
    summary: 'Liveness: the process answers',
    schemas: zod.pick((s) => ({ response: { 200: s.envelope(s.liveSchema) } })),
  }),
};

export const blog = {
  posts: endpoint({
    method: 'GET',
    path: '/blog/posts',
    guard: 'public',
    tag: 'blog',
    summary: 'The published posts, newest first, 6 a page',
    schemas: zod.pick((s) => ({ querystring: s.blogListQuerySchema, response: { 200: s.orJsonText(s.envelope(s.blogListSchema)) } })),
  }),
  post: endpoint({
    method: 'GET',
    path: '/blog/posts/:slug',
    guard: 'public',
    tag: 'blog',
    summary: 'One published post by its slug',
    errors: ['NOT_FOUND', 'NOT_FOUND:BLOG_POST_NOT_FOUND'],
    schemas: zod.pick((s) => ({ params: s.slugParamSchema, response: { 200: s.orJsonText(s.envelope(s.postData)) } })),
  }),
};

export const contact = {
  send: endpoint({
    method: 'POST',
    path: '/contact',
    guard: 'public',
    tag: 'contact',
    summary: 'Send a message to support (kept, then the support mailbox is told)',
    errors: ['VALIDATION_ERROR:BOT_CHECK_REQUIRED', 'VALIDATION_ERROR:BOT_CHECK_FAILED', 'TOO_MANY_REQUESTS:CONTACT_RATE_LIMITED'],
    limits: ['contact-ip'],
    schemas: zod.pick((s) => ({ body: s.contactSchema, response: { 201: s.envelope(s.contactSentData) } })),
  }),
};

export const downloads = {
  config: endpoint({
    method: 'GET',
    path: '/downloads/config',
    guard: 'public',
    tag: 'downloads',
    summary: 'What the landing page may offer to download, and the demo video',
    schemas: zod.pick((s) => ({ response: { 200: s.envelope(s.downloadsConfigSchema) } })),
  }),
  windows: endpoint({
    method: 'GET',
    path: '/downloads/windows',
    guard: 'public',
    tag: 'downloads',
    summary: 'The Windows installer: counted once per address and hour, then a redirect to it',
    errors: ['NOT_FOUND:DOWNLOAD_UNAVAILABLE'],
    schemas: zod.pick((s) => ({ response: { 302: s.installerRedirect } })),
  }),
};

export const releasesPublic = {
  changelog: endpoint({
    method: 'GET',
    path: '/changelog',
    guard: 'public',
    tag: 'releases',
    summary: 'The published releases of the Windows program, newest version first, with their notes as HTML (the changelog page and its RSS feed)',
    schemas: zod.pick((s) => ({ response: { 200: s.orJsonText(s.envelope(s.changelogSchema)) } })),
  }),
};
