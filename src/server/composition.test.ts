import { describe, expect, it } from 'vitest';
import { composeContext, CONTEXT_PLUGINS, definePlugin, type ContextPlugin } from './composition';
import type { AppBase } from './context';

const base = { config: {}, database: {}, db: {}, log: {}, draining: false } as unknown as AppBase;

describe('the composition root', () => {
  it('makes the parts in order, each once, and closes them in the reverse order', async () => {
    const events: string[] = [];
    const plugins: ContextPlugin[] = [
      definePlugin({
        name: 'a',
        needs: ['config'],
        provides: ['botCheck'],
        create: () => (events.push('make a'), { botCheck: { enabled: false, siteKey: null, verify: async () => {} } }),
        close: () => void events.push('close a'),
      }),
      definePlugin({
        name: 'b',
        needs: ['botCheck'],
        provides: ['mail'],
        create: ({ botCheck }) => (events.push(`make b after a: ${botCheck.enabled === false}`), { mail: null }),
        close: () => void events.push('close b'),
      }),
    ];
    const { ctx, close } = await composeContext(base, plugins, ['botCheck', 'mail']);
    expect(ctx.mail).toBeNull();
    expect(ctx.config).toBe(base.config);
    await close();
    expect(events).toEqual(['make a', 'make b after a: true', 'close b', 'close a']);
  });

  it('refuses a plugin that needs what no plugin before it provides, and closes what was made', async () => {
    const closed: string[] = [];
    const plugins: ContextPlugin[] = [
      definePlugin({ name: 'mail', needs: [], provides: ['mail'], create: () => ({ mail: null }), close: () => void closed.push('mail') }),
      definePlugin({ name: 'jobs', needs: ['mail', 'payments'], provides: ['jobs'], create: () => ({ jobs: null as never }) }),
    ];
    await expect(composeContext(base, plugins, [])).rejects.toThrow("context plugin 'jobs' needs payments, which no plugin before it provides");
    expect(closed).toEqual(['mail']);
  });

  it('refuses a field provided twice, and a context left without a part', async () => {
    const twice: ContextPlugin[] = [
      definePlugin({ name: 'one', needs: [], provides: ['mail'], create: () => ({ mail: null }) }),
      definePlugin({ name: 'two', needs: [], provides: ['mail'], create: () => ({ mail: null }) }),
    ];
    await expect(composeContext(base, twice, [])).rejects.toThrow("context plugin 'two' provides mail, which is provided already");
    await expect(composeContext(base, [twice[0]], ['mail', 'storage'])).rejects.toThrow('no context plugin provides storage');
  });

  it('closes every part even when one fails, and reports the failure', async () => {
    const closed: string[] = [];
    const plugins: ContextPlugin[] = [
      definePlugin({ name: 'first', needs: [], provides: ['mail'], create: () => ({ mail: null }), close: () => void closed.push('first') }),
      definePlugin({
        name: 'second',
        needs: [],
        provides: ['simulator'],
        create: () => ({ simulator: null }),
        close: () => {
          throw new Error('redis quit failed');
        },
      }),
    ];
    const { close } = await composeContext(base, plugins, []);
    await expect(close()).rejects.toThrow('redis quit failed');
    expect(closed).toEqual(['first']);
  });

  it("the app's plugins declare their needs in an order that works, and provide every part once", () => {
    const filled = new Set<string>(Object.keys(base));
    for (const plugin of CONTEXT_PLUGINS) {
      for (const need of plugin.needs) expect(filled.has(need), `${plugin.name} needs ${need}`).toBe(true);
      for (const key of plugin.provides) {
        expect(filled.has(key), `${key} provided twice`).toBe(false);
        filled.add(key);
      }
    }
    expect([...filled].sort()).toEqual(
      [
        'accessTokens',
        'blogQueries',
        'blogVersion',
        'botCheck',
        'caches',
        'config',
        'database',
        'db',
        'signInProofs',
        'downloadVisitor',
        'draining',
        'hardwareKey',
        'jobs',
        'licenceKeys',
        'limiter',
        'log',
        'mail',
        'payments',
        'readCache',
        'simulator',
        'storage',
        'trialKey',
        'twoFactor',
      ].sort(),
    );
    // The job runner is made last, so it is closed first: no loop runs on a closed part.
    expect(CONTEXT_PLUGINS.at(-1)!.provides).toEqual(['jobs']);
  });
});
