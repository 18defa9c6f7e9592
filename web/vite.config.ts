import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Two builds: the browser's (dist/web, with a manifest naming each route's chunks for
 * <link rel="modulepreload">) and, with `--ssr src/entry-server.tsx`, the server render's
 * (dist/ssr, imported by server/ssr/renderer.ts; its npm dependencies stay imports).
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: here,
  // The server render bundles React's production build whatever NODE_ENV the server runs with
  // (a development React renders several times slower).
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': path.join(here, 'src'),
      // The pure modules shared with the server (domain/): slug rule, API types, constants.
      '@domain': path.join(here, '..', 'domain'),
    },
  },
  build: isSsrBuild
    ? // One file (route chunks inlined): the server re-imports it whole after a rebuild.
      { outDir: path.join(here, '..', 'dist', 'ssr'), emptyOutDir: true, sourcemap: false, copyPublicDir: false, rollupOptions: { output: { codeSplitting: false } } }
    : { outDir: path.join(here, '..', 'dist', 'web'), emptyOutDir: true, sourcemap: false, manifest: true },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/sitemap': 'http://localhost:3000', '/robots.txt': 'http://localhost:3000' },
  },
}));
