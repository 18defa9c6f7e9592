/**
 * The activity log, read from where each kind of change is recorded: business_versions (every
 * write to one business), imports (one entry per import for the businesses it created, however
 * many) and group_events (renames and merges of categories and cities, and categories' plurals).
 * Newest first, paged by a keyset over (time, source, id) so a page costs the same deep in the log
 * as at its top, each source read through its own time index.
 */
import {
  ACTIVITY_KINDS,
  type ActivityChange,
  type ActivityEntry,
  type ActivityFilters,
  type ActivityKind,
  type ActivityPage,
  CHANGE_LABELS,
  GROUP_ACTIVITY_KINDS,
} from '../../domain/activity.js';
import { InputError } from '../../domain/errors.js';
import type { Knex } from 'knex';
import type { Db } from '../index.js';

/** The sources of entries, in the order entries of one instant are listed (highest first). */
const SOURCE = { version: 0, import: 1, group: 2 } as const;
const GROUP_KINDS: readonly ActivityKind[] = GROUP_ACTIVITY_KINDS;
const VERSION_KINDS: readonly ActivityKind[] = ACTIVITY_KINDS.filter((k) => !GROUP_KINDS.includes(k));
/** Entries whose before and after are values the admin can read; the others say what happened in their verb. */
const SHOWS_CHANGES = new Set(['edit', 'import', 'undo']);
/** Long texts (about, description) are cut in the log; the business itself has them whole. */
const MAX_VALUE_LENGTH = 200;

interface Cursor {
  at: string;
  src: number;
  id: number;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)~([0-2])~(\d{1,18})$/;

export function parseCursor(value: string): Cursor {
  const m = CURSOR.exec(value);
  if (!m) throw new InputError('before must be the next value of an earlier page');
  return { at: m[1], src: Number(m[2]), id: Number(m[3]) };
}

interface Branch {
  src: number;
  at: string;
  id: string;
  select: string;
  from: string;
  where: string[];
  params: Knex.Value[];
}

/** The entries before `cursor` (all when absent) that pass `filters`, newest first. */
export async function listActivity(db: Db, filters: ActivityFilters, cursor: Cursor | null, limit: number): Promise<ActivityPage> {
  const { kind, businessId, username } = filters;
  const branches: Branch[] = [];
  if (!kind || VERSION_KINDS.includes(kind)) {
    const b = branch(SOURCE.version, 'v.created_at', 'v.id',
      `v.action, coalesce(v.username, i.username), v.business_id, coalesce(bz.name, v.before->>'name', v.after->>'name'), bz.slug,
       v.import_id, i.file_name, i.source, i.undone_at IS NOT NULL, v.before, v.after, NULL::int, NULL::text`,
      'business_versions v LEFT JOIN imports i ON i.id = v.import_id LEFT JOIN businesses bz ON bz.id = v.business_id');
    if (kind) where(b, 'v.action = ?', kind);
    if (businessId) where(b, 'v.business_id = ?', businessId);
    if (username) where(b, 'coalesce(v.username, i.username) = ?', username);
    branches.push(b);
  }
  if (!kind || kind === 'import') {
    const b = branch(SOURCE.import, 'i.started_at', 'i.id',
      `'import', i.username, NULL::bigint, NULL::text, NULL::text, i.id, i.file_name, i.source, i.undone_at IS NOT NULL,
       NULL::jsonb, NULL::jsonb, i.imported, NULL::text`,
      'imports i');
    where(b, 'i.imported > 0');
    if (businessId) where(b, 'i.id = (SELECT created_import_id FROM businesses WHERE id = ?)', businessId);
    if (username) where(b, 'i.username = ?', username);
    branches.push(b);
  }
  if ((!kind || GROUP_KINDS.includes(kind)) && !businessId) {
    const b = branch(SOURCE.group, 'g.created_at', 'g.id',
      `g.action, g.username, NULL::bigint, NULL::text, NULL::text, NULL::int, NULL::text, NULL::text, g.undone_at IS NOT NULL,
       g.before, g.after, (g.after->>'moved')::int, g.kind`,
      'group_events g');
    if (kind) where(b, 'g.action = ?', kind);
    if (username) where(b, 'g.username = ?', username);
    branches.push(b);
  }
  if (!branches.length) return { entries: [], next: null };

  const params: Knex.Value[] = [];
  const parts = branches.map((b) => {
    if (cursor) {
      // Before the cursor in (time, source, id) order, said as a condition on this source's own (time, id).
      if (b.src < cursor.src) where(b, `${b.at} <= ?::timestamptz`, cursor.at);
      else if (b.src === cursor.src) where(b, `(${b.at}, ${b.id}) < (?::timestamptz, ?)`, cursor.at, cursor.id);
      else where(b, `${b.at} < ?::timestamptz`, cursor.at);
    }
    if (filters.since) where(b, `${b.at} >= ?::timestamptz`, filters.since);
    if (filters.until) where(b, `${b.at} < ?::timestamptz`, filters.until);
    params.push(...b.params, limit + 1);
    return `(SELECT ${b.src} AS src, ${b.id} AS id, ${b.at} AS at, ${b.select}
               FROM ${b.from}
              ${b.where.length ? `WHERE ${b.where.join(' AND ')}` : ''}
              ORDER BY ${b.at} DESC, ${b.id} DESC LIMIT ?)`;
  });
  const { rows } = await db.raw(
    `SELECT x.*, to_char(x.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at_key
       FROM (${parts.join(' UNION ALL ')}) AS x (src, id, at, action, who, business_id, business_name, business_slug,
                                                 import_id, file_name, source, undone, before, after, count, group_kind)
      ORDER BY x.at DESC, x.src DESC, x.id DESC LIMIT ?`,
    [...params, limit + 1],
  );
  const page = (rows as Row[]).slice(0, limit);
  const names = await groupNames(db, page);
  const last = page[page.length - 1];
  return {
    entries: page.map((r) => entryOf(r, names)),
    next: rows.length > limit && last ? `${last.at_key}~${last.src}~${last.id}` : null,
  };
}

interface Row {
  src: number;
  id: string;
  at_key: string;
  action: ActivityKind;
  who: string | null;
  business_id: string | null;
  business_name: string | null;
  business_slug: string | null;
  import_id: number | null;
  file_name: string | null;
  source: string | null;
  undone: boolean;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  count: number | null;
  group_kind: 'category' | 'city' | null;
}

function branch(src: number, at: string, id: string, select: string, from: string): Branch {
  return { src, at, id, select, from, where: [], params: [] };
}

function where(b: Branch, condition: string, ...params: Knex.Value[]): void {
  b.where.push(condition);
  b.params.push(...params);
}

const PREFIX = ['v', 'i', 'g'];

function entryOf(r: Row, names: GroupNames): ActivityEntry {
  const entry: ActivityEntry = {
    id: `${PREFIX[r.src]}${r.id}`,
    kind: r.action,
    at: r.at_key.replace(/(\.\d{3})\d{3}Z$/, '$1Z'),
    username: r.who,
    business: r.business_id === null ? null : { id: Number(r.business_id), name: r.business_name, slug: r.business_slug },
    import: r.import_id === null ? null : { id: r.import_id, fileName: r.file_name ?? '', source: r.source ?? '', undone: r.undone },
    group: null,
    count: r.count,
    changes: r.src === SOURCE.version && SHOWS_CHANGES.has(r.action) ? changesOf(r.before ?? {}, r.after ?? {}, names) : [],
  };
  if (r.src === SOURCE.group && r.group_kind) {
    const before = r.before as { name: string; slug: string; pluralName?: string | null };
    const after = r.after as { name: string; slug: string; pluralName?: string | null };
    if (r.action === 'plural') {
      entry.group = { kind: r.group_kind, name: after.name, slug: after.slug, into: null, undone: false };
      entry.changes = [{ field: 'plural_name', label: 'Plural', before: shown(before.pluralName), after: shown(after.pluralName) }];
      return entry;
    }
    // A rename and a merge read "before into after"; the undo of a merge keeps the merge's own order.
    const [from, into] = r.action === 'unmerge' ? [after, before] : [before, after];
    entry.group = { kind: r.group_kind, name: from.name, slug: from.slug, into: { name: into.name, slug: into.slug }, undone: r.undone };
    // A rename clears a plural written for the old name: its one change besides the name.
    if (r.action === 'rename' && before.pluralName) entry.changes = [{ field: 'plural_name', label: 'Plural', before: shown(before.pluralName), after: null }];
  }
  return entry;
}

type GroupNames = { city: Map<number, string>; category: Map<number, string> };

/** The names of the cities and categories the page's changes name by id (a merged-away one keeps its id). */
async function groupNames(db: Db, rows: Row[]): Promise<GroupNames> {
  const ids = { city: new Set<number>(), category: new Set<number>() };
  for (const r of rows) {
    for (const values of [r.before, r.after]) {
      if (typeof values?.city_id === 'number') ids.city.add(values.city_id);
      if (typeof values?.category_id === 'number') ids.category.add(values.category_id);
    }
  }
  const read = async (table: string, set: Set<number>) =>
    new Map<number, string>(set.size ? (await db(table).whereIn('id', [...set]).select('id', 'name')).map((g) => [g.id as number, g.name as string]) : []);
  return { city: await read('cities', ids.city), category: await read('categories', ids.category) };
}

function changesOf(before: Record<string, unknown>, after: Record<string, unknown>, names: GroupNames): ActivityChange[] {
  const text = (field: string, value: unknown) => {
    if (typeof value === 'number' && (field === 'city_id' || field === 'category_id')) {
      return names[field === 'city_id' ? 'city' : 'category'].get(value) ?? `#${value}`;
    }
    return shown(value);
  };
  const changes: ActivityChange[] = [];
  for (const [field, label] of Object.entries(CHANGE_LABELS)) {
    if (!(field in before) && !(field in after)) continue;
    const was = text(field, before[field]);
    const now = text(field, after[field]);
    if (was !== now) changes.push({ field, label, before: was, after: now });
  }
  return changes;
}

function shown(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const s = Array.isArray(value) ? value.join(', ') : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (!s) return null;
  return s.length > MAX_VALUE_LENGTH ? `${s.slice(0, MAX_VALUE_LENGTH - 1)}…` : s;
}
