// The admin area's screens, loaded as one lazy chunk. Other admin screens (messages) add their export here.
export { AdminAuditLogPage } from './audit-log';
export { AdminCustomerPage } from './customer';
export { AdminCustomersPage } from './customers';
export { AdminDashboardPage } from './dashboard';
export { AdminLoginPage } from './login';
export { AdminMessagesPage } from './messages';
export { AdminOverviewPage } from './overview-page';
export { AdminPostFormPage } from './post-form';
export { AdminReleasesPage } from './releases';
