import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { E2E_ADMIN } from './admin-credentials';

export type SignInAnswer = { token: string; refreshToken: string; user: { email: string; id?: string }; signInProof?: string };

/** Keeps a sign-in's answer in the page's storage as the app does after a sign-in (on a page of the site, for its origin). */
export async function keepSession(page: Page, { token, refreshToken, user, signInProof }: SignInAnswer) {
  await page.goto('/privacy-policy');
  await page.evaluate(
    (s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('refreshToken', s.refreshToken);
      localStorage.setItem('user', JSON.stringify(s.user));
      if (s.signInProof) localStorage.setItem('signInProofs', JSON.stringify([[s.user.email, s.signInProof]]));
    },
    { token, refreshToken, user, signInProof },
  );
}

// The e2e admin and two-step verification (decision 193). Every admin acts from a session that passed a second factor,
// and each code of the authenticator works once: one time step (30 s) gives one sign-in. So a worker signs its admin in
// once per server and keeps that session for the journeys that need an admin but are not about signing in; the admin
// is enrolled by the first sign-in on a server (its answer says so: a session instead of a challenge), and the secret
// and the last step used are kept in a file of the worker's, so a worker started again after a failure goes on with them.

const PERIOD_S = 30;
type AdminState = { secret: string; lastStep: number };
const kept = new Map<string, SignInAnswer & { expiresAt: number }>();

const stateFile = (origin: string) => {
  const dir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), 'stealth-e2e-admin');
  mkdirSync(dir, { recursive: true });
  return path.join(dir, `e2e-admin-${new URL(origin).port}.json`);
};
const readState = (origin: string): AdminState | null => {
  try {
    return JSON.parse(readFileSync(stateFile(origin), 'utf8')) as AdminState;
  } catch {
    return null;
  }
};
const writeState = (origin: string, state: AdminState) => writeFileSync(stateFile(origin), JSON.stringify(state));

/**
 * A code of the admin's authenticator that the server has not seen: the earliest time step after the last one used
 * that it takes (one step either side of now). When three sign-ins have used this moment's steps, it waits for the
 * clock to reach the next one, as the admin would.
 */
export async function adminCode(origin: string): Promise<string> {
  const state = readState(origin);
  if (!state) throw new Error(`the e2e admin of ${origin} has no authenticator yet`);
  const step = Math.max(Math.floor(Date.now() / 1000 / PERIOD_S) - 1, state.lastStep + 1);
  const wait = (step - 1) * PERIOD_S * 1000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 50));
  writeState(origin, { ...state, lastStep: step });
  return generateSync({ secret: state.secret, epoch: step * PERIOD_S });
}

/** The origin a request context talks to (its baseURL, which the context does not tell). */
const originOf = async (request: APIRequestContext) => new URL((await request.get('/api/v1/health')).url()).origin;

/** Turns two-step verification on for a session of the admin that has none yet, as the admin area asks; keeps the secret. */
async function enrol(request: APIRequestContext, origin: string, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const setup = await request.post('/api/v1/auth/two-factor/setup', { headers });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()).data as { secret: string };
  writeState(origin, { secret, lastStep: -1 });
  const confirmed = await request.post('/api/v1/auth/two-factor/confirm', { headers, data: { code: await adminCode(origin) } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

/** Signs the e2e admin in through the API (password, then a code; the first time on a server, the enrolment). */
async function adminSignInByApi(request: APIRequestContext, origin: string): Promise<SignInAnswer> {
  const res = await request.post('/api/v1/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password, deviceType: 'web' } });
  expect(res.status(), await res.text()).toBe(200);
  const data = (await res.json()).data as SignInAnswer | { secondFactor: { challenge: string } };
  if (!('secondFactor' in data)) {
    await enrol(request, origin, data.token);
    return data;
  }
  const second = await request.post('/api/v1/auth/login/second-factor', { data: { challenge: data.secondFactor.challenge, code: await adminCode(origin) } });
  expect(second.status(), await second.text()).toBe(200);
  return (await second.json()).data as SignInAnswer;
}

/** When an access token expires (its `exp`), in ms. */
const expiryOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp * 1000;

/**
 * The worker's admin session on the server `request` talks to: kept while it lasts (a journey may sign it out, or a
 * later sign-in displace it), exchanged for a fresh token when less than two minutes are left, else signed in again.
 */
export async function adminSessionData(request: APIRequestContext): Promise<SignInAnswer> {
  const origin = await originOf(request);
  let session = kept.get(origin);
  if (session && session.expiresAt - Date.now() > 120_000) {
    const me = await request.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${session.token}` } });
    if (!me.ok()) session = undefined;
  } else if (session) {
    const refreshed = await request.post('/api/v1/auth/refresh', { data: { refreshToken: session.refreshToken } });
    session = refreshed.ok() ? { ...session, ...((await refreshed.json()).data as { token: string; refreshToken: string }), expiresAt: 0 } : undefined;
  }
  const answer = session ?? (await adminSignInByApi(request, origin));
  const fresh = { ...answer, expiresAt: expiryOf(answer.token) };
  kept.set(origin, fresh);
  return fresh;
}

/** The worker's admin session as an Authorization header, for the admin API. */
export async function adminHeaders(request: APIRequestContext) {
  return { authorization: `Bearer ${(await adminSessionData(request)).token}` };
}

/** The worker's admin session kept in the page's storage, as the app keeps it after a sign-in. */
export async function adminSession(page: Page) {
  await keepSession(page, await adminSessionData(page.request));
}

/** Opens the admin area's dashboard signed in as the e2e admin, with the worker's kept session (see adminSessionData). */
export async function adminSignIn(page: Page) {
  await adminSession(page);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Blog Management' })).toBeVisible();
}

/**
 * Signs the e2e admin in through the admin login page: the password, then a code of the authenticator (on a server
 * where the admin has none yet, the enrolment the admin area asks for first, through its screens), then the dashboard.
 * Each sign-in spends a time step of the authenticator: journeys that are not about signing in use adminSignIn.
 */
export async function adminSignInByForm(page: Page) {
  const origin = await originOf(page.request);
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const codeStep = page.getByRole('heading', { name: 'Two-step verification' });
  const enrolment = page.getByRole('heading', { name: 'Turn on two-step verification' });
  await expect(codeStep.or(enrolment)).toBeVisible();
  if (await enrolment.isVisible()) {
    await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
    const secret = ((await page.getByTestId('two-step-secret').textContent()) ?? '').replace(/\s/g, '');
    writeState(origin, { secret, lastStep: -1 });
    await page.getByLabel('Authentication code').fill(await adminCode(origin));
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
  } else await answerAdminCode(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** Answers the admin login's second step (the admin already has an authenticator: adminSessionData saw to it). */
export async function answerAdminCode(page: Page) {
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await page.getByLabel('Authentication code').fill(await adminCode(await originOf(page.request)));
  await page.getByRole('button', { name: 'Verify' }).click();
}
