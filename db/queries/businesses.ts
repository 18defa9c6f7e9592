import type { Knex } from 'knex';
import type { Db } from '../index.js';
import type { Business } from '../../domain/types.js';
import { VALUE_COLUMNS, VALUE_KEYS, type ValueColumnKey } from '../../domain/business-columns.js';
import { FEATURED_LIMIT, RECENT_LIMIT } from '../../domain/constants.js';
import { slugifyText } from '../../domain/slug.js';
import { phoneAnswer } from '../../domain/phone.js';
import { NAMESAKES_OF_B, toNamesakes, type Namesake, type NamesakeCells } from './namesakes.js';

/**
 * A businesses row joined with its category and city names, as BUSINESS_SELECT reads it: the
 * imported value columns of domain/business-columns.ts plus these.
 */
export interface BusinessRow {
  id: number | string;
  slug: string;
  category_id: number | null;
  city_id: number | null;
  is_active: boolean;
  images: string[] | null;
  created_at: Date | string;
  updated_at: Date | string;
  category_name: string | null;
  category_slug: string | null;
  category_plural_name?: string | null;
  city_name: string | null;
  city_slug: string | null;
  city_time_zone: string | null;
  [valueColumn: string]: unknown;
}

/** The imported values a Business answer carries (city and category come as references). */
const API_VALUE_KEYS = VALUE_KEYS.filter((k): k is Exclude<ValueColumnKey, 'city' | 'category'> => k !== 'city' && k !== 'category');

/** Every column a Business answer needs; the table is aliased `b`, its category `cat`, its city `ci`. */
export const BUSINESS_SELECT = [
  'b.id', 'b.slug', 'b.category_id', 'b.city_id', 'b.is_active', 'b.images', 'b.created_at', 'b.updated_at',
  ...API_VALUE_KEYS.map((k) => `b.${VALUE_COLUMNS[k].column}`),
  'cat.name as category_name', 'cat.slug as category_slug', 'cat.plural_name as category_plural_name', 'ci.name as city_name', 'ci.slug as city_slug',
  'ci.time_zone as city_time_zone',
];

/** The joins BUSINESS_SELECT reads from, its business as `b`: its category `cat` and its city `ci`. */
export const BUSINESS_JOINS = 'LEFT JOIN categories cat ON cat.id = b.category_id LEFT JOIN cities ci ON ci.id = b.city_id';

/**
 * The business whose id the SQL expression `id` gives, as businessesById reads it, for a statement
 * to join to each row of its page (`LEFT JOIN LATERAL … x ON true`): a probe of the primary key,
 * with its category and city, never a join of the whole table.
 */
export const businessByIdSql = (id: string): string => `(SELECT ${BUSINESS_SELECT.join(', ')} FROM businesses b ${BUSINESS_JOINS} WHERE b.id = ${id})`;

/** businesses b joined with categories cat and cities ci, selecting BUSINESS_SELECT: add where/order. */
export function businessQuery(db: Db | Knex.Transaction): Knex.QueryBuilder {
  return db('businesses as b')
    .leftJoin('categories as cat', 'cat.id', 'b.category_id')
    .leftJoin('cities as ci', 'ci.id', 'b.city_id')
    .select(BUSINESS_SELECT);
}

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** A stored value as the API gives it: numbers as numbers, empty hours and services as {} and []. */
export function apiValue(key: (typeof API_VALUE_KEYS)[number], value: unknown): unknown {
  if (key === 'rating') return Number(value);
  if (key === 'businessHours') return value ?? {};
  if (key === 'services') return value ?? [];
  return value;
}

/** Each API value key with its column, in the table's order. */
const API_VALUE_COLUMNS = API_VALUE_KEYS.map((key) => [key, VALUE_COLUMNS[key].column] as const);

/** The keys toBusiness sets after the value columns, in its order (businesses.test.ts checks each is set). */
const OWN_KEYS = ['id', 'slug', 'categoryId', 'cityId', 'isActive', 'images', 'createdAt', 'updatedAt', 'category', 'city', 'timeZone', 'phoneE164', 'phoneDisplay'];

/**
 * The keys a read sets on a Business after toBusiness (a business page its title's place, a list
 * near a point each one's distance), held unset in every Business from the start. A key these
 * objects of forty keys lacked, added by a spread or an assignment, cost twice the CPU of the copy
 * itself, and about 0.8 KB of each was moved to V8's old generation though it was garbage at once:
 * 23 KB a list near a point, whose full collections then held every request in flight
 * (docs/performance.md, "A key added to a Business"). Unset, they are not in the JSON.
 */
export const LATER_KEYS = ['titlePlace', 'distance'] as const satisfies readonly (keyof Business)[];

/**
 * Every key of a Business, in toBusiness's order, unset, as an object V8 keeps in fast mode
 * (JSON.parse builds one): a copy of it has them all at once. Thirty-odd keys added one by one to
 * `{}` put the object in dictionary mode, where every read, the API's JSON and the page's data
 * island are slower.
 */
const BUSINESS_KEYS = JSON.parse(JSON.stringify(Object.fromEntries([...API_VALUE_KEYS, ...OWN_KEYS, ...LATER_KEYS].map((k) => [k, null])))) as Record<string, unknown>;
for (const key of Object.keys(BUSINESS_KEYS)) BUSINESS_KEYS[key] = undefined;

/**
 * The one row → Business mapper. Built key by key in one order (every view and list row maps one):
 * Object.fromEntries and a spread of that made the same object many times slower.
 */
export function toBusiness(r: BusinessRow): Business {
  const b = businessOf(r);
  const { phoneE164, phoneDisplay } = phoneFields(b.phone as string | null, b.countryCode as string | null);
  b.phoneE164 = phoneE164;
  b.phoneDisplay = phoneDisplay;
  return b as unknown as Business;
}

/** A row's Business without its phone forms (the keys left unset). */
function businessOf(r: BusinessRow): Record<string, unknown> {
  const b = { ...BUSINESS_KEYS };
  for (const [key, column] of API_VALUE_COLUMNS) b[key] = apiValue(key, r[column]);
  b.id = Number(r.id);
  b.slug = r.slug;
  b.categoryId = r.category_id;
  b.cityId = r.city_id;
  b.isActive = r.is_active;
  b.images = r.images ?? [];
  b.createdAt = iso(r.created_at);
  b.updatedAt = iso(r.updated_at);
  b.category = categoryOf(r);
  b.city = cityOf(r);
  b.timeZone = r.city_time_zone ?? null;
  return b;
}

/** A row's category and city as a Business shows them (null without one). */
export const categoryOf = (r: BusinessRow): Business['category'] => {
  if (!r.category_name || !r.category_slug) return null;
  // Only when the admin set one: the rule's plural is the client's to make, and most categories have none.
  return r.category_plural_name ? { name: r.category_name, slug: r.category_slug, pluralName: r.category_plural_name } : { name: r.category_name, slug: r.category_slug };
};
export const cityOf = (r: BusinessRow): Business['city'] => (r.city_name && r.city_slug ? { name: r.city_name, slug: r.city_slug } : null);

/** The phone's link and display forms, worked out here so the browser never loads phone metadata. */
function phoneFields(phone: string | null, countryCode: string | null): Pick<Business, 'phoneE164' | 'phoneDisplay'> {
  if (!phone) return { phoneE164: null, phoneDisplay: null };
  const { e164, display } = phoneAnswer(phone, countryCode);
  return { phoneE164: e164, phoneDisplay: display };
}

/**
 * The one rule of what the public sees: active businesses only. A hidden business (is_active
 * false) is answered like an unknown one (404 on its page and in the API) and leaves lists,
 * search, sitemaps and every count; the admin still sees it.
 */
export const activeOnly = (qb: Knex.QueryBuilder): Knex.QueryBuilder => qb.where('b.is_active', true);

/** businessQuery limited to what the public may see. */
export const publicBusinessQuery = (db: Db | Knex.Transaction): Knex.QueryBuilder => businessQuery(db).modify(activeOnly);

/**
 * A listed business by its slug (hidden ones are not found). The stored slug already ends with the
 * place-id prefix when there is a place id; a link without that suffix still finds the business
 * (the best rated of that name).
 */
export async function getBusinessBySlug(db: Db, slug: string): Promise<Business | null> {
  const exact = await publicBusinessQuery(db).where('b.slug', slug).first();
  return exact ? toBusiness(exact) : getBusinessByOtherSlug(db, slug);
}

/** A listed business that `slug` names though it is none's current slug (getBusinessBySlug's other readings). */
export async function getBusinessByOtherSlug(db: Db, slug: string): Promise<Business | null> {
  // A slug the admin has since changed: the business under its new one.
  const moved = await movedSlug(db, slug);
  if (moved) return getBusinessBySlug(db, moved);
  // A hand-typed or mangled link ('Şişli-Çiçekçi') gets one more try in its folded form.
  const folded = slugifyText(slug);
  if (!folded) return null;
  if (folded !== slug) return getBusinessBySlug(db, folded);
  const prefixed = await publicBusinessQuery(db)
    .whereLike('b.slug', `${folded}-%`)
    .whereNotNull('b.place_id')
    .whereRaw('length(b.slug) <= ?', [folded.length + 8])
    .orderBy([{ column: 'b.rating', order: 'desc' }, { column: 'b.id', order: 'asc' }])
    .first();
  return prefixed ? toBusiness(prefixed) : null;
}

/** A business as its page shows it: the business and the namesakes its title is told apart from. */
export interface BusinessView {
  business: Business;
  namesakes: Namesake[];
  /** The data version the statement saw (db/data-version.ts), so a reader needs no second statement to learn it. */
  version: string | null;
}

/**
 * The business under exactly this slug and its namesakes (listNamesakes) in one statement, prepared
 * once per connection: the one read of a business view. A view is the most frequent read of the
 * site, and a second round trip and a new plan on every one cost more than the lookup itself.
 */
/** The business view's statement: the listed business under the slug `?`, its namesakes and the data version. */
export const BUSINESS_VIEW_SQL = `SELECT ${BUSINESS_SELECT.map((c) => c.replace(' as ', ' AS ')).join(', ')}, ${NAMESAKES_OF_B} AS namesakes,
           (SELECT version::text FROM data_version WHERE id = 1) AS data_version
      FROM businesses b
      ${BUSINESS_JOINS}
     WHERE b.is_active AND b.slug = ?`;
const BUSINESS_VIEW = { name: 'rehber_business_view', sql: BUSINESS_VIEW_SQL };

/** A row of BUSINESS_VIEW_SQL. */
export type BusinessViewRow = BusinessRow & { namesakes: NamesakeCells[] | null; data_version: string | null };

/** The view of a row of BUSINESS_VIEW_SQL. */
export const toBusinessView = (row: BusinessViewRow): BusinessView => ({ business: toBusiness(row), namesakes: toNamesakes(row.namesakes), version: row.data_version });

/** The listed business under exactly `slug` with its namesakes; null when no listed business has that slug. */
export async function getBusinessViewBySlug(db: Db, slug: string): Promise<BusinessView | null> {
  const { rows } = await db.raw(BUSINESS_VIEW.sql, [slug]).options({ name: BUSINESS_VIEW.name });
  const row = rows[0] as BusinessViewRow | undefined;
  return row ? toBusinessView(row) : null;
}

/** The current slug of a listed business that used to have `slug` (the admin renamed it); null otherwise. */
export async function movedSlug(db: Db, slug: string): Promise<string | null> {
  const row = await db('slug_redirects as r').join('businesses as b', 'b.id', 'r.business_id').where('r.slug', slug).where('b.is_active', true).first('b.slug');
  return row ? (row.slug as string) : null;
}

/**
 * Home page: the businesses the admin featured first (best rated first), then the best rated
 * active businesses, most reviewed first among equals. Two index walks, never a sort of all rows.
 */
export async function listFeatured(db: Db, limit = FEATURED_LIMIT): Promise<Business[]> {
  const chosen = await publicBusinessQuery(db)
    .where('b.is_featured', true)
    .orderBy([{ column: 'b.rating', order: 'desc' }, { column: 'b.id', order: 'asc' }])
    .limit(limit);
  const rest =
    chosen.length < limit
      ? await publicBusinessQuery(db)
          .orderBy([{ column: 'b.rating', order: 'desc' }, { column: 'b.review_count', order: 'desc' }, { column: 'b.id', order: 'asc' }])
          .limit(limit)
      : [];
  const seen = new Set(chosen.map((r: BusinessRow) => String(r.id)));
  return [...chosen, ...rest.filter((r: BusinessRow) => !seen.has(String(r.id)))].slice(0, limit).map(toBusiness);
}

/** Home page: the newest active businesses. */
export async function listRecent(db: Db, limit = RECENT_LIMIT): Promise<Business[]> {
  const rows = await publicBusinessQuery(db)
    .orderBy([{ column: 'b.created_at', order: 'desc' }, { column: 'b.id', order: 'desc' }])
    .limit(limit);
  return rows.map(toBusiness);
}


/** Whether the directory has any business at all (start-up loads the sample when it has none). */
export async function hasBusinesses(db: Db): Promise<boolean> {
  const { rows } = await db.raw('SELECT EXISTS (SELECT 1 FROM businesses) AS any');
  return rows[0].any as boolean;
}
