/** The reference licence client the desktop program embeds (decision 187). */
export { CLOCK_TOLERANCE_SECONDS, LicenceClient, SignInError } from './client';
export type { BrowserSignInCode, LicenceAction, LicenceClientOptions, LicenceCode, LicenceStatus } from './client';
export type { LicenceState } from './state';
export type { LeaseClaims } from '../shared/licence/lease';
