/**
 * The business columns, declared once. Every imported value of a business is one entry: its
 * BusinessInput field (also its key in the API's Business), its column in `businesses` and in the
 * import staging table, its PostgreSQL type and its header in files. The staging DDL, the COPY
 * encoder and the content hash, the merge SQL, the API mapper and the export are derived from this
 * table; data/store/business-columns.test.ts fails when a column exists in one place only. Pure: no I/O.
 */
import type { BusinessHours } from './types.js';

// In the order an export writes them (data/export/export-columns.ts): the import columns, then the
// optional ones.
export const FIELDS = [
  'name',
  'category',
  'phone',
  'full_address',
  'postal_code',
  'country',
  'rating',
  'reviews',
  'photo',
  'working_hours',
  'about',
  'place_id',
  'location_link',
  'email',
  'website',
  'city',
  'state',
  'services',
  'is_verified',
  'description',
  'latitude',
  'longitude',
  'district',
] as const;

export type Field = (typeof FIELDS)[number];

/** A validated, normalised business row, ready for the loader. */
export interface BusinessInput {
  rowNumber: number;
  /** 'p:' + place id, or 'n:' + normalised name + '|' + normalised address (the import identity). */
  identityKey: string;
  /**
   * Null only in a row that names a business by its place id without this cell: such a row may
   * update a stored business (keeping its value) but never create one (the loader rejects it then).
   */
  name: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  category: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  /** Empty cells are null: an update keeps what is stored (the merge rule), a new business gets the column's default. */
  rating: number | null;
  reviewCount: number | null;
  about: string | null;
  description: string | null;
  workingHours: string | null;
  businessHours: BusinessHours | null;
  photo: string | null;
  placeId: string | null;
  locationLink: string | null;
  services: string[] | null;
  latitude: number | null;
  longitude: number | null;
  isVerified: boolean | null;
  /** The part of the city the address names ('Kadıköy' of İstanbul, 'Brooklyn' of New York City). */
  district: string | null;
  /** ISO 3166-1 alpha-2 of `country`, when it is a country ISO knows. */
  countryCode: string | null;
  /** The coordinates are the city's centre from the gazetteer, not the business's own. */
  coordinatesApproximate: boolean;
  /** The gazetteer's place for `city` (not a column: the city row it finds or creates carries it). */
  cityPlace: CityPlace | null;
}

/** What a city row keeps of its gazetteer place. */
export interface CityPlace {
  id: number;
  countryCode: string;
  /** GeoNames' first-level division: the state a US city row takes (see placeState). */
  admin1?: string;
  latitude: number;
  longitude: number;
  /** GeoNames' IANA time zone: the city's, by which its businesses' hours are read. */
  timeZone?: string;
}

export interface ValueColumn {
  /** The column in the staging table (and in `businesses`, unless `stored` names another). */
  column: string;
  /** Its PostgreSQL type in the staging table. */
  sql: string;
  /** The file header it is read from and exported to; null when it is derived from another. */
  field: Field | null;
  /** For a NOT NULL column: the SQL value a new business gets when its file leaves the cell empty. */
  default?: string;
  /**
   * Set for values staged by name and stored as a reference: the staging column holds the name,
   * `businesses.<stored>` the id found or created under the import lock.
   */
  stored?: 'city_id' | 'category_id';
}

type ValueKey = Exclude<keyof BusinessInput, 'rowNumber' | 'identityKey' | 'cityPlace'>;

/**
 * In COPY order. The order is part of the content hash (data/store/load-copy.ts): changing it makes
 * the next re-import of every file report each row as updated once.
 */
export const VALUE_COLUMNS = {
  name: { column: 'name', sql: 'text NOT NULL', field: 'name' },
  address: { column: 'address', sql: 'text NOT NULL', field: 'full_address' },
  postalCode: { column: 'postal_code', sql: 'text', field: 'postal_code' },
  state: { column: 'state', sql: 'text', field: 'state' },
  country: { column: 'country', sql: 'text', field: 'country' },
  phone: { column: 'phone', sql: 'text', field: 'phone' },
  email: { column: 'email', sql: 'text', field: 'email' },
  website: { column: 'website', sql: 'text', field: 'website' },
  rating: { column: 'rating', sql: 'numeric(3,2)', field: 'rating', default: '0' },
  reviewCount: { column: 'review_count', sql: 'int', field: 'reviews', default: '0' },
  about: { column: 'about', sql: 'text', field: 'about' },
  description: { column: 'description', sql: 'text', field: 'description' },
  workingHours: { column: 'working_hours', sql: 'text', field: 'working_hours' },
  businessHours: { column: 'business_hours', sql: 'jsonb', field: null, default: `'{}'::jsonb` },
  photo: { column: 'photo', sql: 'text', field: 'photo' },
  locationLink: { column: 'location_link', sql: 'text', field: 'location_link' },
  placeId: { column: 'place_id', sql: 'text', field: 'place_id' },
  services: { column: 'services', sql: 'text[]', field: 'services', default: `'{}'::text[]` },
  latitude: { column: 'latitude', sql: 'double precision', field: 'latitude' },
  longitude: { column: 'longitude', sql: 'double precision', field: 'longitude' },
  isVerified: { column: 'is_verified', sql: 'boolean', field: 'is_verified', default: 'false' },
  city: { column: 'city_name', sql: 'text', field: 'city', stored: 'city_id' },
  category: { column: 'category_name', sql: 'text', field: 'category', stored: 'category_id' },
  district: { column: 'district', sql: 'text', field: 'district' },
  countryCode: { column: 'country_code', sql: 'text', field: null },
  coordinatesApproximate: { column: 'coordinates_approximate', sql: 'boolean', field: null, default: 'false' },
} as const satisfies Record<ValueKey, ValueColumn>;

export type ValueColumnKey = keyof typeof VALUE_COLUMNS;
export const VALUE_KEYS = Object.keys(VALUE_COLUMNS) as ValueColumnKey[];

/** The staging table's value columns, in COPY order. */
export const STAGED_VALUE_COLUMNS: string[] = VALUE_KEYS.map((k) => VALUE_COLUMNS[k].column);

/**
 * The week of open intervals of the parsed hours (openWeekText of domain/opening-status.ts): no file
 * column, written beside the hours by every write of a business (staged after the imported values,
 * outside the content hash, which the hours already decide), so the list filters never derive it.
 */
export const OPEN_WEEK_COLUMN = 'open_week';

/**
 * The UTC hours of the week the business is open under its city's offsets (openHoursText of
 * domain/open-hours.ts): written by the row trigger from the week and the city, or staged by the
 * import's lane for new rows, which knows the city's offsets (data/store/load-new-rows.ts).
 */
export const OPEN_HOURS_COLUMN = 'open_hours';

/**
 * The `businesses` columns an import writes, staged under the same name (city and category are
 * written as the ids the staging rows carry), plus the open intervals and the content hash.
 */
export const WRITTEN_COLUMNS: string[] = [
  ...VALUE_KEYS.map((k): string => {
    const c: ValueColumn = VALUE_COLUMNS[k];
    return c.stored ?? c.column;
  }),
  OPEN_WEEK_COLUMN,
  'content_hash',
];

/**
 * The `businesses` columns worked out from the others by the database, never written by a person:
 * the search document, the search's quality (from the rating and review count) and the open hours
 * (from the week and the city's zone). An edit's activity log leaves them out.
 */
export const DERIVED_COLUMNS = ['search_vector', 'quality', OPEN_HOURS_COLUMN] as const;

/**
 * The `businesses` columns that are not imported values: identity, slug, visibility, the derived
 * columns and timestamps. With WRITTEN_COLUMNS they are every column of the table (tested).
 */
export const OTHER_COLUMNS = ['id', 'slug', 'identity_key', 'is_active', 'is_featured', 'created_import_id', 'images', ...DERIVED_COLUMNS, 'created_at', 'updated_at'] as const;
