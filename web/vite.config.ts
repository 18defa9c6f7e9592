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
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': path.join(here, 'src'),
      // The few pure modules shared with the server: slug rule, API types, constants.
      '@data': path.join(here, '..', 'data'),
    },
  },
  build: isSsrBuild
    ? { outDir: path.join(here, '..', 'dist', 'ssr'), emptyOutDir: true, sourcemap: false, copyPublicDir: false }
    : { outDir: path.join(here, '..', 'dist', 'web'), emptyOutDir: true, sourcemap: false, manifest: true },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/sitemap': 'http://localhost:3000', '/robots.txt': 'http://localhost:3000' },
  },
}));
