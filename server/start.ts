import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { AggregatorRegistry } from 'prom-client';
import type { AddressInfo } from 'node:net';
import { openDatabase, openReplica, type Db } from '../db/index.js';
import { migrateLatest } from '../db/migrate.js';
import { refreshZoneOffsets } from '../data/store/zone-offsets.js';
import { hasBusinesses } from '../db/queries/businesses.js';
import { countUsers, verifyUser } from '../db/queries/users.js';
import { setAdminPassword } from '../data/store/accounts.js';
import { checkPassword, checkUsername } from '../domain/accounts.js';
import { failOrphanedImports } from '../db/queries/imports.js';
import { stopRunningImports } from '../data/import/import-worker.js';
import { loadSample } from '../data/samples/sample.js';
import { repairIndexesUnlessBulkLoading } from '../data/store/load.js';
import { createApp } from './app.js';
import { readConfig, type Config } from './config.js';
import { sweepOrphanFiles, sweepRejectedFiles } from './uploads.js';
import { applyServerTimeouts } from './middleware/body-deadline.js';
import { answerClientErrors } from './client-errors.js';
import { errorLine } from '../domain/errors.js';
import { serveHandedConnections } from './connection-handoff.js';
import { listenMetrics } from './metrics.js';
import { listenOn } from './listen-on.js';

export interface RunningServer {
  url: string;
  /** Stops accepting requests, then closes the database (stopping the embedded server we started). */
  close(): Promise<void>;
}

export type Print = (line: string) => void;

/**
 * The `make start` / `rehber serve` flow: config, database, migrations, the sample
 * directory into an empty database, an admin account, then listen. Throws on bad config or an
 * unreachable database, with a message fit for one line.
 */
export async function startServer(env: NodeJS.ProcessEnv = process.env, print: Print = (l) => process.stdout.write(`${l}\n`)): Promise<RunningServer> {
  const config = readConfig(env);
  const admin = adminFromEnv(env);
  const running = await openAndServe(config, {
    metrics: true,
    print,
    prepare: (db) => prepareDatabase(db, config, admin, print),
    whileServing: (db) => keepDatabaseWhileServing(db, print),
  });
  print(`rehber is serving ${running.url}`);
  return {
    url: running.url,
    async close() {
      print('rehber is shutting down: finishing requests in flight');
      await running.close();
    },
  };
}

/**
 * The database of `config` opened (`prepare` run on it first), the app served on it, then
 * `whileServing` started; close() drains the app, waits for that work, then closes the database.
 * A failure on the way closes what was opened.
 */
export async function openAndServe(
  config: Config,
  options: { metrics: boolean; print: Print; handed?: string; prepare?: (db: Db) => Promise<void>; whileServing?: (db: Db) => Promise<void> },
): Promise<RunningServer> {
  const database = await openDatabase(config.db);
  try {
    await options.prepare?.(database.db);
    const served = await serveApp(database.db, config, options);
    const background = options.whileServing?.(database.db);
    return {
      url: served.url,
      async close() {
        await served.close();
        await background;
        await database.close();
      },
    };
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}

/**
 * What runs once before any request is served, however many processes serve them: migrations,
 * repairs after a crash, the sample directory into an empty database, the admin account.
 */
export async function prepareDatabase(db: Db, config: Config, admin: { username: string; password: string } | undefined, print: Print): Promise<void> {
  await migrateLatest(db);
  // A bulk import killed before it rebuilt its dropped indexes would leave every page slow.
  await repairIndexesUnlessBulkLoading(db);
  // Imports whose process died show as interrupted at once; the files they held are swept.
  await failOrphanedImports(db);
  await sweepOrphanFiles(db, config.uploadDir);
  await sweepRejectedFiles(db, config.uploadDir);
  if (!(await hasBusinesses(db))) {
    const { imported } = await loadSample(db);
    print(`Loaded the sample directory: ${imported} businesses`);
  }
  await ensureAdmin(db, admin, print);
}

/**
 * What runs once the server serves, once however many processes serve: work that requests do
 * not wait for. Cities' zone offsets are brought to this runtime's zone data (or open-now
 * searches test every week, right but slower); working them out takes about 2 ms a zone in use,
 * a second or so at the million, and a zone whose rules changed rewrites its businesses' hours.
 * Until it is done the read service, which checks the offsets each minute, reads without the hour
 * where they fall short. Never rejects: a failure is one printed line, and the next start tries again.
 */
export async function keepDatabaseWhileServing(db: Db, print: Print): Promise<void> {
  try {
    const written = await refreshZoneOffsets(db);
    if (written) print(`Brought ${written} cities' zone offsets to this runtime's zone data`);
  } catch (err) {
    print(`rehber: cities' zone offsets were left as they were: ${errorLine(err)}`);
  }
}

/**
 * The app on `db`, listening on PORT (in a worker of several processes, on the port they share):
 * its own metrics listener unless the processes' primary serves them, and a close() that drains
 * the requests in flight and stops this process's imports, leaving `db` open.
 */
export async function serveApp(db: Db, config: Config, options: { metrics: boolean; print: Print; handed?: string }): Promise<RunningServer> {
  const { print } = options;
  let readDb: Db | undefined;
  try {
    // After the migrations: a replica replays them, and is checked for the data version's table.
    if (config.replicaUrl) readDb = await openReplica(config.replicaUrl);
    const app = createApp({ db, readDb, config });
    const metricsServer = app.metrics && config.metrics && options.metrics ? await listenMetrics(app.metrics.registry, config.metrics) : null;
    if (metricsServer && config.metrics) print(`rehber serves metrics on ${hostUrl(config.metrics.host, (metricsServer.address() as AddressInfo).port)}/metrics`);
    // Several processes: the primary asks each for its figures and adds them up. A worker answers
    // once prom-client's aggregator exists in it (its constructor starts listening to the primary).
    if (app.metrics && !options.metrics) {
      new AggregatorRegistry();
      AggregatorRegistry.setRegistries([app.metrics.registry]);
    }
    const server = createAppServer(app, config);
    // A worker of several processes is handed its connections by the primary (connection-handoff.ts).
    const handed = options.handed ? await serveHandedConnections(server, options.handed) : undefined;
    if (!handed) await listen(server, config.port, config.host);
    const { port } = server.address() as AddressInfo;
    return {
      url: hostUrl(config.host, port),
      async close() {
        // Not ready first, so a balancer probing /readyz stops sending before the listener goes.
        app.readiness.beginShutdown();
        const drained = Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), handed?.drained()]);
        // Keep-alive sockets would hold close() open until they time out: each goes once idle.
        const idle = setInterval(() => server.closeIdleConnections(), 100);
        server.closeIdleConnections();
        const cut = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
        try {
          const stopped = await stopRunningImports();
          if (stopped) print(`Interrupted ${await markInterrupted(db, stopped)} of ${stopped} running imports`);
          await drained;
        } finally {
          clearInterval(idle);
          clearTimeout(cut);
        }
        // Scraped until the requests in flight are done: a shutdown's last figures can still be read.
        if (metricsServer) {
          metricsServer.closeAllConnections();
          await new Promise((resolve) => metricsServer.close(resolve));
        }
        await app.dataVersion.stop();
        await readDb?.destroy();
      },
    };
  } catch (err) {
    await readDb?.destroy().catch(() => {});
    throw err;
  }
}

/**
 * How long a shutdown waits for requests in flight before cutting their connections: under the
 * 30 s most orchestrators wait between SIGTERM and SIGKILL.
 */
export const SHUTDOWN_GRACE_MS = 20_000;

/**
 * An import stopped by a shutdown keeps its record's lock until PostgreSQL ends the session its
 * worker held (at once, or when a statement it was waiting on returns): its record is marked
 * interrupted as soon as that lock goes, within the shutdown's grace.
 */
async function markInterrupted(db: Db, stopped: number): Promise<number> {
  const deadline = performance.now() + SHUTDOWN_GRACE_MS;
  let marked = 0;
  while (marked < stopped && performance.now() < deadline) {
    marked += await failOrphanedImports(db);
    if (marked < stopped) await new Promise((r) => setTimeout(r, 100));
  }
  return marked;
}

/**
 * ADMIN_USERNAME/ADMIN_PASSWORD, checked by the rules of `rehber user add` before anything starts:
 * a bad value stops start-up with one line naming it.
 */
export function adminFromEnv(env: NodeJS.ProcessEnv): { username: string; password: string } | undefined {
  const username = env.ADMIN_USERNAME ?? '';
  const password = env.ADMIN_PASSWORD ?? '';
  if (!username.trim() && !password) return undefined;
  if (!username.trim() || !password) throw new Error('ADMIN_USERNAME and ADMIN_PASSWORD must be set together');
  return { username: named('ADMIN_USERNAME', () => checkUsername(username)), password: named('ADMIN_PASSWORD', () => checkPassword(password)) };
}

function named<T>(variable: string, check: () => T): T {
  try {
    return check();
  } catch (err) {
    throw new Error(`Invalid ${variable}: ${(err as Error).message}`, { cause: err });
  }
}

/**
 * The admin of ADMIN_USERNAME/ADMIN_PASSWORD is created, or reset (ending its sessions) when the
 * password differs from the stored one: a server restarted with the same environment signs nobody
 * out. Otherwise, when there is no user at all, 'admin' gets a generated password printed once
 * (never a fixed default).
 */
export async function ensureAdmin(db: Db, admin: { username: string; password: string } | undefined, print: Print): Promise<void> {
  if (admin) {
    if (!(await verifyUser(db, admin.username, admin.password))) await setAdminPassword(db, admin.username, admin.password);
    return;
  }
  if ((await countUsers(db)) > 0) return;
  const generated = randomBytes(18).toString('base64url');
  await setAdminPassword(db, 'admin', generated);
  print(`Admin: admin / ${generated} (shown once; change it with \`rehber user add admin\`)`);
}

/** Why a listener on `port` and `host` could not start, in one line when the port is taken. */
export const listenError = (err: NodeJS.ErrnoException, port: number, host: string): Error =>
  err.code === 'EADDRINUSE' ? new Error(`Port ${port} on ${host} is already in use (set PORT)`) : err;

/**
 * The HTTP server of `app`, not yet listening: the one made by the server and by the tests, with
 * Node's timeouts as the body limits set them and the answers to requests Node cannot read.
 */
export function createAppServer(app: { callback(): http.RequestListener }, config: Pick<Config, 'bodyLimits' | 'uploadMaxBytes'>): http.Server {
  const server = http.createServer(app.callback());
  applyServerTimeouts(server, config.bodyLimits, config.uploadMaxBytes);
  answerClientErrors(server);
  return server;
}

export const hostUrl = (host: string, port: number) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

const listen = (server: http.Server, port: number, host: string): Promise<void> =>
  listenOn(server, { port, host }).catch((err: NodeJS.ErrnoException) => {
    throw listenError(err, port, host);
  });
