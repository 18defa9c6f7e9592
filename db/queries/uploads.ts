/**
 * The `uploads` table: an uploaded import file's path, owner and name behind an opaque token, and
 * the options and data version of its preview. The files themselves are the server's
 * (server/uploads.ts); this knows only the rows.
 */
import type { Db } from '../index.js';

/** What changes an import's outcome besides the file: fixed for an upload when it is previewed. */
export interface UploadOptions {
  mode: 'upsert' | 'insert';
  clearEmpty: boolean;
  encoding: string | null;
}

export async function insertUpload(db: Db, token: string, fields: { owner: string; path: string; fileName: string; bytes: number }): Promise<void> {
  await db('uploads').insert({ token, owner: fields.owner, path: fields.path, file_name: fields.fileName, bytes: fields.bytes });
}

/**
 * Takes the upload out of the store when `token` belongs to `owner` and, if it was previewed, was
 * previewed with `options` and nothing in the directory has changed since (its data version).
 * 'other options' or 'changed since' when the token is good but its preview no longer holds: the
 * upload stays. null for anything else, a server path included.
 */
export async function claimUpload(
  db: Db,
  token: string,
  owner: string,
  options: UploadOptions,
): Promise<{ path: string; fileName: string } | 'other options' | 'changed since' | null> {
  const [row] = (await db('uploads')
    .where({ token, owner })
    .where((q) =>
      q.whereNull('preview_options').orWhereRaw('preview_options = ?::jsonb AND preview_data_version = (SELECT version FROM data_version WHERE id = 1)', [
        JSON.stringify(options),
      ]),
    )
    .delete()
    .returning(['path', 'file_name'])) as Array<{ path: string; file_name: string }>;
  if (row) return { path: row.path, fileName: row.file_name };
  const kept = (await db('uploads').where({ token, owner }).first(db.raw('preview_options = ?::jsonb AS same', [JSON.stringify(options)]))) as
    | { same: boolean }
    | undefined;
  if (!kept) return null;
  return kept.same ? 'changed since' : 'other options';
}

/**
 * Moves `owner`'s upload `token` to the token `fresh`, fixing `options` and the current data version
 * for its preview; `restore` gives it back as it was. null for a token that is not `owner`'s.
 */
export async function markUploadPreviewed(
  db: Db,
  token: string,
  fresh: string,
  owner: string,
  options: UploadOptions,
): Promise<{ path: string; fileName: string; restore: () => Promise<void> } | null> {
  const [row] = (await db.raw(
    `UPDATE uploads u SET token = ?, preview_options = ?::jsonb, preview_data_version = (SELECT version FROM data_version WHERE id = 1)
       FROM (SELECT token, preview_options, preview_data_version FROM uploads WHERE token = ? AND owner = ? FOR UPDATE) old
      WHERE u.token = old.token
      RETURNING u.path, u.file_name, old.preview_options, old.preview_data_version`,
    [fresh, JSON.stringify(options), token, owner],
  )).rows as Array<{ path: string; file_name: string; preview_options: unknown; preview_data_version: string | null }>;
  if (!row) return null;
  const restore = async () => {
    await db('uploads')
      .where({ token: fresh })
      .update({ token, preview_options: row.preview_options === null ? null : JSON.stringify(row.preview_options), preview_data_version: row.preview_data_version });
  };
  return { path: row.path, fileName: row.file_name, restore };
}

/** Deletes the uploads recorded before `before`; answers their files' paths. */
export async function deleteUploadsBefore(db: Db, before: Date): Promise<string[]> {
  return ((await db('uploads').where('created_at', '<', before).delete().returning('path')) as Array<{ path: string }>).map((r) => r.path);
}

/** Every recorded upload's path. */
export async function uploadPaths(db: Db): Promise<string[]> {
  return (await db('uploads').pluck('path')) as string[];
}
