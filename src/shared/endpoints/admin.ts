import { endpoint, lazySchemas } from './endpoint';

/** The admin area: customers and their accounts, refunds, the blog, the inbox, the figures, the audit log. */
const zod = /* @__PURE__ */ lazySchemas(async () => ({
  ...(await import('../schemas/admin')),
  ...(await import('../schemas/billing')),
  ...(await import('../schemas/blog')),
  ...(await import('../schemas/contact')),
  ...(await import('../schemas/devices')),
  ...(await import('../schemas/fields')),
  ...(await import('../schemas/metrics')),
  ...(await import('../schemas/refunds')),
  ...(await import('../schemas/releases')),
  ...(await import('../schemas/responses/admin-audit')),
  ...(await import('../schemas/responses/admin-customers')),
  ...(await import('../schemas/responses/billing')),
  ...(await import('../schemas/responses/blog')),
  ...(await import('../schemas/responses/contact')),
  ...(await import('../schemas/responses/devices')),
  ...(await import('../schemas/responses/metrics')),
  ...(await import('../schemas/responses/refunds')),
  ...(await import('../schemas/responses/envelope')),
  ...(await import('../schemas/responses/openapi')),
}));
/** The tag of the admin operations: /api/docs leaves them out; an admin reads them at GET /admin/openapi.json (decision 115). */
const tag = 'admin';
const guard = 'admin';
/** An action on a customer's account: written to the audit log with the admin and the reason (decision 080). */
const action = { guard, tag, errors: ['NOT_FOUND', 'NOT_FOUND:CUSTOMER_NOT_FOUND', 'BAD_REQUEST:REASON_REQUIRED', 'BAD_REQUEST:REASON_TOO_LONG'] } as const;

export const adminCustomers = {
  search: endpoint({
    method: 'GET',
    path: '/admin/users',
    guard,
    tag,
    summary: 'Find customers by e-mail, name or id, a page at a time',
    schemas: zod.pick((s) => ({ querystring: s.customerSearchQuery, response: { 200: s.envelope(s.customerSearchSchema) } })),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/admin/users/:id',
    guard,
    tag,
    summary: "One customer's page: account, access, subscriptions, payments, sessions and audit log",
    errors: ['NOT_FOUND', 'NOT_FOUND:CUSTOMER_NOT_FOUND'],
    schemas: zod.pick((s) => ({ params: s.uuidParam, response: { 200: s.envelope(s.customerDetailSchema) } })),
  }),
  resendVerification: endpoint({
    method: 'POST',
    path: '/admin/users/:id/resend-verification',
    ...action,
    errors: [...action.errors, 'CONFLICT:ALREADY_VERIFIED'],
    summary: "Send the customer's verification mail again",
    schemas: zod.pick((s) => ({ params: s.uuidParam, body: s.optionalReasonBody, response: { 200: s.envelope(s.customerActionSchema) } })),
  }),
  endSessions: endpoint({
    method: 'POST',
    path: '/admin/users/:id/end-sessions',
    ...action,
    summary: 'End every session of the customer',
    schemas: zod.pick((s) => ({ params: s.uuidParam, body: s.reasonOnlyBody, response: { 200: s.envelope(s.customerActionSchema) } })),
  }),
  extendTrial: endpoint({
    method: 'POST',
    path: '/admin/users/:id/extend-trial',
    ...action,
    errors: [...action.errors, 'CONFLICT:NOT_VERIFIED'],
    summary: "Extend the customer's trial by a number of days",
    schemas: zod.pick((s) => ({ params: s.uuidParam, body: s.extendTrialBody, response: { 200: s.envelope(s.customerActionSchema) } })),
  }),
  grantComplimentary: endpoint({
    method: 'POST',
    path: '/admin/users/:id/complimentary',
    ...action,
    errors: [...action.errors, 'CONFLICT:HAS_PAID_PLAN', 'NOT_FOUND:RECURRING_PLAN_REQUIRED'],
    summary: 'Grant the customer a complimentary period of a recurring plan',
    schemas: zod.pick((s) => ({ params: s.uuidParam, body: s.grantComplimentaryBody, response: { 200: s.envelope(s.customerActionSchema) } })),
  }),
  cancelSubscription: endpoint({
    method: 'POST',
    path: '/admin/users/:id/subscriptions/:subscriptionId/cancel',
    ...action,
    errors: [...action.errors, 'NOT_FOUND:NO_ACTIVE_SUBSCRIPTION', 'BAD_REQUEST:NOT_RECURRING', 'BAD_GATEWAY:PROVIDER_ERROR'],
    summary: "Stop a customer's autopay, or end their plan now",
    schemas: zod.pick((s) => ({ params: s.subscriptionParams, body: s.adminCancelBody, response: { 200: s.envelope(s.customerActionSchema) } })),
  }),
  devices: endpoint({
    method: 'GET',
    path: '/admin/users/:id/devices',
    guard,
    tag,
    summary: "The customer's devices of the desktop program, removed and clone-flagged ones included",
    errors: ['NOT_FOUND', 'NOT_FOUND:CUSTOMER_NOT_FOUND'],
    schemas: zod.pick((s) => ({ params: s.uuidParam, response: { 200: s.envelope(s.adminDevicesData) } })),
  }),
  removeDevice: endpoint({
    method: 'DELETE',
    path: '/admin/users/:id/devices/:deviceId',
    ...action,
    errors: [...action.errors, 'NOT_FOUND:DEVICE_NOT_FOUND'],
    summary: "Remove a customer's device: the program on it loses its licence at its next refresh",
    schemas: zod.pick((s) => ({ params: s.adminDeviceParams, body: s.adminRemoveDeviceBody, response: { 200: s.envelope(s.adminDevicesData) } })),
  }),
  receipt: endpoint({
    method: 'GET',
    path: '/admin/payments/:id/receipt',
    guard,
    tag,
    summary: "A customer's receipt (PDF)",
    errors: ['NOT_FOUND', 'NOT_FOUND:RECEIPT_NOT_FOUND'],
    schemas: zod.pick((s) => ({ params: s.uuidParam, response: { 200: s.fileReply('application/pdf', "The customer's receipt (PDF), as an attachment.") } })),
  }),
};

export const adminBilling = {
  refund: endpoint({
    method: 'POST',
    path: '/admin/payments/:id/refund',
    guard,
    tag,
    summary: 'Refund a payment in full or in part, through Razorpay, with a credit note mailed to the customer',
    errors: ['NOT_FOUND', 'NOT_FOUND:PAYMENT_NOT_FOUND', 'CONFLICT:NOT_REFUNDABLE', 'CONFLICT:ALREADY_REFUNDED', 'BAD_REQUEST:REFUND_TOO_LARGE', 'BAD_REQUEST:REASON_REQUIRED', 'BAD_REQUEST:REASON_TOO_LONG', 'BAD_GATEWAY:PROVIDER_ERROR'],
    schemas: zod.pick((s) => ({ params: s.idParam, body: s.refundPaymentSchema, response: { 200: s.envelope(s.refundResultData) } })),
  }),
  creditNote: endpoint({
    method: 'GET',
    path: '/admin/payments/:id/refunds/:refundId/credit-note',
    guard,
    tag,
    summary: 'The credit note of a refund (PDF)',
    errors: ['NOT_FOUND', 'NOT_FOUND:CREDIT_NOTE_NOT_FOUND'],
    schemas: zod.pick((s) => ({ params: s.refundParams, response: { 200: s.fileReply('application/pdf', 'The credit note of a refund (PDF).') } })),
  }),
  providerCancellations: endpoint({
    method: 'GET',
    path: '/admin/billing/provider-cancellations',
    guard,
    tag,
    summary: 'Subscriptions of deleted accounts still to be cancelled at Razorpay (decision 063)',
    schemas: zod.pick((s) => ({ response: { 200: s.envelope(s.providerCancellationsSchema) } })),
  }),
};

export const adminBlog = {
  posts: endpoint({
    method: 'GET',
    path: '/admin/blog/posts',
    guard,
    tag,
    summary: 'Every post, whatever its status, a page at a time, with the counts by status',
    schemas: zod.pick((s) => ({ querystring: s.adminBlogListQuerySchema, response: { 200: s.envelope(s.adminBlogListSchema) } })),
  }),
  post: endpoint({
    method: 'GET',
    path: '/admin/blog/posts/:id',
    guard,
    tag,
    summary: 'One post by id, for editing',
    errors: ['NOT_FOUND', 'NOT_FOUND:BLOG_POST_NOT_FOUND'],
    schemas: zod.pick((s) => ({ params: s.uuidParam, response: { 200: s.envelope(s.postData) } })),
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/blog/posts',
    guard,
    tag,
    summary: 'Write a post (a draft unless a status is given)',
    errors: ['CONFLICT:SLUG_TAKEN'],
    schemas: zod.pick((s) => ({ body: s.blogPostInputSchema, response: { 201: s.envelope(s.postData) } })),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/blog/posts/:id',
    guard,
    tag,
    summary: 'Change a post',
    errors: ['NOT_FOUND', 'NOT_FOUND:BLOG_POST_NOT_FOUND', 'CONFLICT:SLUG_TAKEN'],
    schemas: zod.pick((s) => ({ params: s.uuidParam, body: s.blogPostInputSchema, response: { 200: s.envelope(s.postData) } })),
  }),
  preview: endpoint({
    method: 'POST',
    path: '/admin/blog/preview',
    guard,
    tag,
    summary: "A post's HTML as saving it would keep it (sanitized)",
    schemas: zod.pick((s) => ({ body: s.previewSchema, response: { 200: s.envelope(s.previewData) } })),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/admin/blog/posts/:id',
    guard,
    tag,
    summary: 'Delete a post',
    errors: ['NOT_FOUND', 'NOT_FOUND:BLOG_POST_NOT_FOUND'],
    schemas: zod.pick((s) => ({ params: s.uuidParam, response: { 200: s.noData } })),
  }),
  upload: endpoint({
    method: 'POST',
    path: '/admin/uploads',
    guard,
    tag,
    summary: 'Upload an image for a post (field `file`, checked by its content, at most 10 MB)',
    errors: ['BAD_REQUEST', 'BAD_REQUEST:UPLOAD_MISSING', 'PAYLOAD_TOO_LARGE', 'PAYLOAD_TOO_LARGE:UPLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'UNSUPPORTED_MEDIA_TYPE:UPLOAD_TYPE', 'CONFLICT'],
    schemas: zod.pick((s) => ({ consumes: ['multipart/form-data'], body: s.uploadBody, response: { 201: s.envelope(s.uploadResultSchema) } })),
  }),
};

export const adminInbox = {
  messages: endpoint({
    method: 'GET',
    path: '/admin/contact-messages',
    guard,
    tag,
    summary: 'The contact messages, open or handled, a page at a time',
    schemas: zod.pick((s) => ({ querystring: s.contactInboxQuery, response: { 200: s.envelope(s.contactInboxSchema) } })),
  }),
  mark: endpoint({
    method: 'PATCH',
    path: '/admin/contact-messages/:id',
    guard,
    tag,
    summary: 'Mark a contact message handled, or open again',
    errors: ['NOT_FOUND', 'NOT_FOUND:MESSAGE_NOT_FOUND'],
    schemas: zod.pick((s) => ({ params: s.uuidParam, body: s.markHandledSchema, response: { 200: s.envelope(s.contactMessageData) } })),
  }),
};

export const adminReports = {
  metrics: endpoint({
    method: 'GET',
    path: '/admin/metrics',
    guard,
    tag,
    summary: 'The business at a glance: MRR, subscriptions by plan, trials, and sign-ups, revenue, refunds, cancellations and downloads a day',
    schemas: zod.pick((s) => ({ querystring: s.metricsQuery, response: { 200: s.envelope(s.adminMetricsSchema) } })),
  }),
  auditLog: endpoint({
    method: 'GET',
    path: '/admin/audit-log',
    guard,
    tag,
    summary: 'Who did what to which customer, when and why; newest first, a page at a time',
    schemas: zod.pick((s) => ({ querystring: s.auditLogQuery, response: { 200: s.envelope(s.auditLogSchema) } })),
  }),
  openApi: endpoint({
    method: 'GET',
    path: '/admin/openapi.json',
    guard,
    tag,
    summary: 'The whole API description, the admin operations included',
    schemas: zod.pick((s) => ({ response: { 200: s.openApiDocumentReply } })),
  }),
};

/** The desktop program's releases (decision 190): installers uploaded or registered, then published, rolled out, yanked. */
export const adminReleases = {
  list: endpoint({
    method: 'GET',
    path: '/admin/releases',
    guard,
    tag,
    summary: 'Every release of the desktop program, newest first',
    schemas: zod.pick((s) => ({ response: { 200: s.envelope(s.releaseListSchema) } })),
  }),
  upload: endpoint({
    method: 'POST',
    path: '/admin/releases',
    guard,
    tag,
    summary: 'Add a release by uploading its installer: the fields first, then the file `installer` (streamed, at most RELEASE_MAX_BYTES), then its `blockmap` if any; a draft',
    errors: ['BAD_REQUEST:INSTALLER_MISSING', 'PAYLOAD_TOO_LARGE:RELEASE_TOO_LARGE', 'PAYLOAD_TOO_LARGE:BLOCKMAP_TOO_LARGE', 'CONFLICT:RELEASE_VERSION_TAKEN'],
    schemas: zod.pick((s) => ({ consumes: ['multipart/form-data'], body: s.releaseUploadBody, response: { 201: s.envelope(s.releaseSchema) } })),
  }),
  external: endpoint({
    method: 'POST',
    path: '/admin/releases/external',
    guard,
    tag,
    summary: 'Add a release whose installer is hosted elsewhere (https), with its size and SHA-512; a draft',
    errors: ['CONFLICT:RELEASE_VERSION_TAKEN'],
    schemas: zod.pick((s) => ({ body: s.externalReleaseBody, response: { 201: s.envelope(s.releaseSchema) } })),
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/admin/releases/:id',
    guard,
    tag,
    summary: 'Publish, yank or return a release to draft, change its rollout or its notes (in the audit log, before and after)',
    errors: ['NOT_FOUND:RELEASE_NOT_FOUND'],
    schemas: zod.pick((s) => ({ params: s.uuidParam, body: s.releaseUpdateBody, response: { 200: s.envelope(s.releaseSchema) } })),
  }),
};
