// The admin area's screens, loaded as one lazy chunk. Other admin screens (messages) add their export here.
export { AdminDashboardPage } from './dashboard';
export { AdminLoginPage } from './login';
export { AdminMessagesPage } from './messages';
export { AdminPostFormPage } from './post-form';
