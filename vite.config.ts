import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFile } from 'node:fs/promises';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { defineConfig, type Plugin } from 'vite';
import { DECLARATION_MODULE, browserCopy } from './src/shared/endpoints/browser-copy';

/**
 * The text catalogs (src/shared/i18n/catalogs/<area>/<locale>.json, decision 090) compiled at build time, as Lingui's
 * own Vite plugin does for its .po files: the browser then needs no message parser.
 */
function compiledCatalogs(): Plugin {
  const CATALOG = /\/src\/shared\/i18n\/catalogs\/[a-z-]+\/[a-z]{2}\.json$/;
  return {
    name: 'compiled-catalogs',
    enforce: 'pre',
    async load(id) {
      if (!CATALOG.test(id)) return null;
      const messages = JSON.parse(await readFile(id, 'utf8')) as Record<string, string>;
      // Always the compiled form (an array): Lingui takes a plain string for a text still to compile. As a module of
      // one default export parsed at once (no export per key, which would repeat every key).
      const compiled = JSON.stringify(Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, compileMessage(text)])));
      return { code: `export default JSON.parse(${JSON.stringify(compiled)});`, moduleType: 'js' };
    },
  };
}

/** The endpoint declarations without their schemas' loader and /api/docs texts in the browser's build (src/shared/endpoints/browser-copy.ts). */
function endpointsForTheBrowser(): Plugin {
  return {
    name: 'endpoints-for-the-browser',
    enforce: 'pre',
    transform(code, id, options) {
      if (options?.ssr || !DECLARATION_MODULE.test(id)) return null;
      return { code: browserCopy(code), map: null };
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [compiledCatalogs(), endpointsForTheBrowser(), react(), tailwindcss()],
  publicDir: 'src/client/public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    target: isSsrBuild ? 'node20' : 'es2022',
    assetsInlineLimit: 0,
    // The server build (src/client/entry-server.tsx) needs neither the public files nor a manifest of its own.
    copyPublicDir: !isSsrBuild,
    // The server reads .vite/manifest.json to name each page's chunks in <link rel="modulepreload">.
    manifest: !isSsrBuild,
    // The framework (React, the router, Lingui's runtime) in one chunk: every page needs all of it, and one file
    // weighs less compressed than its pieces apart.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|@lingui[\\/]core)[\\/]/, priority: 10 },
                // What the footer (in the app's chunk) and the landing page both read, the installer's config and the
                // shared reads: one chunk rather than three small ones on every public page.
                { name: 'shared-reads', test: /src[\\/]client[\\/](api[\\/]use-fetched|features[\\/]landing[\\/]use-downloads-config|ssr[\\/]initial-data)\.tsx?$/, priority: 5 },
              ],
            },
          },
        },
  },
}));
