import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type Router from '@koa/router';
import multer from '@koa/multer';
import type { Context } from 'koa';
import type { AppDeps } from '../../deps.js';
import { connectionUrlOf } from '../../../db/index.js';
import { badRequest, conflict, notFound, tooLarge } from '../../errors.js';
import { sessionOf } from '../../middleware/session.js';
import { undoImport, undoPlan } from '../../../data/store/undo-import.js';
import { adminRouter } from './router.js';
import { idParam } from '../params.js';
import {
  claimUpload, preparePrivateDir, previewUpload, PRIVATE_FILE_MODE, rejectedDirOf, saveUpload, sweepOrphanFiles, sweepRejectedFiles, sweepUploads,
  type UploadOptions,
} from '../../uploads.js';
import { importFileInWorker, summariseUploadInWorker } from '../../../data/import/import-worker.js';
import { type ImportOutcome, rejectedRowsFile } from '../../../data/import/import.js';
import type { ImportPreview, ImportResult, UploadResponse } from '../../../domain/types.js';
import { getImport, importBusinesses, listRecentImports } from '../../../db/queries/imports.js';

/** Recent imports listed on the dashboard. */
export const RECENT_IMPORTS = 20;

/**
 * The admin import endpoints. Imports run in a worker thread with its own
 * pool; it reaches the database through the URL the server's knex was built with.
 */
export function importRoutes(deps: AppDeps): Router {
  const { db, config } = deps;
  const router = adminRouter(deps, { largeBodies: ['/import'] });
  const dbUrl = () => connectionUrlOf(db);
  const upload = multer({
    storage: multer.diskStorage({
      destination: (_req, _file, cb) => {
        preparePrivateDir(config.uploadDir);
        cb(null, config.uploadDir);
      },
      // Never the client's name: the path is ours, the name is only kept for the import record.
      filename: (_req, _file, cb) => cb(null, `upload-${randomBytes(16).toString('hex')}`),
    }),
    limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10 },
  });
  const rejectedDir = () => rejectedDirOf(config.uploadDir);
  const receive = upload.single('file');

  router.post('/upload-excel', async (ctx) => {
    try {
      await receive(ctx, async () => {});
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'LIMIT_FILE_SIZE') throw tooLarge(`File too large: the limit is ${Math.round(config.uploadMaxBytes / (1024 * 1024))} MB`);
      throw badRequest(`Upload failed: ${(err as Error).message}`);
    }
    const file = ctx.file;
    if (!file) throw badRequest('No file uploaded (expected a multipart field named "file")');
    sweepUploads(db)
      .then(() => sweepOrphanFiles(db, config.uploadDir))
      .then(() => sweepRejectedFiles(db, config.uploadDir))
      .catch(() => {});
    try {
      // multer writes with the default mode; the folder (0700) already keeps others out.
      await fs.promises.chmod(file.path, PRIVATE_FILE_MODE);
      const summary = await summariseUploadInWorker(file.path);
      const owner = uploadOwner(ctx);
      const token = await saveUpload(db, { owner, path: file.path, fileName: printable(file.originalname), bytes: file.size });
      const body: UploadResponse = summary.csvData !== undefined
        ? { rowCount: summary.rowCount, filePath: token, csvData: summary.csvData }
        : { rowCount: summary.rowCount, filePath: token, csvHeaders: summary.headers };
      ctx.body = body;
    } catch (err) {
      await fs.promises.rm(file.path, { force: true });
      throw err;
    }
  });

  // What the uploaded file would do, written nowhere. Its options are fixed with the upload under
  // a new token, which the answer carries: the import of that token must ask for the same options.
  router.post('/import-preview', async (ctx) => {
    const { token, options } = uploadRequest(ctx);
    const upload = await previewUpload(db, token, uploadOwner(ctx), options);
    if (!upload) throw badRequest('Unknown or expired upload; upload the file again');
    let r: ImportOutcome;
    try {
      r = await importFileInWorker(dbUrl(), upload.path, { source: 'web', ...webOptions(options), dryRun: true, pace: true });
    } catch (err) {
      await upload.undo();
      throw err;
    }
    const preview: ImportPreview = { ...resultBody(r), importId: undefined, dryRun: true, changes: r.changes ?? [], filePath: upload.token };
    ctx.body = preview;
  });

  router.post('/import-excel-stream', async (ctx) => {
    const { token, options } = uploadRequest(ctx);
    const claimed = await claimUpload(db, token, uploadOwner(ctx), options);
    if (!claimed) throw badRequest('Unknown or expired upload; upload the file again');
    if (claimed === 'other options') {
      throw conflict('This upload was previewed with other options; preview it again with these options before importing');
    }
    if (claimed === 'changed since') throw conflict('The directory changed since this preview; preview the file again before importing');
    try {
      const result = await importFileInWorker(dbUrl(), claimed.path, {
        source: 'web',
        // The merge rule: empty cells keep stored values unless the admin ticked "Empty cells clear values".
        ...webOptions(options),
        // Public reads keep their latency while it runs (data/store/load-pace.ts).
        pace: true,
        rejectedDir: rejectedDir(),
        username: sessionOf(ctx)?.username ?? null,
        fileName: claimed.fileName,
      });
      ctx.body = resultBody(result);
    } finally {
      await fs.promises.rm(claimed.path, { force: true });
    }
  });

  router.post('/import', async (ctx) => {
    const csvData = (ctx.request.body as { csvData?: unknown } | undefined)?.csvData;
    if (typeof csvData !== 'string' || !csvData.trim()) throw badRequest('csvData (the CSV text) is required');
    preparePrivateDir(config.uploadDir);
    const file = path.join(config.uploadDir, `paste-${randomBytes(16).toString('hex')}.csv`);
    await fs.promises.writeFile(file, csvData, { encoding: 'utf8', mode: PRIVATE_FILE_MODE });
    try {
      // Insert mode: this call never changes an existing business.
      const result = await importFileInWorker(dbUrl(), file, {
        source: 'web',
        mode: 'insert',
        pace: true,
        rejectedDir: rejectedDir(),
        username: sessionOf(ctx)?.username ?? null,
        fileName: 'pasted.csv',
      });
      ctx.body = resultBody(result);
    } finally {
      await fs.promises.rm(file, { force: true });
    }
  });

  router.get('/imports', async (ctx) => {
    ctx.body = await listRecentImports(db, RECENT_IMPORTS);
  });

  // What an undo would do now: the dialog shows it, and asks for the count typed over the threshold.
  router.get('/imports/:id/undo', async (ctx) => {
    ctx.body = await undoPlan(db, idParam(ctx.params.id));
  });

  // Undo an import: its new businesses go, the values it changed come back (data/store/undo-import.ts).
  // Its rejected rows go too: they belonged to an import that no longer counts.
  router.post('/imports/:id/undo', async (ctx) => {
    const id = idParam(ctx.params.id);
    const confirmCount = (ctx.request.body as { confirmCount?: unknown } | undefined)?.confirmCount;
    if (confirmCount !== undefined && !(Number.isSafeInteger(confirmCount) && (confirmCount as number) >= 0)) {
      throw badRequest('confirmCount must be the number of businesses the undo removes');
    }
    ctx.body = await undoImport(db, id, sessionOf(ctx)?.username ?? null, { confirmCount: confirmCount as number | undefined });
    await fs.promises.rm(rejectedRowsFile(rejectedDir(), id), { force: true });
  });

  // The rejected rows of an import, as a CSV to fix and import again (404 when it had none).
  router.get('/imports/:id/rejected', async (ctx) => {
    const id = idParam(ctx.params.id);
    const file = rejectedRowsFile(rejectedDir(), id);
    // An undone import's file may outlive it until the sweep (an undo from the CLI): never served.
    const record = await getImport(db, id);
    const stat = record && !record.undoneAt ? await fs.promises.stat(file).catch(() => null) : null;
    if (!stat) throw notFound('This import has no rejected rows to download');
    ctx.set('Content-Disposition', `attachment; filename="rejected-rows-import-${id}.csv"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'text/csv; charset=utf-8';
    ctx.length = stat.size;
    ctx.body = fs.createReadStream(file);
  });

  router.get('/imports/:id/businesses', async (ctx) => {
    const id = idParam(ctx.params.id);
    if (!(await getImport(db, id))) throw notFound('Import not found');
    ctx.body = await importBusinesses(db, id);
  });

  router.get('/imports/:id', async (ctx) => {
    const record = await getImport(db, idParam(ctx.params.id));
    if (!record) throw notFound('Import not found');
    ctx.body = record;
  });

  return router;
}

const resultBody = ({ success, imported, updated, skipped, unchanged, rejected, importId, errors }: ImportOutcome): ImportResult => ({
  success, imported, updated, skipped, unchanged, rejected, importId, errors,
});

/**
 * The body of a call on an upload: its token and the options that change its outcome. The
 * dashboard's imports are upserts with a detected encoding; only clear-empty is the admin's choice.
 */
function uploadRequest(ctx: Context): { token: string; options: UploadOptions } {
  const body = ctx.request.body as { filePath?: unknown; clearEmpty?: unknown } | undefined;
  const token = body?.filePath;
  if (typeof token !== 'string' || !token) throw badRequest('filePath (an upload token) is required');
  if (body?.clearEmpty !== undefined && typeof body.clearEmpty !== 'boolean') throw badRequest('clearEmpty must be true or false');
  return { token, options: { mode: 'upsert', clearEmpty: body?.clearEmpty === true, encoding: null } };
}

const webOptions = ({ mode, clearEmpty, encoding }: UploadOptions) => ({ mode, clearEmpty, encoding: encoding ?? undefined });

/** A random key kept in the session: upload tokens are bound to it, so another session's token is refused. */
function uploadOwner(ctx: Context): string {
  const session = (ctx as unknown as { session: { uploadOwner?: string } | null }).session;
  if (!session) throw badRequest('No session');
  session.uploadOwner ??= randomUUID();
  return session.uploadOwner;
}

/** The client's file name for the import record: control characters (a NUL included) dropped. */
function printable(name: string): string {
  const kept = [...name].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('');
  return kept || 'upload';
}
