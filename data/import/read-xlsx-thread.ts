/**
 * The XLSX reader in a thread of its own: exceljs inflates and parses the sheet there while the
 * import's thread validates, encodes and loads the rows it has already read, so reading and
 * writing overlap (on two cores, each has one). Rows come over the worker's port in batches of
 * ROWS_PER_MESSAGE, at most BATCHES_AHEAD ahead of the loader, so memory stays flat when the
 * database is the slower side. The reader is read-xlsx.ts, unchanged: the same checks, the same
 * errors (an InputError keeps its status across the thread).
 * This module is both the launcher and the reader thread's entry.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { InputError } from '../../domain/errors.js';
import { spawnWorker } from './spawn-worker.js';
import { NEEDS_MORE_MEMORY_MESSAGE } from './xlsx-xml.js';
import type { RowSource, SheetRow } from './pipeline.js';

/** Rows per message: big enough that posting costs little per row, small enough to start the loader early. */
const ROWS_PER_MESSAGE = 500;
/**
 * Batches the reader may run ahead of the loader. The reader is the slower side (see
 * READER_YOUNG_MB), so rows waiting for the loader only pile up while it waits for the database,
 * when more of them would not make the import faster, only bigger: two batches waiting keep an
 * XLSX import's peak well under four.
 */
const BATCHES_AHEAD = 2;
/**
 * The reader's old-generation heap: exceljs keeps the shared-strings table and little else, and
 * without a limit V8 lets its garbage grow to a couple of hundred MB before collecting.
 */
export const READER_HEAP_MB = 64;
/**
 * Its young generation. exceljs's sheet parse made garbage by the row, and much of it lived just
 * long enough to survive a small nursery's scavenges, so a small nursery spent much of the thread's
 * time collecting. The sheets are now read by xlsx-xml.ts, which makes little garbage. With rows
 * from every country the loader is the slower side (every country's places beside it): a world-
 * shaped sheet imports as fast at 12 MB as at 16, and the process peaks lower at 12 (with the
 * import worker's WORKER_YOUNG_MB at 8). The figures are in docs/performance.md.
 */
const READER_YOUNG_MB = 12;

type ToLoader =
  | { type: 'open'; headers: string[]; bytesTotal: number }
  | { type: 'rows'; rows: SheetRow[]; bytesRead: number }
  | { type: 'end' }
  | { type: 'error'; message: string; status?: number };
type ToReader = { type: 'more' } | { type: 'close' };

interface ReaderJob {
  kind: 'rehber-xlsx-reader';
  filePath: string;
}

export async function openXlsxInThread(filePath: string): Promise<RowSource> {
  const worker = spawnWorker(import.meta.url, { kind: 'rehber-xlsx-reader', filePath }, { heapMb: READER_HEAP_MB, youngMb: READER_YOUNG_MB });
  const inbox: ToLoader[] = [];
  let wake: (() => void) | null = null;
  const deliver = (m: ToLoader) => {
    inbox.push(m);
    wake?.();
    wake = null;
  };
  worker.on('message', deliver);
  worker.on('error', (err: Error & { code?: string }) =>
    deliver(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { type: 'error', message: NEEDS_MORE_MEMORY_MESSAGE, status: 413 } : { type: 'error', message: err.message }),
  );
  worker.on('exit', () => deliver({ type: 'error', message: 'The spreadsheet reader stopped unexpectedly' }));
  const next = async (): Promise<ToLoader> => {
    while (!inbox.length) await new Promise<void>((resolve) => (wake = resolve));
    return inbox.shift()!;
  };
  const fail = (m: Extract<ToLoader, { type: 'error' }>) => (m.status ? new InputError(m.message, m.status) : new Error(m.message));

  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    worker.removeAllListeners('exit');
    worker.postMessage({ type: 'close' } satisfies ToReader);
    await worker.terminate();
  };

  const first = await next();
  if (first.type !== 'open') {
    await close();
    throw first.type === 'error' ? fail(first) : new Error('The spreadsheet reader answered out of turn');
  }
  let bytesRead = 0;
  async function* rows(): AsyncGenerator<SheetRow> {
    try {
      for (;;) {
        const m = await next();
        if (m.type === 'end') return;
        if (m.type === 'error') throw fail(m);
        if (m.type !== 'rows') continue;
        bytesRead = m.bytesRead;
        worker.postMessage({ type: 'more' } satisfies ToReader);
        yield* m.rows;
      }
    } finally {
      await close();
    }
  }
  return { format: 'xlsx', headers: first.headers, rows: rows(), bytesTotal: first.bytesTotal, bytesRead: () => bytesRead, close };
}

/** The reader thread: reads the file with read-xlsx.ts and posts its rows, keeping at most BATCHES_AHEAD unread. */
async function runReader(job: ReaderJob): Promise<void> {
  const port = parentPort!;
  let credit = BATCHES_AHEAD;
  let closing = false;
  let wake: (() => void) | null = null;
  port.on('message', (m: ToReader) => {
    if (m.type === 'more') credit++;
    else closing = true;
    wake?.();
    wake = null;
  });
  const post = (m: ToLoader) => port.postMessage(m);
  try {
    // Loaded here only: the launching thread never needs exceljs.
    const { openXlsx } = await import('./read-xlsx.js');
    const source = await openXlsx(job.filePath);
    post({ type: 'open', headers: source.headers, bytesTotal: source.bytesTotal });
    let batch: SheetRow[] = [];
    const send = async () => {
      while (credit <= 0 && !closing) await new Promise<void>((resolve) => (wake = resolve));
      if (closing) return;
      credit--;
      post({ type: 'rows', rows: batch, bytesRead: source.bytesRead() });
      batch = [];
    };
    try {
      for await (const row of source.rows) {
        batch.push(row);
        if (batch.length >= ROWS_PER_MESSAGE) await send();
        if (closing) break;
      }
      if (batch.length && !closing) await send();
    } finally {
      await source.close();
    }
    post({ type: 'end' });
  } catch (err) {
    post({ type: 'error', message: err instanceof Error ? err.message : String(err), status: err instanceof InputError ? err.status : undefined });
  } finally {
    // Nothing left to wait for: the thread ends once its last message is out.
    port.removeAllListeners('message');
    port.unref();
  }
}


if (!isMainThread && (workerData as ReaderJob | undefined)?.kind === 'rehber-xlsx-reader') {
  await runReader(workerData as ReaderJob);
}
