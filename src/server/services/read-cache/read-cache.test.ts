import { describe, expect, it } from 'vitest';
import { createReadCache, READ_CACHE_TTL_MS, type SessionCheckRow } from './read-cache';

/** A database whose listener the test drives: notify() delivers a change, lose()/restore() the connection. */
function fakeDatabase() {
  let onNotify: (payload: string | null) => void = () => {};
  let onListening: (listening: boolean) => void = () => {};
  return {
    listen: async (_channel: string, notify: (payload: string | null) => void, listening?: (now: boolean) => void) => {
      onNotify = notify;
      onListening = listening ?? (() => {});
      return async () => {};
    },
    notify: (payload = '') => onNotify(payload),
    lose: () => {
      onListening(false);
      onNotify(null);
    },
    restore: () => {
      onListening(true);
      onNotify(null);
    },
  };
}

const row = { session: { id: 's1' }, user: { id: 'u1' }, role: 'user' } as unknown as SessionCheckRow;

/** A session lookup that counts its reads; hold() makes the next read wait until released. */
function fakeLookup() {
  let held: Promise<void> | null = null;
  const lookup = {
    reads: 0,
    execute: async () => {
      lookup.reads++;
      if (held) await held;
      return [row];
    },
    hold: () => {
      let release = () => {};
      held = new Promise<void>((r) => (release = r));
      return () => {
        held = null;
        release();
      };
    },
  };
  return lookup;
}

const noDb = { execute: async () => ({}) } as never;

describe('session checks kept briefly (decision 091)', () => {
  it('answers from memory until told of a change, then reads again', async () => {
    const database = fakeDatabase();
    const lookup = fakeLookup();
    const checks = await createReadCache(database, noDb, lookup);
    expect(await checks.session('s1')).toBe(row);
    expect(await checks.session('s1')).toBe(row);
    expect(lookup.reads).toBe(1);
    database.notify();
    expect(checks.size).toBe(0);
    await checks.session('s1');
    expect(lookup.reads).toBe(2);
  });

  it('keeps a check no longer than the TTL when no notification comes (one lost while the connection looked alive)', async () => {
    let clock = 50_000;
    const lookup = fakeLookup();
    const checks = await createReadCache(fakeDatabase(), noDb, lookup, { now: () => clock });
    await checks.session('s1');
    clock += READ_CACHE_TTL_MS - 1;
    await checks.session('s1');
    expect(lookup.reads).toBe(1);
    clock += 2;
    await checks.session('s1');
    expect(lookup.reads).toBe(2);
  });

  it('trusts nothing while the listening connection is lost: every check is read, until it listens again', async () => {
    const database = fakeDatabase();
    const lookup = fakeLookup();
    const checks = await createReadCache(database, noDb, lookup);
    await checks.session('s1');
    database.lose();
    expect(checks.trusted()).toBe(false);
    expect(checks.size).toBe(0);
    await checks.session('s1');
    await checks.session('s1');
    expect(lookup.reads).toBe(3);
    expect(checks.size).toBe(0);
    database.restore();
    expect(checks.trusted()).toBe(true);
    await checks.session('s1');
    await checks.session('s1');
    expect(lookup.reads).toBe(4);
  });

  it('does not keep a check read before a change it was told of meanwhile', async () => {
    const database = fakeDatabase();
    const lookup = fakeLookup();
    const checks = await createReadCache(database, noDb, lookup);
    const release = lookup.hold();
    const reading = checks.session('s1');
    database.notify();
    release();
    expect(await reading).toBe(row);
    expect(checks.size).toBe(0);
    await checks.session('s1');
    expect(lookup.reads).toBe(2);
  });

  it('a write answered here forgets everything kept, and what the instance is told after that is read again', async () => {
    const lookup = fakeLookup();
    const checks = await createReadCache(fakeDatabase(), noDb, lookup);
    await checks.session('s1');
    checks.forget();
    await checks.session('s1');
    expect(lookup.reads).toBe(2);
  });

  it("a customer's own write forgets their checks and reads alone; everyone else's stay", async () => {
    const users: Record<string, string> = { s1: 'u1', s2: 'u1', s3: 'u2' };
    const reads: string[] = [];
    const lookup = {
      execute: async ({ sid }: { sid: string }) => (reads.push(sid), [{ session: { id: sid }, user: { id: users[sid] }, role: 'user' } as unknown as SessionCheckRow]),
    };
    const checks = await createReadCache(fakeDatabase(), noDb, lookup as never);
    for (const sid of ['s1', 's2', 's3']) await checks.session(sid);
    let usage = 0;
    const recent = (user: string) => checks.keep(`recent-usage:${user}`, async () => ++usage);
    await recent('u1');
    await recent('u2');
    checks.forgetUser('u1');
    expect(checks.size).toBe(1);
    for (const sid of ['s1', 's2', 's3']) await checks.session(sid);
    expect(reads).toEqual(['s1', 's2', 's3', 's1', 's2']);
    expect([await recent('u1'), await recent('u2')]).toEqual([3, 2]);
    // Read again, they are forgotten again; u2's stay through both.
    checks.forgetUser('u1');
    for (const sid of ['s1', 's2', 's3']) await checks.session(sid);
    expect(reads).toEqual(['s1', 's2', 's3', 's1', 's2', 's1', 's2']);
  });

  it('a check being read while its user writes is answered but not kept', async () => {
    const lookup = fakeLookup();
    const checks = await createReadCache(fakeDatabase(), noDb, lookup);
    const release = lookup.hold();
    const reading = checks.session('s1');
    checks.forgetUser('u1');
    release();
    expect(await reading).toBe(row);
    expect(checks.size).toBe(0);
  });

  it("a payload naming a user's registered read forgets it alone; one naming nothing registered forgets everything", async () => {
    const database = fakeDatabase();
    const lookup = fakeLookup();
    const checks = await createReadCache(database, noDb, lookup);
    await checks.session('s1');
    let usage = 0;
    const recent = (user: string) => checks.keep(`recent-usage:${user}`, async () => ++usage);
    await recent('u1');
    await recent('u2');
    database.notify('recent-usage:u1');
    expect([await recent('u1'), await recent('u2')]).toEqual([3, 2]);
    expect(lookup.reads).toBe(1);
    database.notify('settle:123:1');
    expect([await recent('u1'), await recent('u2')]).toEqual([3, 2]);
    database.notify('unregistered:u1');
    expect([await recent('u1'), await recent('u2')]).toEqual([4, 5]);
    await checks.session('s1');
    expect(lookup.reads).toBe(2);
  });
});
