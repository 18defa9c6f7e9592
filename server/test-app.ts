import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDb, type TestDb } from '../db/test-db.js';
import { createApp } from './app.js';
import { testConfig, type Config } from './config.js';
import { PHOTO_CACHE_MAX_MB } from '../data/photos/limits.js';
import { createAppServer } from './start.js';
import { listenOn } from './listen-on.js';
import { listenMetrics } from './metrics.js';

/** For tests: the real app on a fresh database, listening on a free loopback port. */
export interface TestApp {
  url: string;
  db: TestDb['db'];
  dbUrl: string;
  config: Config;
  /** After a test wrote to the database directly: the app's caches follow before the next request. */
  settle(): Promise<void>;
  /** GET this for the app's metrics, when `metrics` was in the overrides (their own listener on a free loopback port). */
  metricsUrl?: string;
  /** What SIGTERM does first: the app answers not ready from now on. */
  beginShutdown(): void;
  close(): Promise<void>;
}

export async function startTestApp(overrides: Partial<Config> = {}, options: { logger?: Logger; clock?: () => Date } = {}): Promise<TestApp> {
  const t = await createTestDb();
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-uploads-'));
  const photoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-photo-cache-'));
  const config = testConfig({ uploadDir, photos: { cacheDir: photoDir, allowPrivateHosts: false, maxBytes: PHOTO_CACHE_MAX_MB * 1024 * 1024 }, ...overrides });
  const app = createApp({ db: t.db, config, logger: options.logger, clock: options.clock });
  const server = createAppServer(app, config);
  await listenOn(server, { port: 0, host: '127.0.0.1' });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const metricsServer = app.metrics ? await listenMetrics(app.metrics.registry, { port: 0, host: '127.0.0.1' }) : null;
  config.publicBaseUrl = overrides.publicBaseUrl ?? url;
  return {
    url,
    db: t.db,
    dbUrl: t.url,
    config,
    metricsUrl: metricsServer ? `http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}/metrics` : undefined,
    settle: () => app.dataVersion.refresh(),
    beginShutdown: () => app.readiness.beginShutdown(),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      metricsServer?.closeAllConnections();
      await new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(null)));
      await app.dataVersion.stop();
      await t.drop();
      fs.rmSync(uploadDir, { recursive: true, force: true });
      fs.rmSync(photoDir, { recursive: true, force: true });
    },
  };
}
