import os from 'node:os';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without types
import { LOADED_ON_FIRST_USE, serverBundles } from '../../scripts/server-bundle.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The outputs a start of the server reads: main.js and what it imports statically, transitively. */
function loadedAtStart(meta: Metafile, entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const input of Object.keys(meta.outputs[file].inputs)) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];
      if (pkg) packages.add(pkg);
    }
    for (const imp of meta.outputs[file].imports) {
      if (imp.kind !== 'import-statement' && imp.kind !== 'require-call') continue;
      if (imp.external) packages.add(imp.path.startsWith('@') ? imp.path.split('/').slice(0, 2).join('/') : imp.path.split('/')[0]);
      else visit(imp.path);
    }
  };
  visit(entry);
  return { files, packages };
}

describe('what a start of the built server loads (decision 092)', () => {
  it('leaves SMTP, the payment SDK, the HTML sanitizer, the disposable-domain list, Swagger UI and argon2 to their first use', async () => {
    const outDir = path.join(os.tmpdir(), 'stealth-start-weight');
    const [server] = serverBundles(ROOT, outDir) as Parameters<typeof build>[0][];
    const result = await build({ ...server, write: false, metafile: true, sourcemap: false, logLevel: 'error' });
    const entry = Object.keys(result.metafile.outputs).find((file) => file.endsWith('/main.js'))!;
    const { packages } = loadedAtStart(result.metafile, entry);
    expect((LOADED_ON_FIRST_USE as string[]).filter((pkg) => packages.has(pkg))).toEqual([]);
    // Each is still part of the build, in a chunk of its own or from node_modules.
    expect(packages.has('fastify')).toBe(true);
    const everywhere = new Set(
      Object.values(result.metafile.outputs)
        .flatMap((o) => [...Object.keys(o.inputs), ...o.imports.map((i) => i.path)])
        .map((p) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(p)?.[1] ?? p),
    );
    for (const pkg of ['nodemailer', 'razorpay', 'sanitize-html', 'disposable-email-domains-js']) expect(everywhere.has(pkg), pkg).toBe(true);
  }, 60_000);
});
