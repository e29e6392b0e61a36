/**
 * The reference licence client the desktop program embeds (decision 187). In the program:
 *
 *   const licence = new LicenceClient({ baseUrl: 'https://stealthbrowser.app', pinnedJwks: PINNED_KEYS,
 *     statePath: path.join(app.getPath('userData'), 'licence.json'), hardwareId: machineHash(),
 *     device: { name: os.hostname(), os: osName(), appVersion: app.getVersion() } });
 *   await licence.signInWithBrowser({ onCode: ({ verificationUriComplete, userCode }) => { shell.openExternal(verificationUriComplete); show(userCode); } });
 *   // or, after the password sign-in (POST /auth/login, deviceType desktop): await licence.adoptSession(answer.data);
 *   await licence.activate();
 *   const status = await licence.refresh(); // at start, then about hourly; licence.check() offline at any time
 *   if (!status.licensed || status.action) act(status.action, status.code); // LicenceAction: what to show or open
 */
export { CLOCK_TOLERANCE_SECONDS, LicenceClient, SignInError } from './client';
export type { BrowserSignInCode, LicenceAction, LicenceClientOptions, LicenceCode, LicenceStatus } from './client';
export type { LicenceState } from './state';
export type { LeaseClaims } from '../shared/licence/lease';
export { fileSha512, UpdateClient, UpdateError } from './updates';
export type { UpdateChannel, UpdateClientOptions, UpdateFailure, UpdateInfo } from './updates';
