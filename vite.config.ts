import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
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
  },
}));
