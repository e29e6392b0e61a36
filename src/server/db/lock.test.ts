import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'lock-test-'));

describe('data directory lock', () => {
  it('refuses a directory held by another live process, naming it and saying what to do', () => {
    const dir = tmp();
    writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another server process \(pid \d+\)\. Stop that process first/);
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.ppid));
  });

  it('takes over a lock left by a process that died, and releases it', () => {
    const dir = tmp();
    writeFileSync(path.join(dir, 'server.lock'), '999999');
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });
});
