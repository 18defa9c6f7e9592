import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import full from './vitest.config.js';

/**
 * The fast lane (`make test-unit`): the pure tests only, with no PostgreSQL and no browser, so it
 * needs no global setup and answers in seconds. A test is left to the full suite (`make test`)
 * when its source names a database, a server, a browser or a child process.
 */
const NEEDS_MORE = /test-db|test-app|useTestDb|startEmbedded|REHBER_TEST_|server-process|createDb|spawn|execFile|admin-client|through-the-index\.fixtures|playwright/;

const root = fileURLToPath(new URL('.', import.meta.url));
const pure = ['cli', 'server', 'db', 'data', 'domain', 'scripts', 'web/src']
  .flatMap((dir) => fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f)))
  .filter((file) => /\.test\.tsx?$/.test(file) && !file.startsWith(path.join('data', 'pg')))
  .filter((file) => !NEEDS_MORE.test(fs.readFileSync(path.join(root, file), 'utf8')));

export default defineConfig({ ...full, test: { ...full.test, include: pure, globalSetup: [] } });
