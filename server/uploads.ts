/**
 * Uploaded import files: where they are and who may import them (CONTRACT §5); what the admin
 * page needs to know of one first is data/upload-summary.ts, run in a worker. The client only ever sees an opaque token, bound to the uploader's
 * session and resolvable by any server process (the table lives in PostgreSQL).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Db } from '../db/index.js';

/** Uploads never imported are removed after this long. */
export const UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export const newToken = () => randomBytes(24).toString('base64url');

export async function saveUpload(db: Db, fields: { owner: string; path: string; fileName: string; bytes: number }): Promise<string> {
  const token = newToken();
  await db('uploads').insert({ token, owner: fields.owner, path: fields.path, file_name: fields.fileName, bytes: fields.bytes });
  return token;
}

/**
 * Takes the upload out of the store when `token` belongs to `owner` (one import per upload);
 * null for anything else, a server path included.
 */
export async function claimUpload(db: Db, token: string, owner: string): Promise<{ path: string; fileName: string } | null> {
  const [row] = (await db('uploads').where({ token, owner }).delete().returning(['path', 'file_name'])) as Array<{ path: string; file_name: string }>;
  return row ? { path: row.path, fileName: row.file_name } : null;
}

/** Forgets uploads older than maxAgeMs and deletes their files. */
export async function sweepUploads(db: Db, maxAgeMs = UPLOAD_MAX_AGE_MS): Promise<number> {
  const rows = (await db('uploads')
    .where('created_at', '<', new Date(Date.now() - maxAgeMs))
    .delete()
    .returning('path')) as Array<{ path: string }>;
  await Promise.all(rows.map((r) => fs.promises.rm(r.path, { force: true })));
  return rows.length;
}
