// How the server is bundled (decision 076), shared by scripts/build.mjs and the test of what a start loads
// (src/server/start-weight.test.ts).
import path from 'node:path';

/** Packages the server bundle leaves to node_modules (see serverBundle). */
export const SERVER_EXTERNAL = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'pdfkit',
  '@fastify/swagger-ui',
  '@aws-sdk/*',
  'ioredis',
  'pg',
  'pg-native',
  'drizzle-orm/pglite',
  'drizzle-orm/node-postgres',
  'pino',
  'thread-stream',
  'pino-pretty',
  'vite',
  '@fastify/middie',
  'lightningcss',
  'esbuild',
];

/** What a start must not load: each is loaded with its first use (import() in its adapter or service, decision 092). */
export const LOADED_ON_FIRST_USE = [
  'nodemailer',
  'razorpay',
  'axios',
  'sanitize-html',
  'disposable-email-domains-js',
  '@fastify/swagger-ui',
  '@node-rs/argon2',
  'pdfkit',
  '@aws-sdk/client-s3',
  'ioredis',
];

/**
 * esbuild's options for the server programs, written to `outDir`: the server (main.js) and the admin CLI
 * (admin-create.js) side by side, so both find the files the build copies next to them.
 */
export function serverBundles(root, outDir) {
  const common = {
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Dependencies are bundled too (decision 076): Node then loads one file at start instead of some 2 000 modules,
    // which was most of the time to the first answer. Kept outside: what reads its own files or loads native or
    // WebAssembly code beside it, and what the server loads only when used (S3, Redis, the driver not in use).
    external: SERVER_EXTERNAL,
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    sourcemap: 'linked',
    logLevel: 'warning',
    entryNames: '[name]',
  };
  return [
    // The server: what a module loads with import() (SMTP, the Razorpay SDK, the HTML sanitizer, the catalogs of
    // each language…) goes to a chunk of its own beside main.js (the same folder, so import.meta.url still finds the
    // copied files), which a start neither reads nor compiles (decision 092).
    { ...common, entryPoints: [path.join(root, 'src/server/main.ts')], splitting: true, chunkNames: '[name]-[hash]' },
    // The admin CLI, one file.
    { ...common, entryPoints: [path.join(root, 'src/server/cli/admin-create.ts')] },
    // The licence key maker (decision 183), one file.
    { ...common, entryPoints: [path.join(root, 'src/server/cli/licence-key.ts')] },
  ];
}
