import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAuditRoutes } from './admin-audit';
import { adminBillingRoutes } from './admin-billing';
import { adminBlogRoutes } from './admin-blog';
import { adminContactRoutes } from './admin-contact';
import { adminCustomerRoutes } from './admin-customers';
import { adminMetricsRoutes } from './admin-metrics';
import { adminOpenApiRoutes } from './admin-openapi';
import { adminRefundRoutes } from './admin-refunds';
import { authAccountRoutes } from './auth-account';
import { authRoutes } from './auth';
import { twoFactorRoutes } from './two-factor';
import { twoFactorRecoveryRoutes } from './two-factor-recovery';
import { blogRoutes } from './blog';
import { contactRoutes } from './contact';
import { dataExportRoutes } from './data-export';
import { deviceGrantRoutes } from './device-grant';
import { deviceRoutes } from './devices';
import { devRoutes } from './dev';
import { downloadRoutes } from './downloads';
import { emailChangeRoutes } from './email-change';
import { entitlementRoutes } from './entitlement';
import { feedRoutes } from './feeds';
import { healthRoutes } from './health';
import { licenceKeyRoutes } from './licence-keys';
import { passkeyRoutes } from './passkeys';
import { securityRoutes } from './security';
import { paymentRoutes } from './payments';
import { adminReleaseRoutes, changelogRoutes, updateRoutes } from './releases';
import { subscriptionRoutes } from './subscriptions';
import { storageRoutes, uploadRoutes } from './uploads';
import { userRoutes } from './users';
import { webhookRoutes } from './webhooks';

/** Every route module under /api/v1. Each area adds its module here. */
export const API_ROUTES: FastifyPluginAsyncZod[] = [
  healthRoutes,
  authRoutes,
  twoFactorRoutes,
  twoFactorRecoveryRoutes,
  emailChangeRoutes,
  passkeyRoutes,
  securityRoutes,
  dataExportRoutes,
  authAccountRoutes,
  userRoutes,
  devRoutes,
  contactRoutes,
  downloadRoutes,
  changelogRoutes,
  adminContactRoutes,
  adminBillingRoutes,
  adminAuditRoutes,
  adminCustomerRoutes,
  adminMetricsRoutes,
  adminRefundRoutes,
  adminOpenApiRoutes,
  blogRoutes,
  adminBlogRoutes,
  uploadRoutes,
  subscriptionRoutes,
  paymentRoutes,
  webhookRoutes,
  entitlementRoutes,
  deviceRoutes,
  deviceGrantRoutes,
  adminReleaseRoutes,
];

/** Route modules at the site root (feeds, stored files, the licence keys), outside /api/v1. */
export const SITE_ROUTES: FastifyPluginAsyncZod[] = [feedRoutes, storageRoutes, licenceKeyRoutes, updateRoutes];
