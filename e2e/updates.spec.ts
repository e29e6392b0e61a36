import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { LicenceClient, UpdateClient } from '../src/licence-client';
import { inRollout } from '../src/shared/licence/rollout';
import { adminHeaders, expect, grantMonth, saveScreenshot, signedIn, test, USER_PASSWORD, verifiedUser } from './fixtures';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/updates';

/**
 * The desktop program updates itself through the site (decision 190): 1.0.0 is out to everyone and 1.1.0 to half the
 * devices. Two installations of 1.0.0, one whose device falls in the rollout and one outside it, run the reference
 * licence and update clients as the program does; the one inside downloads 1.1.0 in ranges, checks its SHA-512, and
 * reports its new version with its next refresh; the other stays on 1.0.0. The customer sees both on /devices, the
 * changelog lists both releases, and once 1.1.0 is yanked nobody is offered it. Both releases are yanked at the end.
 */

/** The same bytes at every try (a retry finds the releases its first try added): a counter run through SHA-256. */
function installerOf(version: string, size: number): Buffer {
  const out = Buffer.alloc(size);
  for (let at = 0, n = 0; at < size; n++) at += createHash('sha256').update(`${version}:${n}`).digest().copy(out, at);
  return out;
}
const V1 = { version: '1.0.0', bytes: installerOf('1.0.0', 180_000) };
const V2 = { version: '1.1.0', bytes: installerOf('1.1.0', 240_123) };

type Release = { id: string; version: string; channel: string; status: string };
const releasesOf = async (request: APIRequestContext, headers: Record<string, string>) =>
  (await (await request.get('/api/v1/admin/releases', { headers })).json()).data.releases as Release[];

/** Publishes `version` at `rolloutPercent` %: added on a first try, published again on a retry. */
async function publish(request: APIRequestContext, headers: Record<string, string>, r: { version: string; bytes: Buffer }, rolloutPercent: number) {
  let release = (await releasesOf(request, headers)).find((x) => x.version === r.version && x.channel === 'stable');
  if (!release) {
    const res = await request.post('/api/v1/admin/releases', {
      headers,
      multipart: {
        version: r.version,
        notes: `Stealth Browser ${r.version}: the window stays hidden on a second screen.`,
        installer: { name: `Stealth Browser Setup ${r.version}.exe`, mimeType: 'application/octet-stream', buffer: r.bytes },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    release = (await res.json()).data as Release;
  }
  const res = await request.patch(`/api/v1/admin/releases/${release.id}`, { headers, data: { status: 'published', rolloutPercent } });
  expect(res.status()).toBe(200);
  return release.id;
}

test('1.1.0 at 50 %: the device inside the rollout updates and says so, the one outside stays on 1.0.0; yanked, nobody is offered it', async ({
  page,
  request,
  baseURL,
  consoleErrors,
}) => {
  test.slow();
  void consoleErrors;
  const headers = await adminHeaders(request);
  const dir = await mkdtemp(path.join(tmpdir(), 'update-e2e-'));
  try {
    await publish(request, headers, V1, 100);
    const second = await publish(request, headers, V2, 50);

    // A customer with two seats, signed in as the program signs in (the password sign-in, adopted by the client).
    const email = await verifiedUser(page, 'Kavya', 'Rao');
    const login = await request.post('/api/v1/auth/login', { data: { email, password: USER_PASSWORD, deviceType: 'desktop' } });
    const session = (await login.json()).data as { token: string; refreshToken: string; user: { id: string } };
    await grantMonth(request, session.user.id);
    const pinnedJwks = await (await request.get('/.well-known/jwks.json')).json();
    const program = (name: string, appVersion: string) =>
      new LicenceClient({
        baseUrl: baseURL!,
        pinnedJwks,
        statePath: path.join(dir, `${name}.json`),
        hardwareId: `hw-${name}-${session.user.id}`,
        device: { name, os: 'Windows 11 Pro', appVersion },
      });
    const deviceOf = async (name: string) => JSON.parse(await readFile(path.join(dir, `${name}.json`), 'utf8')).device.id as string;

    // Machines are activated until one device falls inside the 50 % and one outside (the site's ids are random); a
    // machine on the same side as one already kept is removed on the web, which frees its seat.
    const kept: Record<'inside' | 'outside', string | null> = { inside: null, outside: null };
    for (let n = 0; n < 12 && !(kept.inside && kept.outside); n++) {
      const name = `Kavya-PC-${n}`;
      const client = program(name, '1.0.0');
      await client.adoptSession(session);
      expect((await client.activate()).licensed).toBe(true);
      const side = inRollout(await deviceOf(name), 50) ? 'inside' : 'outside';
      if (kept[side]) {
        const removed = await request.delete(`/api/v1/devices/${await deviceOf(name)}`, { headers: { authorization: `Bearer ${session.token}` } });
        expect(removed.status()).toBe(200);
      } else kept[side] = name;
    }
    expect(kept.inside && kept.outside, 'a device on each side of the rollout').toBeTruthy();
    const inside = kept.inside!;
    const outside = kept.outside!;

    // Each installation of 1.0.0 asks the feed for its device.
    const updater = new UpdateClient({ baseUrl: baseURL!, currentVersion: '1.0.0', chunkBytes: 64 * 1024 });
    expect(await updater.check(await deviceOf(outside))).toBeNull();
    const update = await updater.check(await deviceOf(inside));
    expect(update).toMatchObject({ version: '1.1.0', size: V2.bytes.length, sha512: createHash('sha512').update(V2.bytes).digest('base64') });
    expect(update!.url).toContain(`/updates/files/${second}/`);
    expect(update!.url).toContain(`device=${await deviceOf(inside)}`);

    // Downloaded in four ranges of 64 KiB, checked against the feed's SHA-512, and kept.
    const ranges: number[] = [];
    const installer = await updater.download(update!, path.join(dir, 'setup-1.1.0.exe'), (got) => ranges.push(got));
    expect(ranges).toEqual([65_536, 131_072, 196_608, 240_123]);
    expect(
      createHash('sha512')
        .update(await readFile(installer))
        .digest('base64'),
    ).toBe(update!.sha512);

    // 1.1.0 runs: its first refresh reports the new version; the one outside refreshes on 1.0.0.
    expect((await program(inside, '1.1.0').refresh()).licensed).toBe(true);
    expect((await program(outside, '1.0.0').refresh()).licensed).toBe(true);
    await signedIn(page, email, '/devices');
    const row = (name: string) => page.getByTestId('device-row').filter({ has: page.getByTestId('device-name').getByText(name, { exact: true }) });
    await expect(row(inside).getByTestId('device-system')).toHaveText('Windows 11 Pro · App 1.1.0');
    await expect(row(outside).getByTestId('device-system')).toHaveText('Windows 11 Pro · App 1.0.0');

    // The changelog lists both, newest first; the footer names the release everyone gets, 1.0.0.
    await page.goto('/changelog');
    await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(/^v1\.1\.0/);
    await expect(page.locator('#v1\\.0\\.0')).toContainText('the window stays hidden on a second screen');
    await expect(page.getByTestId('footer-version')).toHaveText('v1.0.0');
    await page.setViewportSize({ width: 1440, height: 900 });
    await saveScreenshot(page, { path: `${SHOTS}/changelog-1440.png`, fullPage: true });
    await page.goto('/hi/changelog');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('चेंजलॉग');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, { path: `${SHOTS}/changelog-hi-390.png`, fullPage: true });

    // Yanked: the device inside is offered nothing newer than what it runs, and a 1.0.0 inside the rollout nothing at all.
    const yank = await request.patch(`/api/v1/admin/releases/${second}`, { headers, data: { status: 'yanked' } });
    expect(yank.status()).toBe(200);
    expect(await new UpdateClient({ baseUrl: baseURL!, currentVersion: '1.1.0' }).check(await deviceOf(inside))).toBeNull();
    expect(await updater.check(await deviceOf(inside))).toBeNull();
    expect((await request.get(new URL(update!.url).pathname)).status()).toBe(404);
  } finally {
    await rm(dir, { recursive: true, force: true });
    // Whatever happened, the other journeys of this worker's server find no release of this test published.
    for (const r of await releasesOf(request, headers)) {
      if ((r.version === V1.version || r.version === V2.version) && r.status === 'published') {
        await request.patch(`/api/v1/admin/releases/${r.id}`, { headers, data: { status: 'yanked' } });
      }
    }
  }
});
