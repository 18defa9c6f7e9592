import type { Knex } from 'knex';
import type { Db } from '../index.js';
import { CITY_CATEGORY_MIN_BUSINESSES } from '../../domain/constants.js';
import { SITEMAP_STATIC_PAGES } from '../../domain/paths.js';

/**
 * Sitemap generations and their files. The served set is the files of the one generation whose
 * status is 'ready'; a new generation writes its files beside it and takes its place in one
 * transaction (publishGeneration), so readers never see a half-written set.
 */

export type SitemapSource = 'pages' | 'businesses' | 'cities' | 'categories' | 'countries' | 'city-categories' | 'district-categories' | 'country-categories';

/** What a source depends on besides the data: the least active businesses of a listed category in a city. */
export interface SourceOptions {
  cityCategoryMin: number;
  /**
   * The transaction grouped the active businesses once (groupBusinessesOnce): the grouped sources
   * read their groups from that table instead of grouping the businesses again.
   */
  grouped?: boolean;
}

/** The table groupBusinessesOnce fills, dropped with its transaction. */
const GROUPS = 'sitemap_groups';
/**
 * Each grouping of the one pass, by GROUPING(city_id, category_id, country, district): a bit set
 * for each column the grouping leaves out.
 */
const GROUPING_OF = { city_id: 0b0111, category_id: 0b1011, country: 0b1101, cityCategory: 0b0011, districtCategory: 0b0010, all: 0b1111 } as const;

/**
 * Groups the active businesses once for a whole generation, by city, by category, by country, by
 * city and category and by city, district and category, each with its count and newest change,
 * into a temporary table the transaction's grouped sources read (`grouped`): one scan of the
 * businesses instead of two per grouped type (its count, then its cursor). One more group, of
 * every business, active or not, holds the newest change of all (`newest`) for the pages without a
 * slug: one scan for them too.
 */
export async function groupBusinessesOnce(trx: Knex.Transaction): Promise<void> {
  await trx.raw(
    `CREATE TEMP TABLE ${GROUPS} ON COMMIT DROP AS
       SELECT GROUPING(b.city_id, b.category_id, b.country, b.district) AS grouping_id, b.city_id, b.category_id, b.country, b.district,
              (count(*) FILTER (WHERE b.is_active))::int AS n, max(b.updated_at) FILTER (WHERE b.is_active) AS lastmod, max(b.updated_at) AS newest
         FROM businesses b
        GROUP BY GROUPING SETS ((b.city_id), (b.category_id), (b.country), (b.city_id, b.category_id), (b.city_id, b.district, b.category_id), ())
       HAVING count(*) FILTER (WHERE b.is_active) > 0 OR GROUPING(b.city_id, b.category_id, b.country, b.district) = ${GROUPING_OF.all}`,
  );
  // Without statistics the planner takes the table for a few rows and joins each group to the
  // cities by a scan of them, which made the categories in a city's cursor minutes long at the million.
  await trx.raw(`ANALYZE ${GROUPS}`);
}

const DEFAULT_SOURCE_OPTIONS: SourceOptions = { cityCategoryMin: CITY_CATEGORY_MIN_BUSINESSES };

/** The pages without a slug (their names from the table of paths, never from input), in that order. */
const STATIC_ROWS = Object.entries(SITEMAP_STATIC_PAGES)
  .map(([page, listsData], i) => `('${page}', ${i}, ${listsData})`)
  .join(', ');

/**
 * What each sitemap type lists: the pages without a slug (those that show the directory's data dated
 * by its newest change), active businesses, the cities, categories, countries having one, and the
 * categories in a city having at least `cityCategoryMin`, each dated by the newest change among its
 * active businesses. Groups come from one grouped pass over the active businesses each, whatever
 * their number.
 */
function sourceSql(source: SitemapSource, options: SourceOptions): { from: string; select: string; order: string } {
  switch (source) {
    case 'pages': {
      const newest = options.grouped ? `SELECT newest FROM ${GROUPS} WHERE grouping_id = ${GROUPING_OF.all}` : 'SELECT max(updated_at) AS newest FROM businesses';
      return {
        from: `(VALUES ${STATIC_ROWS}) p(slug, ord, lists_data) CROSS JOIN (${newest}) m`,
        select: `p.slug, ${w3c('CASE WHEN p.lists_data THEN m.newest END')} AS lastmod`,
        order: 'p.ord',
      };
    }
    case 'businesses':
      return { from: 'businesses b WHERE b.is_active', select: `b.slug, ${w3c('b.updated_at')} AS lastmod`, order: 'b.id' };
    case 'cities':
      return { from: `${newestOf('city_id', options)} JOIN cities c ON c.id = g.key`, select: `c.slug, ${w3c('g.lastmod')} AS lastmod`, order: 'c.id' };
    case 'categories':
      return { from: `${newestOf('category_id', options)} JOIN categories c ON c.id = g.key`, select: `c.slug, ${w3c('g.lastmod')} AS lastmod`, order: 'c.id' };
    case 'countries':
      return { from: `${newestOf('country', options)} JOIN countries c ON c.name = g.key`, select: `c.slug, ${w3c('g.lastmod')} AS lastmod`, order: 'c.id' };
    case 'city-categories':
    case 'district-categories':
    case 'country-categories':
      return comboSql(COMBOS[source], options);
  }
}

/**
 * Each kind of combination: its groups' keys as read from a row `r` (an active business, or a group
 * of the one pass) and the join that gives them, which rows have one, its grouping in the one pass,
 * its place's table `p`, and what it lists in which order.
 */
interface Combo {
  keys: Record<string, string>;
  via?: string;
  where: string;
  grouping: number;
  place: string;
  select: string;
  order: string;
}

const COMBOS: Record<'city-categories' | 'district-categories' | 'country-categories', Combo> = {
  'city-categories': {
    keys: { city_id: 'r.city_id', category_id: 'r.category_id' },
    where: 'r.city_id IS NOT NULL AND r.category_id IS NOT NULL',
    grouping: GROUPING_OF.cityCategory,
    place: 'cities p ON p.id = g.city_id',
    select: 'p.slug',
    order: 'g.city_id, g.category_id',
  },
  // The district as its businesses spell it: its slug (the path's segment) is the slug rule's,
  // applied as the rows are written (data/sitemap/sitemap.ts).
  'district-categories': {
    keys: { city_id: 'r.city_id', district: 'r.district', category_id: 'r.category_id' },
    where: "r.city_id IS NOT NULL AND r.category_id IS NOT NULL AND r.district <> ''",
    grouping: GROUPING_OF.districtCategory,
    place: 'cities p ON p.id = g.city_id',
    select: 'p.slug, g.district',
    order: 'g.city_id, g.district, g.category_id',
  },
  // Its cities' categories summed by their country, as the page counts its total (the kept counts,
  // by city): the groups by city and category of the one pass, when there is one.
  'country-categories': {
    keys: { country: 'ci.country', category_id: 'r.category_id' },
    via: 'JOIN cities ci ON ci.id = r.city_id',
    where: 'r.category_id IS NOT NULL',
    grouping: GROUPING_OF.cityCategory,
    place: 'countries p ON p.name = g.country',
    select: 'p.slug',
    order: 'p.id, g.category_id',
  },
};

/**
 * A combination's source: its groups with at least the least number of active businesses, each
 * dated by the newest change among them, joined to its place and category. A group of the one pass
 * keyed as the combination is taken as it is; one the combination sums (a country's, over its
 * cities) is grouped again.
 */
function comboSql({ keys, via, where, grouping, place, select, order }: Combo, options: SourceOptions): { from: string; select: string; order: string } {
  const min = leastOf(options);
  const columns = Object.entries(keys).map(([name, expr]) => (expr === `r.${name}` ? expr : `${expr} AS ${name}`)).join(', ');
  const rows = [options.grouped ? `${GROUPS} r` : 'businesses r', via, options.grouped ? `WHERE r.grouping_id = ${grouping}` : 'WHERE r.is_active'].filter(Boolean).join(' ');
  const groups =
    options.grouped && !via
      ? `SELECT ${columns}, r.lastmod FROM ${rows} AND ${where} AND r.n >= ${min}`
      : `SELECT ${columns}, max(r.${options.grouped ? 'lastmod' : 'updated_at'}) AS lastmod FROM ${rows} AND ${where}
          GROUP BY ${Object.values(keys).join(', ')} HAVING ${options.grouped ? 'sum(r.n)' : 'count(*)'} >= ${min}`;
  return {
    from: `(${groups}) g
           JOIN ${place} JOIN categories ca ON ca.id = g.category_id`,
    select: `${select}, ca.slug AS category, ${w3c('g.lastmod')} AS lastmod`,
    order,
  };
}

/**
 * A change's time as a sitemap writes it (W3C, to the second, in UTC: 2026-11-21T10:00:00Z), made
 * by PostgreSQL: a million dates are neither parsed into Date objects nor formatted again.
 */
const w3c = (expr: string) => `to_char((${expr}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** The least number of a listed combination, inlined, not bound: a cursor's DECLARE takes no parameters. */
function leastOf({ cityCategoryMin: min }: SourceOptions): number {
  if (!Number.isSafeInteger(min) || min < 1) throw new Error(`cityCategoryMin must be a positive integer, not ${min}`);
  return min;
}

/** Each value of a column of the active businesses with their newest change: `g(key, lastmod)`. */
const newestOf = (column: 'city_id' | 'category_id' | 'country', { grouped }: SourceOptions) =>
  grouped
    ? `(SELECT ${column} AS key, lastmod FROM ${GROUPS} WHERE grouping_id = ${GROUPING_OF[column]} AND ${column} IS NOT NULL) g`
    : `(SELECT b.${column} AS key, max(b.updated_at) AS lastmod FROM businesses b WHERE b.is_active AND b.${column} IS NOT NULL GROUP BY b.${column}) g`;

/** What countSource runs: the active businesses of a grouped generation are the pass's count of all, not a count of the table. */
export function countQuery(source: SitemapSource, options = DEFAULT_SOURCE_OPTIONS): string {
  if (source === 'businesses' && options.grouped) return `SELECT n FROM ${GROUPS} WHERE grouping_id = ${GROUPING_OF.all}`;
  return `SELECT count(*)::int AS n FROM ${sourceSql(source, options).from}`;
}

export async function countSource(db: Db | Knex.Transaction, source: SitemapSource, options = DEFAULT_SOURCE_OPTIONS): Promise<number> {
  const { rows } = await db.raw(countQuery(source, options));
  return rows[0].n as number;
}

/** The SQL readSource declares its cursor for: EXPLAIN it to see the plan. */
export function sourceQuery(source: SitemapSource, options = DEFAULT_SOURCE_OPTIONS): string {
  const s = sourceSql(source, options);
  return `SELECT ${s.select} FROM ${s.from} ORDER BY ${s.order}`;
}

export interface SourceRow {
  slug: string;
  /** The category's slug, for a category in a city, district or country (`slug` is the city's or the country's). */
  category?: string;
  /** The district's name, for a category in a district. */
  district?: string;
  /** Its newest change as the sitemap writes it (2026-11-21T10:00:00Z); null for a page without one. */
  lastmod: string | null;
}

/**
 * Reads a source through a server-side cursor in pages of `pageSize` rows: constant memory however
 * many rows there are. Needs a transaction (cursors live inside one).
 */
export async function* readSource(trx: Knex.Transaction, source: SitemapSource, pageSize: number, options = DEFAULT_SOURCE_OPTIONS): AsyncGenerator<SourceRow[]> {
  const cursor = `sitemap_${source.replace(/-/g, '_')}`;
  await trx.raw(`DECLARE ${cursor} NO SCROLL CURSOR FOR ${sourceQuery(source, options)}`);
  try {
    for (;;) {
      const { rows } = await trx.raw(`FETCH FORWARD ${Number(pageSize)} FROM ${cursor}`);
      if (rows.length > 0) yield rows as SourceRow[];
      if (rows.length < pageSize) break;
    }
  } finally {
    await trx.raw(`CLOSE ${cursor}`).catch(() => {});
  }
}

/** A constant key for pg_try_advisory_xact_lock: one sitemap generation at a time, across processes. */
export const SITEMAP_LOCK_KEY = 7_265_686_201;

/** Takes the generation lock for the transaction's lifetime; false when another holds it. */
export async function tryLockGeneration(trx: Knex.Transaction): Promise<boolean> {
  const { rows } = await trx.raw('SELECT pg_try_advisory_xact_lock(?) AS locked', [SITEMAP_LOCK_KEY]);
  return rows[0].locked === true;
}

/** Generations left 'generating' by a process that died: only called while holding the lock. */
export async function failAbandonedGenerations(db: Db): Promise<void> {
  await db.transaction(async (trx) => {
    const ids = await trx('sitemap_generations')
      .where({ status: 'generating' })
      .update({ status: 'error', error: 'Interrupted before it finished', finished_at: trx.fn.now() })
      .returning('id');
    if (ids.length) await trx('sitemap_files').whereIn('generation_id', ids.map((r: { id: number }) => r.id)).delete();
  });
}

export async function createGeneration(db: Db, baseUrl: string): Promise<number> {
  const [row] = await db('sitemap_generations').insert({ status: 'generating', base_url: baseUrl }).returning('id');
  return row.id as number;
}

export async function setWorkPlanned(db: Db, id: number, planned: number): Promise<void> {
  await db('sitemap_generations').where({ id }).update({ work_planned: planned });
}

export interface NewSitemapFile {
  generationId: number;
  name: string;
  type: string;
  urlCount: number;
  content: string;
  /** Work done by this file: its page URLs (the index's entries are files, not planned work). */
  work: number;
}

/** Stores one file (status 'generating' until published) and adds its work to the generation's. */
export async function insertFile(db: Db, file: NewSitemapFile): Promise<{ bytes: number }> {
  const bytes = Buffer.byteLength(file.content, 'utf8');
  await db.transaction(async (trx) => {
    await trx('sitemap_files').insert({
      generation_id: file.generationId,
      name: file.name,
      type: file.type,
      url_count: file.urlCount,
      bytes,
      content: file.content,
      status: 'generating',
    });
    await trx('sitemap_generations')
      .where({ id: file.generationId })
      .update({ work_done: trx.raw('work_done + ?', [file.work]) });
  });
  return { bytes };
}

/** The switch: the new set becomes the served one and the old set is dropped, in one transaction. */
export async function publishGeneration(db: Db, id: number): Promise<void> {
  await db.transaction(async (trx) => {
    const old = await trx('sitemap_generations').where({ status: 'ready' }).whereNot({ id }).update({ status: 'replaced' }).returning('id');
    await trx('sitemap_generations').where({ id }).update({ status: 'ready', finished_at: trx.fn.now() });
    await trx('sitemap_files').where({ generation_id: id }).update({ status: 'ready' });
    if (old.length) await trx('sitemap_files').whereIn('generation_id', old.map((r: { id: number }) => r.id)).delete();
  });
}

export async function failGeneration(db: Db, id: number, message: string): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('sitemap_generations').where({ id }).update({ status: 'error', error: message, finished_at: trx.fn.now() });
    await trx('sitemap_files').where({ generation_id: id }).delete();
  });
}

export interface StoredFileRow {
  name: string;
  type: string;
  urlCount: number;
  bytes: number;
  status: string;
  lastModified: Date;
  /** What the last validation found ('error' status), else null. */
  errors: string[] | null;
}

const fileColumns = ['f.name', 'f.type', 'f.url_count as urlCount', 'f.bytes', 'f.status', 'f.last_modified as lastModified', 'f.errors'];

/** Records a validation on the served files: those with errors become 'error' with them, the rest 'ready'. */
export async function recordValidation(db: Db, errorsByFile: Map<string, string[]>): Promise<void> {
  await db.transaction(async (trx) => {
    for (const [name, errors] of errorsByFile) {
      await trx('sitemap_files as f')
        .whereIn('f.generation_id', trx('sitemap_generations').where({ status: 'ready' }).select('id'))
        .where('f.name', name)
        .update({ status: errors.length ? 'error' : 'ready', errors: errors.length ? JSON.stringify(errors) : null });
    }
  });
}

function served(db: Db) {
  return db('sitemap_files as f').join('sitemap_generations as g', 'g.id', 'f.generation_id').where('g.status', 'ready');
}

/** One file of the served set, with its content; undefined when there is none of that name. */
export async function getServedFile(db: Db, name: string): Promise<(StoredFileRow & { content: string }) | undefined> {
  return served(db)
    .where('f.name', name)
    .first([...fileColumns, 'f.content']);
}

/** The served set without contents: the index first, then the files in the order they were written. */
export async function listServedFiles(db: Db): Promise<StoredFileRow[]> {
  return served(db)
    .select(fileColumns)
    .orderByRaw(`(f.type = 'index') DESC, f.id`);
}

export interface GenerationRow {
  id: number;
  status: string;
  baseUrl: string;
  workPlanned: number;
  workDone: number;
  error: string | null;
  startedAt: Date;
  finishedAt: Date | null;
}

const generationColumns = [
  'id',
  'status',
  'base_url as baseUrl',
  'work_planned as workPlanned',
  'work_done as workDone',
  'error',
  'started_at as startedAt',
  'finished_at as finishedAt',
];

export async function getServedGeneration(db: Db): Promise<GenerationRow | undefined> {
  return db('sitemap_generations').where({ status: 'ready' }).first(generationColumns);
}

export async function getLatestGeneration(db: Db): Promise<GenerationRow | undefined> {
  return db('sitemap_generations').orderBy('id', 'desc').first(generationColumns);
}
