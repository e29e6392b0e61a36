import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshState, loadState, saveState } from './state';

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'licence-state-'));
  file = path.join(dir, 'nested', 'licence.json');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the licence state file', () => {
  it('missing: a fresh state with a new random install id', async () => {
    const a = await loadState(file);
    const b = await loadState(file);
    expect(a).toMatchObject({ version: 1, session: null, device: null, lease: null, lastServerTime: null });
    expect(a.installId).toMatch(/^inst-[A-Za-z0-9_-]{22}$/);
    expect(b.installId).not.toBe(a.installId);
  });

  it('is written whole, mode 0600, with no temporary file left beside it, and read back as written', async () => {
    const state = {
      ...freshState(),
      session: { accessToken: 'a.b.c', refreshToken: 'r1', account: 'u1' },
      device: { id: 'd1', hardwareId: 'hw-1' },
      lease: 'x.y.z',
      lastServerTime: 1_800_000_000,
    };
    await saveState(file, state);
    await saveState(file, { ...state, lease: 'x.y.w' });
    expect(await loadState(file)).toEqual({ ...state, lease: 'x.y.w' });
    expect(await readdir(path.dirname(file))).toEqual(['licence.json']);
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('corrupt: a fresh state that keeps the install id when it can be read', async () => {
    const kept = freshState('inst-keepMe12345');
    await saveState(file, { ...kept, device: { id: 'd1', hardwareId: 'hw' }, lease: 'x.y.z' });
    const whole = await readFile(file, 'utf8');

    // Cut short mid-way (not JSON any more), the install id still in the text.
    await writeFile(file, whole.slice(0, whole.indexOf('"device"') + 12));
    expect(await loadState(file)).toEqual(freshState('inst-keepMe12345'));

    // JSON, but a part of it is not what the client writes.
    await writeFile(file, JSON.stringify({ ...kept, device: { id: 7 } }));
    expect(await loadState(file)).toEqual(freshState('inst-keepMe12345'));

    // Nothing readable: a new install id.
    await writeFile(file, '\u0000\u0001garbage');
    const fresh = await loadState(file);
    expect(fresh.installId).not.toBe('inst-keepMe12345');
    expect(fresh).toMatchObject({ session: null, device: null, lease: null });
  });
});
