import { describe, expect, it, vi } from 'vitest';
import { HYDRATE_SCRIPT } from './hydrate-script';

type PaintCallback = (list: { getEntriesByName: (name: string) => unknown[] }, observer: { disconnect: () => void }) => void;

/** Runs the inline script against a stand-in page; its `import(…)` is recorded instead of fetched. */
function run({ entry, hidden = false, paints = true }: { entry?: string; hidden?: boolean; paints?: boolean }) {
  const imported: string[] = [];
  const observers: PaintCallback[] = [];
  const page = {
    document: { visibilityState: hidden ? 'hidden' : 'visible', getElementById: (id: string) => (id === 'root' ? { dataset: { entry } } : null) },
    window: { PerformanceObserver: { supportedEntryTypes: paints ? ['paint'] : [] } },
    PerformanceObserver: class {
      constructor(callback: PaintCallback) {
        observers.push(callback);
      }
      observe() {}
    },
    load: (url: string) => imported.push(url),
  };
  const code = HYDRATE_SCRIPT.replace('import(e)', 'load(e)');
  expect(code).not.toBe(HYDRATE_SCRIPT);
  new Function(...Object.keys(page), code)(...Object.values(page));
  const paint = () => observers.forEach((callback) => callback({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) }, { disconnect: () => {} }));
  return { imported, paint };
}

describe('the inline script that starts the app on a rendered page', () => {
  it('asks for the entry only after the first contentful paint, and once', () => {
    vi.useFakeTimers();
    try {
      const page = run({ entry: '/assets/index-CTQVNgIS.js' });
      vi.advanceTimersByTime(100);
      expect(page.imported).toEqual([]);
      page.paint();
      vi.advanceTimersByTime(1);
      expect(page.imported).toEqual(['/assets/index-CTQVNgIS.js']);
      vi.advanceTimersByTime(5000);
      expect(page.imported).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks at once in a background tab or a browser without paint timing, and after 2 s whatever the paint', () => {
    vi.useFakeTimers();
    try {
      expect(run({ entry: '/assets/a.js', hidden: true }).imported).toEqual(['/assets/a.js']);
      expect(run({ entry: '/assets/a.js', paints: false }).imported).toEqual(['/assets/a.js']);
      const late = run({ entry: '/assets/a.js' });
      vi.advanceTimersByTime(1999);
      expect(late.imported).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(late.imported).toEqual(['/assets/a.js']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes no other address than a script among the hashed assets', () => {
    for (const entry of [
      undefined,
      '',
      '/assets/../api/v1/health.js',
      'https://evil.example/assets/a.js',
      '//evil.example/a.js',
      '/assets/a.js?x',
      '/src/client/main.tsx',
      'javascript:alert(1)',
    ]) {
      expect(run({ entry, hidden: true }).imported, String(entry)).toEqual([]);
    }
  });
});
