/**
 * Uploaded import files: where they are and who may import them; what the admin page needs to know
 * of one first is data/import/upload-summary.ts, run in a worker. The client only ever sees an
 * opaque token, bound to the uploader's session and resolvable by any server process (the table
 * lives in PostgreSQL, db/queries/uploads.ts).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/index.js';
import { importTimes } from '../db/queries/imports.js';
import { deleteUploadsBefore, insertUpload, markUploadPreviewed, uploadPaths, type UploadOptions } from '../db/queries/uploads.js';

export type { UploadOptions } from '../db/queries/uploads.js';

/** An unrecorded file in the upload folder younger than this may still be in use. */
export const UPLOAD_ORPHAN_GRACE_MS = 10 * 60 * 1000;
/** Uploads never imported are removed after this long. */
export const UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** An import's rejected rows stay downloadable this long (docs/security-photos.md). */
export const REJECTED_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Uploads and rejected rows are whole directories of people's data: only the server's own user reads them. */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** Rejected rows of web imports are kept beside the uploads (the orphan sweep reads only the top level). */
export const rejectedDirOf = (uploadDir: string) => path.join(uploadDir, 'rejected');

/**
 * Makes `dir` (and its parents) if missing, and private even when an earlier version made it
 * world-readable. A folder the operator gave to another owner keeps the modes they chose.
 */
export function preparePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  try {
    fs.chmodSync(dir, PRIVATE_DIR_MODE);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') throw err;
  }
}

export const newToken = () => randomBytes(24).toString('base64url');

export async function saveUpload(db: Db, fields: { owner: string; path: string; fileName: string; bytes: number }): Promise<string> {
  const token = newToken();
  await insertUpload(db, token, fields);
  return token;
}

// One import per upload, and it does what its preview showed.
export { claimUpload } from '../db/queries/uploads.js';

/**
 * Fixes the options of upload `token` for its preview, and the data version the preview reads
 * (taken before it runs, so a write during the preview makes it stale), under a new token that replaces it: the
 * answer of one preview is the only way to import what it showed, so two previews of the same
 * upload, or an answer that arrives late, can never stand for each other. null for a token that
 * is not `owner`'s (or was just claimed or previewed by another request).
 */
export async function previewUpload(
  db: Db,
  token: string,
  owner: string,
  options: UploadOptions,
): Promise<{ token: string; path: string; fileName: string; undo: () => Promise<void> } | null> {
  const fresh = newToken();
  const marked = await markUploadPreviewed(db, token, fresh, owner, options);
  // A preview that fails gives the upload back under its old token, as it was.
  return marked && { token: fresh, path: marked.path, fileName: marked.fileName, undo: marked.restore };
}

/** Forgets uploads older than maxAgeMs and deletes their files. */
export async function sweepUploads(db: Db, maxAgeMs = UPLOAD_MAX_AGE_MS): Promise<number> {
  const paths = await deleteUploadsBefore(db, new Date(Date.now() - maxAgeMs));
  await Promise.all(paths.map((p) => fs.promises.rm(p, { force: true })));
  return paths.length;
}

/**
 * Files in the upload folder that no upload record names are left by a process that died mid-way
 * (a killed import's claimed file, an upload cut before it was recorded). Those older than `graceMs`
 * are deleted: a younger one may be an upload still being checked, or a file an import in another
 * server process has just claimed and is about to open.
 */
export async function sweepOrphanFiles(db: Db, dir: string, graceMs = UPLOAD_ORPHAN_GRACE_MS): Promise<number> {
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch {
    return 0;
  }
  const known = new Set((await uploadPaths(db)).map((p) => path.resolve(p)));
  let removed = 0;
  for (const name of names.filter((n) => /^(upload|paste)-[0-9a-f]+(\.csv)?$/.test(n))) {
    const file = path.resolve(dir, name);
    if (known.has(file)) continue;
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile() || Date.now() - stat.mtimeMs < graceMs) continue;
    await fs.promises.rm(file, { force: true });
    removed++;
  }
  return removed;
}

/**
 * Rejected-row files (`<uploadDir>/rejected/import-<id>-rejected.csv`) that are no longer wanted:
 * older than `maxAgeMs`, of an undone import, or of no import this database knows, or written
 * before the import of that id started (a database made anew reuses ids: an old file must never be
 * served as a new import's). The undo route removes its file at once; this catches the rest (an
 * undo from the CLI, a server that died).
 */
export async function sweepRejectedFiles(db: Db, uploadDir: string, maxAgeMs = REJECTED_MAX_AGE_MS): Promise<number> {
  const dir = rejectedDirOf(uploadDir);
  const files = (await fs.promises.readdir(dir).catch(() => [] as string[]))
    .map((name) => ({ name, id: Number(/^import-([1-9]\d{0,9})-rejected\.csv$/.exec(name)?.[1]) }))
    .filter((f) => Number.isSafeInteger(f.id));
  if (files.length === 0) return 0;
  const imports = new Map((await importTimes(db, files.map((f) => f.id))).map((r) => [r.id, r]));
  let removed = 0;
  for (const { name, id } of files) {
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) continue;
    const run = imports.get(id);
    // An hour of slack: the file's time is this machine's clock, started_at the database's.
    const stale = !run || run.undoneAt !== null || stat.mtimeMs < run.startedAt.getTime() - 60 * 60 * 1000 || Date.now() - stat.mtimeMs > maxAgeMs;
    if (!stale) continue;
    await fs.promises.rm(file, { force: true });
    removed++;
  }
  return removed;
}
