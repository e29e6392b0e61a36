import type { JSONWebKeySet } from 'jose';
import { isTooOld } from '../shared/licence/app-version';
import { LeaseError, verifyLease, type LeaseClaims, type LeaseRefusal } from '../shared/licence/lease';
import { freshState, loadState, saveState, type LicenceState } from './state';

/**
 * The reference licence client the desktop program embeds (decision 187): it signs in (through the system browser,
 * RFC 8628, or by adopting the password sign-in's tokens), activates this machine, refreshes its lease, keeps all of it
 * in one state file and verifies the lease offline against the keys the program pins. Node's built-ins and `jose`
 * (through the shared lease module) only: no Electron, no other package.
 */

/** The default skew forgiven between the program's clock and the server's, both ways (decision 187). */
export const CLOCK_TOLERANCE_SECONDS = 300;

export type LicenceClientOptions = {
  /** The site, e.g. https://stealthbrowser.app: the API is under /api/v1. */
  baseUrl: string;
  /** The lease's `iss` (the site's PUBLIC_URL); baseUrl unless given. */
  issuer?: string;
  /**
   * The public keys the program trusts, built into it (the site's /.well-known/jwks.json at release time: current and
   * next). Only these verify a lease; a key is never trusted because the server served it.
   */
  pinnedJwks: JSONWebKeySet;
  /** The state file (in the program's user data folder). */
  statePath: string;
  /** A hash of this machine the program computes (its hardware id); the server keeps only an HMAC of it. */
  hardwareId: string;
  /** What the user sees in their device list, and the program's version. */
  device: { name: string; os: string; appVersion: string };
  /** The program's language, for the browser approval page (en, hi, es, fr). */
  locale?: string;
  fetch?: typeof fetch;
  /** Milliseconds since 1970 (Date.now unless given: tests turn it). */
  now?: () => number;
  /** Waits between polls of the browser sign-in. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  clockToleranceSeconds?: number;
};

/** What the program must do now. */
export type LicenceAction =
  /** Sign in (through the browser, or the password sign-in then adoptSession). */
  | 'sign_in'
  /** Activate this machine (activate()). */
  | 'activate'
  /** The trial or plan ended: open the pricing page. */
  | 'choose_plan'
  /** Every seat is in use: open the account's Devices page to remove one, then refresh. */
  | 'free_a_seat'
  /** This version is too old, or does not know the key the site signs with now: install the update. */
  | 'update'
  /** The system clock is earlier than a time the site already gave: set it right. */
  | 'fix_clock'
  /** The lease ran out while offline: connect and refresh. */
  | 'go_online';

/** Why: a refusal of the server (its code), a lease not accepted offline, or what this installation lacks. */
export type LicenceCode =
  | 'NO_ENTITLEMENT'
  | 'DEVICE_REMOVED'
  | 'DEVICE_HARDWARE_MISMATCH'
  | 'TOO_MANY_DEVICES'
  | 'APP_TOO_OLD'
  | 'ACCOUNT_CLOSED'
  | 'SIGNED_OUT'
  | 'NOT_SIGNED_IN'
  | 'NOT_ACTIVATED'
  | LeaseRefusal;

export type LicenceStatus = {
  /** Whether the program may run now: a lease that verifies offline. */
  licensed: boolean;
  /** The lease's claims when licensed. */
  claims: LeaseClaims | null;
  /** What the program must do (null: nothing); with `licensed` true it is a warning (sign in again before the lease ends). */
  action: LicenceAction | null;
  code: LicenceCode | null;
  /** The server's message in English (the program shows its own text for `code`), and its params. */
  message?: string;
  params?: Record<string, unknown>;
  /** The last call could not reach the site (network error or a 5xx): the stored lease holds until its exp. */
  offline: boolean;
};

/** What the server's refusals of activation and refresh mean, and what each forgets (decision 187). */
const REFUSALS: Record<string, { action: LicenceAction; forget: Array<'lease' | 'device' | 'session'> }> = {
  NO_ENTITLEMENT: { action: 'choose_plan', forget: ['lease'] },
  TOO_MANY_DEVICES: { action: 'free_a_seat', forget: ['lease'] },
  APP_TOO_OLD: { action: 'update', forget: ['lease'] },
  DEVICE_REMOVED: { action: 'activate', forget: ['lease', 'device'] },
  // The device is another machine's (a copied state file): this machine activates itself.
  DEVICE_HARDWARE_MISMATCH: { action: 'activate', forget: ['lease', 'device'] },
  ACCOUNT_CLOSED: { action: 'sign_in', forget: ['lease', 'device', 'session'] },
};

export type BrowserSignInCode = {
  /** What the user checks on the approval page: XXXX-XXXX. */
  userCode: string;
  verificationUri: string;
  /** Open this in the system browser: the approval page with the code filled in. */
  verificationUriComplete: string;
  expiresIn: number;
};

/** Why the browser sign-in ended without a session: the user denied it, its code expired, or it was cancelled. */
export class SignInError extends Error {
  constructor(
    readonly reason: 'access_denied' | 'expired_token' | 'invalid_grant' | 'aborted' | 'refused',
    message: string,
  ) {
    super(message);
  }
}

type Envelope = { success: boolean; data?: unknown; error?: string; code?: string; params?: Record<string, unknown>; message?: string };
/** An answer of the site, or `offline` when it could not be reached (a network error, a 5xx, a 429). */
type Answer = { offline: true } | { offline: false; status: number; body: Envelope & Record<string, unknown> };

const realSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new SignInError('aborted', 'the sign-in was cancelled'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new SignInError('aborted', 'the sign-in was cancelled'));
      },
      { once: true },
    );
  });

/** The account (`sub`) an access token is of, read without verifying it (the server verifies it). */
function accountOf(accessToken: string): string | null {
  try {
    const sub = (JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub?: unknown }).sub;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}

export class LicenceClient {
  private readonly opts: Required<Omit<LicenceClientOptions, 'locale'>> & { locale?: string };
  private state: LicenceState | null = null;
  /** Every call that reads or writes the state runs after the one before it. */
  private queue: Promise<unknown> = Promise.resolve();
  private refreshing: Promise<LicenceStatus> | null = null;

  constructor(options: LicenceClientOptions) {
    const baseUrl = options.baseUrl.replace(/\/+$/, '');
    // Each default by `??`: an option given as undefined (an unset setting) never switches a check off (the issuer's).
    this.opts = {
      ...options,
      baseUrl,
      issuer: options.issuer ?? baseUrl,
      fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
      now: options.now ?? Date.now,
      sleep: options.sleep ?? realSleep,
      clockToleranceSeconds: options.clockToleranceSeconds ?? CLOCK_TOLERANCE_SECONDS,
    };
  }

  /** Runs `work` after every call before it, on the loaded state. */
  private serial<T>(work: (state: LicenceState) => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      this.state ??= await loadState(this.opts.statePath);
      return work(this.state);
    });
    this.queue = run.catch(() => {});
    return run;
  }

  private async save(): Promise<void> {
    if (this.state) await saveState(this.opts.statePath, this.state);
  }

  private nowSeconds(): number {
    return Math.floor(this.opts.now() / 1000);
  }

  /** The install id (made on the first use, kept in the state file). */
  installId(): Promise<string> {
    return this.serial(async (state) => {
      await this.save();
      return state.installId;
    });
  }

  // ---- Sign-in -------------------------------------------------------------------------------------------------------

  /** Takes the tokens of the password sign-in (POST /auth/login with deviceType desktop), as today's programs sign in. */
  adoptSession(tokens: { token: string; refreshToken: string }): Promise<void> {
    return this.serial((state) => this.keepSession(state, tokens.token, tokens.refreshToken));
  }

  /** A session of another account than the device's: the device and its lease were that account's, so they go. */
  private async keepSession(state: LicenceState, accessToken: string, refreshToken: string): Promise<void> {
    const account = accountOf(accessToken);
    if (state.session?.account && account && state.session.account !== account) {
      state.device = null;
      state.lease = null;
    }
    state.session = { accessToken, refreshToken, account };
    await this.save();
  }

  /**
   * Signs in through the system browser (RFC 8628): asks the site for a code, gives it to `onCode` (the program opens
   * `verificationUriComplete` in the browser and shows `userCode`), then polls at the interval the site gave, 5 s
   * longer after each slow_down, until the user approves (the session is kept), denies (SignInError access_denied) or
   * the code expires (expired_token). A network failure while polling is waited out until the code expires.
   */
  async signInWithBrowser(opts: { onCode: (code: BrowserSignInCode) => void | Promise<void>; signal?: AbortSignal }): Promise<void> {
    const form: Record<string, string> = { client_id: 'stealth-browser-desktop', device_name: this.opts.device.name, device_os: this.opts.device.os };
    if (this.opts.locale) form.ui_locales = this.opts.locale;
    const started = await this.call('POST', '/auth/device/code', { form });
    if (started.offline) throw new SignInError('refused', 'the site could not be reached');
    const code = started.body as unknown as {
      device_code: string;
      user_code: string;
      verification_uri: string;
      verification_uri_complete: string;
      expires_in: number;
      interval: number;
    };
    if (started.status !== 200 || typeof code.device_code !== 'string') throw new SignInError('refused', `the site refused the sign-in (${started.status})`);
    await opts.onCode({ userCode: code.user_code, verificationUri: code.verification_uri, verificationUriComplete: code.verification_uri_complete, expiresIn: code.expires_in });
    const deadline = this.opts.now() + code.expires_in * 1000;
    let interval = Math.max(1, code.interval || 5);
    for (;;) {
      await this.opts.sleep(interval * 1000, opts.signal);
      if (this.opts.now() >= deadline) throw new SignInError('expired_token', 'the code expired before it was approved');
      const polled = await this.call('POST', '/auth/device/token', { form: { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: code.device_code } });
      if (polled.offline) continue;
      const body = polled.body as unknown as { access_token?: string; refresh_token?: string; error?: string; interval?: number; error_description?: string; message?: string };
      if (polled.status === 200 && body.access_token && body.refresh_token) {
        const { access_token, refresh_token } = body;
        await this.serial((state) => this.keepSession(state, access_token, refresh_token));
        return;
      }
      switch (body.error) {
        case 'authorization_pending':
          continue;
        case 'slow_down':
          interval = Math.max(interval + 5, body.interval ?? 0);
          continue;
        case 'access_denied':
          throw new SignInError('access_denied', 'the sign-in was denied in the browser');
        case 'expired_token':
          throw new SignInError('expired_token', 'the code expired before it was approved');
        case 'invalid_grant':
          throw new SignInError('invalid_grant', body.error_description ?? 'the code is no longer valid');
        default:
          throw new SignInError('refused', body.error_description ?? body.message ?? `the site refused the sign-in (${polled.status})`);
      }
    }
  }

  /** Forgets the session here (the lease stays until its end) and ends it at the site when reachable. */
  signOut(): Promise<void> {
    return this.serial(async (state) => {
      const session = state.session;
      state.session = null;
      await this.save();
      if (session) await this.call('POST', '/auth/logout', { token: session.accessToken, json: { deviceType: 'desktop' } });
    });
  }

  // ---- Licence -------------------------------------------------------------------------------------------------------

  /** Activates this machine: the install id, the program's hardware id, name, OS and version; its first lease. */
  activate(): Promise<LicenceStatus> {
    return this.serial(async (state) => {
      if (!state.session) return this.offlineStatus(state, { offline: false });
      const { name, os, appVersion } = this.opts.device;
      const body = { installId: state.installId, hardwareId: this.opts.hardwareId, name, os, appVersion };
      const answer = await this.authed(state, 'POST', '/devices', body);
      return this.afterLeaseAnswer(state, answer, 201);
    });
  }

  /**
   * Asks the site for a new lease for this device (at start, then about every hour while running). Calls made while one
   * runs share its answer: one request. The codes the site may refuse with, and what each forgets, are REFUSALS; a
   * site that cannot be reached leaves the stored lease valid until its end.
   */
  refresh(): Promise<LicenceStatus> {
    this.refreshing ??= this.serial(async (state) => {
      if (!state.device || state.device.hardwareId !== this.opts.hardwareId || !state.session) return this.offlineStatus(state, { offline: false });
      const answer = await this.authed(state, 'POST', `/devices/${encodeURIComponent(state.device.id)}/lease`, {
        hardwareId: this.opts.hardwareId,
        appVersion: this.opts.device.appVersion,
      });
      return this.afterLeaseAnswer(state, answer, 200);
    }).finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** The licence now, offline: the stored lease verified against the pinned keys and the clock. No request. */
  check(): Promise<LicenceStatus> {
    return this.serial(async (state) => this.offlineStatus(state, { offline: false }));
  }

  /** Forgets the session, the device and the lease (the install id stays): the program starts over. */
  reset(): Promise<void> {
    return this.serial(async (state) => {
      this.state = freshState(state.installId);
      await this.save();
    });
  }

  /** The stored lease, verified: the status the program runs by when no answer of the site says otherwise. */
  private async offlineStatus(state: LicenceState, extra: { offline: boolean; warn?: Pick<LicenceStatus, 'action' | 'code' | 'message' | 'params'> }): Promise<LicenceStatus> {
    const base = { offline: extra.offline };
    if (!state.device || state.device.hardwareId !== this.opts.hardwareId || !state.lease) {
      if (extra.warn) return { ...base, licensed: false, claims: null, ...extra.warn };
      if (!state.session) return { ...base, licensed: false, claims: null, action: 'sign_in', code: 'NOT_SIGNED_IN' };
      return { ...base, licensed: false, claims: null, action: 'activate', code: 'NOT_ACTIVATED' };
    }
    try {
      const claims = await this.verify(state, state.lease);
      if (isTooOld(this.opts.device.appVersion, claims.min_app_version)) {
        return { ...base, licensed: false, claims: null, action: 'update', code: 'APP_TOO_OLD', params: { minVersion: claims.min_app_version } };
      }
      if (extra.warn) return { ...base, licensed: true, claims, ...extra.warn };
      if (!state.session) return { ...base, licensed: true, claims, action: 'sign_in', code: 'SIGNED_OUT' };
      return { ...base, licensed: true, claims, action: null, code: null };
    } catch (err) {
      if (!(err instanceof LeaseError)) throw err;
      if (err.reason === 'CLOCK_TURNED_BACK') return { ...base, licensed: false, claims: null, action: 'fix_clock', code: err.reason, message: err.message };
      if (err.reason === 'EXPIRED') {
        if (extra.warn) return { ...base, licensed: false, claims: null, ...extra.warn };
        return { ...base, licensed: false, claims: null, action: state.session ? 'go_online' : 'sign_in', code: err.reason, message: err.message };
      }
      // Not signed by a pinned key, or not a lease: it verifies nothing, and goes.
      state.lease = null;
      await this.save();
      return { ...base, licensed: false, claims: null, action: err.reason === 'UNKNOWN_KEY' ? 'update' : 'activate', code: err.reason, message: err.message };
    }
  }

  /** verifyLease against the pinned keys, the clock (with the tolerance) and the latest server time; and this device's. */
  private async verify(state: LicenceState, lease: string): Promise<LeaseClaims> {
    const claims = await verifyLease(lease, this.opts.pinnedJwks, {
      now: this.nowSeconds(),
      issuer: this.opts.issuer,
      lastServerTime: state.lastServerTime ?? undefined,
      clockToleranceSeconds: this.opts.clockToleranceSeconds,
    });
    if (claims.dev !== state.device?.id) throw new LeaseError('MALFORMED', 'the lease is for another device');
    return claims;
  }

  /** An answer to an activation or a refresh: the new lease kept if it verifies, or the refusal acted on. */
  private async afterLeaseAnswer(state: LicenceState, answer: Answer, okStatus: number): Promise<LicenceStatus> {
    if (answer.offline) return this.offlineStatus(state, { offline: true });
    const { status, body } = answer;
    if (status === okStatus && body.success) {
      const data = body.data as { device: { id: string }; lease: string };
      const previous = state.device;
      state.device = { id: data.device.id, hardwareId: this.opts.hardwareId };
      try {
        const claims = await this.verify(state, data.lease);
        state.lease = data.lease;
        state.lastServerTime = Math.max(state.lastServerTime ?? 0, claims.iat);
        await this.save();
        return this.offlineStatus(state, { offline: false });
      } catch (err) {
        if (!(err instanceof LeaseError)) throw err;
        // A lease this program cannot verify (a key it does not pin: the site rotated before this version knew the
        // key) replaces nothing: the stored lease holds until its end, and the program must update.
        if (previous?.id !== data.device.id) state.lease = null;
        await this.save();
        const action: LicenceAction = err.reason === 'UNKNOWN_KEY' ? 'update' : err.reason === 'CLOCK_TURNED_BACK' ? 'fix_clock' : 'go_online';
        return this.offlineStatus(state, { offline: false, warn: { action, code: err.reason, message: err.message } });
      }
    }
    const code = body.code ?? body.error ?? '';
    const refusal = REFUSALS[code] ?? (code === 'DEVICE_NOT_FOUND' ? REFUSALS.DEVICE_REMOVED : undefined);
    if (refusal) {
      if (refusal.forget.includes('lease')) state.lease = null;
      if (refusal.forget.includes('device')) state.device = null;
      if (refusal.forget.includes('session')) state.session = null;
      await this.save();
      const known = (code === 'DEVICE_NOT_FOUND' ? 'DEVICE_REMOVED' : code) as LicenceCode;
      return { licensed: false, claims: null, offline: false, action: refusal.action, code: known, message: body.message, params: body.params };
    }
    if (status === 401) {
      // The session ended (signed out from the web, displaced, the password changed): the lease holds until its end.
      state.session = null;
      await this.save();
      return this.offlineStatus(state, { offline: false, warn: { action: 'sign_in', code: 'SIGNED_OUT', message: body.message } });
    }
    // Any other refusal (a rate limit is offline already): nothing the program can act on; the lease holds.
    return this.offlineStatus(state, { offline: true });
  }

  // ---- HTTP ----------------------------------------------------------------------------------------------------------

  /** A signed-in call: on TOKEN_EXPIRED the session is refreshed at /auth/refresh once and the call made again. */
  private async authed(state: LicenceState, method: string, path: string, json: unknown): Promise<Answer> {
    const session = state.session!;
    const first = await this.call(method, path, { token: session.accessToken, json });
    if (first.offline || first.status !== 401 || first.body.code !== 'TOKEN_EXPIRED') return first;
    const renewed = await this.call('POST', '/auth/refresh', { json: { refreshToken: session.refreshToken } });
    if (renewed.offline) return renewed;
    if (renewed.status !== 200 || !renewed.body.success) return renewed;
    const pair = renewed.body.data as { token: string; refreshToken: string };
    state.session = { accessToken: pair.token, refreshToken: pair.refreshToken, account: session.account ?? accountOf(pair.token) };
    await this.save();
    return this.call(method, path, { token: pair.token, json });
  }

  private async call(method: string, path: string, opts: { token?: string; json?: unknown; form?: Record<string, string> }): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'application/json' };
    let body: string | undefined;
    if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(opts.form).toString();
    } else if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    }
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let res: Response;
    try {
      res = await this.opts.fetch(`${this.opts.baseUrl}/api/v1${path}`, { method, headers, body });
    } catch {
      return { offline: true };
    }
    if (res.status >= 500 || res.status === 429) return { offline: true };
    let parsed: unknown;
    try {
      parsed = await res.json();
    } catch {
      return { offline: true };
    }
    return { offline: false, status: res.status, body: (parsed ?? {}) as Envelope & Record<string, unknown> };
  }
}
