/**
 * How `rehber import` shows its work: Ink on a terminal, plain lines for cron and pipes, nothing
 * but the final JSON with --json. The command only calls these hooks.
 */
import { createElement } from 'react';
import type { Progress } from '../data/import/pipeline.js';
import type { ImportResult } from '../domain/types.js';
import type { FinishedFile, ImportViewState } from './ui/import-progress.js';

export interface ImportReporter {
  fileStarted(file: string, index: number, total: number): void;
  progress(p: Progress): void;
  fileDone(file: string, result: ImportResult, elapsedMs: number): void;
  fileFailed(file: string, message: string, elapsedMs: number): void;
  /** The summed result; the reporter prints it (or, with --json, the one JSON object). */
  finish(summary: ImportSummary, elapsedMs: number, files: number): Promise<void>;
}

/** The files' results summed, with the id of each file's import in order. */
export type ImportSummary = ImportResult & { importIds?: number[] };

/** Plain progress lines at most this often: enough for a log, not a flood. */
export const PLAIN_PROGRESS_INTERVAL_MS = 5000;
const INK_REDRAW_MS = 100;

export async function createImportReporter(options: { json: boolean; tty: boolean; out?: NodeJS.WriteStream }): Promise<ImportReporter> {
  const out = options.out ?? process.stdout;
  if (options.json) return jsonReporter(out);
  return options.tty ? inkReporter(out) : plainReporter(out);
}

const n = (v: number) => v.toLocaleString('en-US');
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const resultLine = (r: ImportResult) => `${n(r.imported)} imported, ${n(r.updated)} updated, ${n(r.skipped)} skipped`;

function jsonReporter(out: NodeJS.WritableStream): ImportReporter {
  return {
    fileStarted() {},
    progress() {},
    fileDone() {},
    fileFailed() {},
    async finish(s) {
      const { success, imported, updated, skipped, errors, importIds = [] } = s;
      // The spec's keys first; the ids are what `rehber import undo <id>` takes.
      const ids = importIds.length === 1 ? { importId: importIds[0], importIds } : { importIds };
      out.write(JSON.stringify({ success, imported, updated, skipped, errors, ...ids }) + '\n');
    },
  };
}

export function plainReporter(out: NodeJS.WritableStream): ImportReporter {
  let current = '';
  let lastLine = 0;
  return {
    fileStarted(file, index, total) {
      current = file;
      lastLine = Date.now();
      out.write(`${total > 1 ? `[${index + 1}/${total}] ` : ''}Importing ${file}\n`);
    },
    progress(p) {
      if (p.done || Date.now() - lastLine < PLAIN_PROGRESS_INTERVAL_MS) return;
      lastLine = Date.now();
      const pct = p.bytesTotal > 0 ? Math.floor((p.bytesRead * 100) / p.bytesTotal) : 0;
      out.write(`${current}: ${n(p.rowsRead)} rows (${pct}%), ${n(p.rate)} rows/s, ${secs(p.elapsedMs)}\n`);
    },
    fileDone(file, r, elapsedMs) {
      out.write(`${r.importId === undefined ? '' : `Import ${r.importId}: `}${file}: ${resultLine(r)} in ${secs(elapsedMs)}\n`);
      for (const e of r.errors.slice(0, 20)) out.write(`  ${e}\n`);
      if (r.errors.length > 20) out.write(`  … ${n(r.errors.length - 20)} more\n`);
    },
    fileFailed(file, message) {
      out.write(`${file}: failed: ${message}\n`);
    },
    async finish(s, elapsedMs, files) {
      out.write(`${s.success ? 'Done' : 'Done with rejected rows'}: ${resultLine(s)} (${files} file${files === 1 ? '' : 's'}, ${secs(elapsedMs)})\n`);
    },
  };
}

async function inkReporter(out: NodeJS.WriteStream): Promise<ImportReporter> {
  const { render } = await import('ink');
  const { ImportProgressView } = await import('./ui/import-progress.js');
  const state: ImportViewState = { finished: [] };
  const instance = render(createElement(ImportProgressView, state), { stdout: out, patchConsole: false });
  let last = 0;
  const draw = (force = false) => {
    if (!force && Date.now() - last < INK_REDRAW_MS) return;
    last = Date.now();
    instance.rerender(createElement(ImportProgressView, { ...state, finished: [...state.finished] }));
  };
  const finishFile = (f: FinishedFile) => {
    state.finished.push(f);
    state.current = undefined;
    draw(true);
  };
  return {
    fileStarted(file, index, total) {
      state.current = { file, index, total };
      draw(true);
    },
    progress(p) {
      if (state.current) state.current = { ...state.current, progress: p };
      draw();
    },
    fileDone: (file, result, elapsedMs) => finishFile({ file, result, elapsedMs }),
    fileFailed: (file, message, elapsedMs) => finishFile({ file, message, elapsedMs }),
    async finish(s, elapsedMs, files) {
      state.summary = { ...s, files, elapsedMs };
      draw(true);
      instance.unmount();
      await instance.waitUntilExit();
    },
  };
}
