/**
 * SERVER_PROCESSES above 1: one server on several cores. This process, the primary, prepares the
 * database once (migrations, the sample, the admin) and forks that many workers; it listens on the
 * port and hands each connection to the worker holding the fewest (connection-handoff.ts), and each
 * serves exactly what a single process serves. Nothing a request needs lives in one process only:
 * sessions, imports, sitemaps and the login limits are in PostgreSQL, and every process's caches
 * follow the data version, which each hears of from PostgreSQL when any process writes.
 *
 * The primary serves no request. It hands the workers the database it opened (the embedded server
 * it started, or DATABASE_URL) and the session secret (one generated per process would sign a
 * cookie no other worker accepts), replaces a worker that dies, answers /metrics as the sum over
 * the workers, and on shutdown lets each worker drain before it stops the database.
 */
import cluster, { type Worker } from 'node:cluster';
import type http from 'node:http';
import { AggregatorRegistry } from 'prom-client';
import { openDatabase } from '../db/index.js';
import { errorLine } from '../domain/errors.js';
import { readConfig } from './config.js';
import { connectionHandoff, type Handoff } from './connection-handoff.js';
import { listenMetrics } from './metrics.js';
import { adminFromEnv, hostUrl, keepDatabaseWhileServing, listenError, openAndServe, prepareDatabase, SHUTDOWN_GRACE_MS, type Print, type RunningServer } from './start.js';

/** The workers' one listener, as the handoff names it. */
const APP = 'app';
/** A worker that could not start says why in this message before it exits. */
const FAILED = 'rehber:worker-failed';
/** A worker that died while serving is replaced after this pause (a crash at once again does not spin). */
const RESPAWN_MS = 1_000;

export async function startProcesses(env: NodeJS.ProcessEnv, print: Print): Promise<RunningServer> {
  const config = readConfig(env);
  const admin = adminFromEnv(env);
  const database = await openDatabase(config.db);
  let metricsServer: http.Server | null = null;
  let stopping = false;
  const handoff = connectionHandoff(APP);
  try {
    await prepareDatabase(database.db, config, admin, print);
    const workerEnv = { ...env, DATABASE_URL: database.url, SESSION_SECRET: config.sessionSecret };
    const fork = () => accepting(cluster.fork(workerEnv), handoff);
    await Promise.all(Array.from({ length: config.processes }, fork));
    const port = await handoff.listen(config.port, config.host).catch((err: NodeJS.ErrnoException) => {
      throw listenError(err, config.port, config.host);
    });
    cluster.on('exit', (worker, code, signal) => {
      if (stopping) return;
      print(`rehber: a server process (pid ${worker.process.pid}) ended (${signal ?? `exit ${code}`}): starting another`);
      setTimeout(() => {
        if (!stopping) fork().catch((err: unknown) => print(`rehber: ${errorLine(err)}`));
      }, RESPAWN_MS);
    });
    if (config.metrics) {
      const aggregator = new AggregatorRegistry();
      metricsServer = await listenMetrics({ metrics: () => aggregator.clusterMetrics(), contentType: aggregator.contentType }, config.metrics);
      print(`rehber serves metrics on ${hostUrl(config.metrics.host, (metricsServer.address() as { port: number }).port)}/metrics`);
    }
    const url = hostUrl(config.host, port);
    print(`rehber is serving ${url} from ${config.processes} processes`);
    const background = keepDatabaseWhileServing(database.db, print);
    return {
      url,
      async close() {
        stopping = true;
        print('rehber is shutting down: finishing requests in flight');
        handoff.close();
        await Promise.all(Object.values(cluster.workers ?? {}).map((w) => (w ? ended(w) : undefined)));
        if (metricsServer) {
          metricsServer.closeAllConnections();
          await new Promise((resolve) => metricsServer?.close(resolve));
        }
        await background;
        await database.close();
      },
    };
  } catch (err) {
    stopping = true;
    handoff.close();
    await Promise.all(Object.values(cluster.workers ?? {}).map((w) => (w ? ended(w) : undefined)));
    metricsServer?.close();
    await database.close().catch(() => {});
    throw err;
  }
}

/** Resolves once a new worker accepts connections; rejects with its own reason when it fails to start. */
function accepting(worker: Worker, handoff: Handoff): Promise<void> {
  return new Promise((resolve, reject) => {
    let reason = 'a server process failed to start';
    const failed = (message: unknown) => {
      const m = message as { type?: string; line?: string };
      if (m?.type === FAILED && m.line) reason = m.line;
    };
    worker.on('message', failed);
    const exited = () => reject(new Error(reason));
    worker.once('exit', exited);
    void handoff.accepting(worker).then(() => {
      worker.off('exit', exited);
      worker.off('message', failed);
      resolve();
    });
  });
}

/** Asks a worker to drain and stop, and waits until it has; one that hangs past the grace is killed. */
function ended(worker: Worker): Promise<void> {
  if (worker.isDead()) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => worker.process.kill('SIGKILL'), SHUTDOWN_GRACE_MS + 5_000);
    worker.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    worker.process.kill('SIGTERM');
  });
}

/** A worker: the app on the database and with the secret its primary handed over, serving the connections it hands on. */
export function startWorker(env: NodeJS.ProcessEnv, print: Print): Promise<RunningServer> {
  return openAndServe(readConfig(env), { metrics: false, print, handed: APP });
}

/** In a worker that failed to start: its reason goes to the primary, which prints it once. */
export function reportWorkerFailure(line: string): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) resolve();
    else process.send({ type: FAILED, line }, () => resolve());
  });
}
