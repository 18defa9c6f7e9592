import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The web client's aliases (web/vite.config.ts), so its unit tests import the shared domain/ modules.
  resolve: { alias: { '@domain': fileURLToPath(new URL('./domain', import.meta.url)), '@': fileURLToPath(new URL('./web/src', import.meta.url)) } },
  test: {
    include: ['{cli,server,db,data,domain,scripts}/**/*.test.{ts,tsx}', 'web/src/**/*.test.{ts,tsx}', 'e2e/**/*.test.ts'],
    exclude: ['node_modules', 'dist'],
    globalSetup: ['scripts/test-global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two cores: more parallel files only add contention with PostgreSQL and Chromium.
    maxWorkers: 2,
  },
});
