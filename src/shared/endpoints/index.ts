import { adminBilling, adminBlog, adminCustomers, adminInbox, adminReleases, adminReports } from './admin';
import { users } from './account';
import { auth } from './auth';
import { entitlement, payments, subscriptions, webhooks } from './billing';
import { dataExport } from './data-export';
import { devMailbox } from './dev';
import { deviceGrant } from './device-grant';
import { devices } from './devices';
import { emailChange } from './email-change';
import { passkeys } from './passkeys';
import { security } from './security';
import { blog, contact, downloads, health } from './site';
import { twoFactor } from './two-factor';
import { twoFactorRecovery } from './two-factor-recovery';

/**
 * Every declared endpoint by area (decision 155), for the server's checks and tests. The browser imports the area it
 * calls (`shared/endpoints/auth`), never this, so a page loads only its own areas' declarations.
 */
export const endpoints = {
  auth,
  twoFactor,
  twoFactorRecovery,
  emailChange,
  passkeys,
  security,
  dataExport,
  users,
  subscriptions,
  payments,
  webhooks,
  entitlement,
  devices,
  deviceGrant,
  health,
  blog,
  contact,
  downloads,
  adminCustomers,
  adminBilling,
  adminBlog,
  adminInbox,
  adminReleases,
  adminReports,
  devMailbox,
};
