/**
 * Runs importFile in a worker thread, so a million-row import from the web never blocks the
 * server's event loop. The worker builds its own small knex pool from the database
 * URL; progress comes back as messages. This module is both the launcher and the worker's entry.
 * The CLI uses it too: the main thread stays free to draw progress, and the heap limit keeps the
 * peak memory flat whatever the file's size.
 */
import { isMainThread, type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { InputError } from '../../domain/errors.js';
import { spawnWorker } from './spawn-worker.js';
import type { ImportOptions, ImportOutcome } from './import.js';
import type { Progress } from './pipeline.js';
import type { UploadSummary } from './upload-summary.js';

type WorkerOptions = Omit<ImportOptions, 'onProgress'>;

/**
 * The worker's old-generation heap limit. An import keeps little alive (two batches); without a
 * limit V8 lets garbage pile up to several hundred MB before a full collection. Batches are also
 * capped in bytes (import.ts), so this is ample for any file.
 */
export const WORKER_HEAP_MB = 160;
/**
 * Its young generation (V8's default is 48 MB, mostly empty between collections): every row's
 * strings die young, and a smaller nursery keeps the process under 300 MB with the XLSX reader's
 * thread beside it, for a few more, cheap, scavenges (an import barely slower than at twice the
 * size).
 */
export const WORKER_YOUNG_MB = 8;

type Job =
  | { kind: 'rehber-import'; dbUrl: string; filePath: string; options: WorkerOptions }
  | { kind: 'rehber-summary'; filePath: string };

type Message =
  | { type: 'progress'; progress: Progress }
  | { type: 'done'; result: ImportOutcome | UploadSummary }
  | { type: 'error'; message: string; status?: number };

/** Imports `filePath` in a worker thread; InputErrors keep their status across the thread boundary. */
export function importFileInWorker(
  dbUrl: string,
  filePath: string,
  options: WorkerOptions,
  onProgress?: (p: Progress) => void,
): Promise<ImportOutcome> {
  return runInWorker({ kind: 'rehber-import', dbUrl, filePath, options }, onProgress) as Promise<ImportOutcome>;
}

/** Summarises an uploaded file (format, headers, rows) in a worker thread: no file is parsed on the event loop. */
export function summariseUploadInWorker(filePath: string): Promise<UploadSummary> {
  return runInWorker({ kind: 'rehber-summary', filePath }) as Promise<UploadSummary>;
}

/** An import worker that writes: how to stop it, its last progress, whether its answer came (its thread may still be ending). */
interface WritingImport {
  stop(): Promise<void>;
  progress?: Progress;
  answered?: boolean;
}

/** The import workers of this process that write (not previews): what a shutdown stops. */
const writingImports = new Set<WritingImport>();
/** Rows read by the writing imports of this process since it started, finished ones included. */
let rowsReadByImports = 0;

/**
 * The writing imports this process runs now, their rows per second together (each one's average
 * so far), and the rows all of them have read since the process started: what its metrics show.
 */
export function importActivity(): { running: number; rowsPerSecond: number; rowsRead: number } {
  let running = 0;
  let rowsPerSecond = 0;
  for (const w of writingImports) {
    if (w.answered) continue;
    running++;
    rowsPerSecond += w.progress?.rate ?? 0;
  }
  return { running, rowsPerSecond, rowsRead: rowsReadByImports };
}

/**
 * Stops every import this process runs (a server shutting down): each one's call rejects with a
 * 503 saying so. Returns how many were stopped; their records still say running until the
 * sessions they held end (failOrphanedImports marks them interrupted then). A worker that already
 * answered has finished its import and recorded it, though its thread may still be ending: it is
 * not counted, or the shutdown would wait its whole grace for a record that never says running.
 */
export async function stopRunningImports(): Promise<number> {
  const running = [...writingImports].filter((w) => !w.answered);
  await Promise.all(running.map((w) => w.stop()));
  // An answer that came while its thread was being stopped: that import ended on its own.
  return running.filter((w) => !w.answered).length;
}

function runInWorker(job: Job, onProgress?: (p: Progress) => void): Promise<ImportOutcome | UploadSummary> {
  const worker = spawnWorker(import.meta.url, job, { heapMb: WORKER_HEAP_MB, youngMb: WORKER_YOUNG_MB });
  const writes = job.kind === 'rehber-import' && !job.options.dryRun;
  let stopping = false;
  const handle: WritingImport = {
    async stop() {
      stopping = true;
      await worker.terminate();
    },
  };
  if (writes) writingImports.add(handle);
  worker.once('exit', () => writingImports.delete(handle));
  return new Promise((resolve, reject) => {
    worker.on('message', (m: Message) => {
      if (m.type === 'progress') {
        if (writes) {
          rowsReadByImports += m.progress.rowsRead - (handle.progress?.rowsRead ?? 0);
          handle.progress = m.progress;
        }
        onProgress?.(m.progress);
      } else if (m.type === 'done') {
        handle.answered = true;
        resolve(m.result);
      } else {
        handle.answered = true;
        reject(m.status ? new InputError(m.message, m.status) : new Error(m.message));
      }
    });
    worker.on('error', (err) => {
      handle.answered = true;
      reject(workerFailure(err));
    });
    worker.on('exit', (code) => {
      if (handle.answered) return;
      if (stopping) reject(new InputError('The server is shutting down: this import was stopped and shows as interrupted; run it again', 503));
      else reject(new Error(`The import worker stopped unexpectedly (exit code ${code})`));
    });
  });
}

/**
 * A worker that ran out of heap was reading a file that needs more memory than an import may take
 * (one enormous row, shared strings by the hundred megabytes, a full legacy .xls): the heap limit
 * kept the server safe, and the file is answered like any other too large one, 413, not a 500.
 */
export function workerFailure(err: unknown): unknown {
  if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return new InputError('The file needs more memory to read than an import may use; split it into smaller files or save it as CSV', 413);
  }
  return err;
}

async function runJob(job: Job): Promise<void> {
  const port = parentPort!;
  try {
    const result = job.kind === 'rehber-summary' ? await runSummary(job) : await runImport(job, port);
    port.postMessage({ type: 'done', result } satisfies Message);
  } catch (err) {
    const status = err instanceof InputError ? err.status : undefined;
    port.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err), status } satisfies Message);
  }
}

// The pipeline is loaded by the worker only: the thread that launches it (the CLI drawing
// progress, the web server) would otherwise hold all of its code and data beside the worker's copy.
async function runSummary(job: Extract<Job, { kind: 'rehber-summary' }>): Promise<UploadSummary> {
  const { summariseUpload } = await import('./upload-summary.js');
  return summariseUpload(job.filePath);
}

async function runImport(job: Extract<Job, { kind: 'rehber-import' }>, port: MessagePort): Promise<ImportOutcome> {
  const [{ createDb }, { importFile }, { lowerThreadPriority }] = await Promise.all([
    import('../../db/index.js'), import('./import.js'), import('../store/load-pace.js'),
  ]);
  // This thread only (nice is per thread on Linux): the server's event loop keeps its priority.
  if (job.options.pace) lowerThreadPriority();
  const db = createDb(job.dbUrl, { max: 4 });
  try {
    return await importFile(db, job.filePath, {
      ...job.options,
      onProgress: (progress) => port.postMessage({ type: 'progress', progress } satisfies Message),
    });
  } finally {
    await db.destroy();
  }
}

const kind = (workerData as Job | undefined)?.kind;
if (!isMainThread && (kind === 'rehber-import' || kind === 'rehber-summary')) {
  await runJob(workerData as Job);
}
