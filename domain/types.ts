/**
 * The shapes the API answers with, shared by server and web. Plain types only: the web
 * client imports this file too.
 */

export interface NamedRef {
  name: string;
  slug: string;
}

/** One opening of a day, times as the file wrote them ('9AM', '14:00'). */
export interface Shift {
  open: string;
  close: string;
}

/**
 * A day: `open` and `close` are its first opening and its last closing; `shifts`, when the day has
 * more than one ('09:00-12:00, 14:00-18:00'), each of them in order, so a lunch break is closed.
 */
export interface DayHours {
  open?: string;
  close?: string;
  closed?: boolean;
  shifts?: Shift[];
}

export type BusinessHours = Partial<Record<'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday', DayHours>>;

export interface Business {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  categoryId: number | null;
  cityId: number | null;
  address: string;
  postalCode: string | null;
  state: string | null;
  country: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  rating: number;
  reviewCount: number;
  about: string | null;
  workingHours: string | null;
  photo: string | null;
  locationLink: string | null;
  placeId: string | null;
  latitude: number | null;
  longitude: number | null;
  /** The coordinates are the city's centre, not the business's own spot. */
  coordinatesApproximate: boolean;
  /** The part of the city the address names ('Kadıköy', 'Brooklyn'). */
  district: string | null;
  /** ISO 3166-1 alpha-2 of `country`. */
  countryCode: string | null;
  /** The phone for a tel: link ('+902165551212'); null when it cannot be a phone. */
  phoneE164: string | null;
  /** The phone as the page shows it: national format in its own country, else international; as written when it is no phone. */
  phoneDisplay: string | null;
  isVerified: boolean;
  isActive: boolean;
  images: string[];
  businessHours: BusinessHours;
  services: string[];
  createdAt: string;
  updatedAt: string;
  /** Its category, with the plural the admin set when there is one (a business page's "More … in …"). */
  category: (NamedRef & { pluralName?: string }) | null;
  city: NamedRef | null;
  /** The IANA time zone its hours are read in (its city's); null when unknown: no open-now status. */
  timeZone?: string | null;
  /**
   * Only on the detail answer, and only when other active businesses of the same name share the
   * city: the business's district, else its street, which its page title adds (page-meta.ts).
   */
  titlePlace?: string | null;
  /**
   * Only in a list near a point (and "More nearby"): metres from the point. With
   * `coordinatesApproximate` it is the city centre's distance, which a card does not show.
   */
  distance?: number;
}

export interface City {
  id: number;
  name: string;
  state: string | null;
  country: string;
  businessCount: number;
  slug: string;
  createdAt: string;
}

export interface Category {
  id: number;
  name: string;
  slug: string;
  /** Its plural as the admin set it; null: the rule's (categoryPlural, domain/category-plural.ts). */
  pluralName: string | null;
  description: string | null;
  businessCount: number;
  createdAt: string;
}

/**
 * A category as a page that names it shows it (a category in a city, a district or a country):
 * without its count over every city, which any write of its businesses anywhere moves, so that
 * such a page is kept through the writes of other cities (docs/caching.md).
 */
export type CategorySummary = Omit<Category, 'businessCount'>;

/** A link to a category in a city that is a page for search engines (COMBO_MIN_BUSINESSES or more active businesses). */
export interface CityCategoryLink {
  citySlug: string;
  city: string;
  categorySlug: string;
  category: string;
  /** The category's plural as the admin set it (null: the rule's), for the link's text. */
  categoryPluralName: string | null;
  /** Its active businesses. */
  count: number;
}

/**
 * A district of a city where a category has active businesses: the link to the category in that
 * district (GET /api/cities/:slug/categories/:category/districts, most businesses first).
 */
export interface DistrictCategoryLink {
  /** The district's name as its businesses spell it. */
  district: string;
  /** Its name by the slug rule: the district's segment of the page's path. */
  districtSlug: string;
  /** Its active businesses of the category. */
  count: number;
  /** At least COMBO_MIN_BUSINESSES: a page for search engines (fewer is noindex and linked from nowhere). */
  indexable: boolean;
}

/** A link to a category in a country that is a page for search engines (COMBO_MIN_BUSINESSES or more active businesses). */
export interface CountryCategoryLink {
  countrySlug: string;
  country: string;
  categorySlug: string;
  category: string;
  /** The category's plural as the admin set it (null: the rule's), for the link's text. */
  categoryPluralName: string | null;
  /** Its active businesses (those of the country's cities). */
  count: number;
}

/** A city's page: the city and its categories that are pages. */
export interface CityDetail extends City {
  cityCategories: CityCategoryLink[];
}

/** A category's page: the category and its top cities where it is a page. */
export interface CategoryDetail extends Category {
  cityCategories: CityCategoryLink[];
  /** Its top countries where it is a page. */
  countryCategories: CountryCategoryLink[];
}

export interface Country {
  name: string;
  slug: string;
  businessCount: number;
}

export interface CountryStat {
  country: string;
  count: number;
}

export interface Stats {
  totalBusinesses: number;
  totalCities: number;
  totalCategories: number;
  totalCountries: number;
}

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

export interface Page<T> {
  items: T[];
  pagination: Pagination;
}

export interface AdminBusiness {
  id: number;
  name: string;
  slug: string;
  address: string;
  city: { name: string } | null;
  country: string | null;
  category: { name: string } | null;
  rating: number;
  isVerified: boolean;
  isActive?: boolean;
  isFeatured?: boolean;
}

/** GET /api/admin/businesses/:id: everything the edit form shows, as file headers (the import's vocabulary). */
export interface AdminBusinessDetail {
  id: number;
  slug: string;
  isActive: boolean;
  isFeatured: boolean;
  fields: Record<string, string>;
}

/** The admin list's filters (all optional; kept in the page's URL). */
export interface AdminListFilters {
  country?: string;
  city?: string;
  category?: string;
  status?: 'active' | 'hidden' | 'featured';
  verified?: boolean;
}

/** The admin list's sort: by a column, ascending or descending (newest first by default). */
export const ADMIN_SORTS = ['newest', 'name', 'city', 'country', 'category', 'rating'] as const;
export interface AdminSort {
  by: (typeof ADMIN_SORTS)[number];
  order: 'asc' | 'desc';
}

/** The bulk actions of the admin list (POST /api/admin/business-actions). */
export const BULK_ACTIONS = ['hide', 'show', 'delete', 'feature', 'unfeature', 'verify', 'unverify'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** GET /api/admin/trash: one deleted business waiting in the trash, newest first. */
export interface TrashEntry {
  id: number;
  name: string;
  slug: string;
  city: string | null;
  deletedAt: string;
  deletedBy: string | null;
}

export interface TrashList {
  entries: TrashEntry[];
  pagination: Pagination;
}

export interface AdminBusinessList {
  businesses: AdminBusiness[];
  pagination: Pagination;
  /** A filtered list of many matches: at least `pagination.total`, not counted further. */
  totalCapped?: boolean;
  /** A broad search: about `pagination.total` matches (the database's estimate), not counted. */
  totalApprox?: boolean;
}

export interface UploadResponse {
  rowCount: number;
  filePath: string;
  csvHeaders?: string[];
  csvData?: string;
}

export interface ImportResult {
  success: boolean;
  imported: number;
  updated: number;
  /** SPEC's count: rows that changed nothing, unchanged and rejected alike. */
  skipped: number;
  /** Rows of businesses that already hold every value the row carries. */
  unchanged?: number;
  /** Rows refused for a reason (listed in `errors`). */
  rejected?: number;
  /** The import's record (its undo and its rejected rows' CSV go by it). */
  importId?: number;
  errors: string[];
}

/** upsert: new and changed rows are written; insert: existing businesses are never changed. */
export type ImportMode = 'upsert' | 'insert';

export interface ImportRecord extends ImportResult {
  id: number;
  fileName: string;
  source: 'web' | 'cli' | 'sample';
  username: string | null;
  mode: ImportMode;
  status: 'running' | 'done' | 'failed';
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  rowsRead: number;
  message: string | null;
  /** When (and by whom) the import was undone; null while it stands. */
  undoneAt: string | null;
  undoneBy: string | null;
}

/** One business a preview would change: each changed field, before → after (as text). */
export interface ChangeSample {
  business: string;
  fields: { field: string; before: string | null; after: string | null }[];
}

/** A value an admin set by hand since the business's last import, which a previewed file would overwrite. */
export interface OverwriteSample {
  business: string;
  /** The field's label. */
  field: string;
  /** The admin's value, and the file's. */
  admin: string | null;
  file: string | null;
  username: string | null;
}

/** A business a previewed file would create, and the place it would land in. */
export interface NewBusinessSample {
  name: string;
  city: string | null;
  district: string | null;
  country: string | null;
}

/** POST /api/admin/import-preview and `rehber import --dry-run`: what a file would do, written nowhere. */
export interface ImportPreview extends ImportResult {
  dryRun: true;
  changes: ChangeSample[];
  /** Businesses whose hand-edited values the file would overwrite, and the first few such values. */
  overwrites: { count: number; examples: OverwriteSample[] };
  /** The first few businesses the file would create. */
  newBusinesses: NewBusinessSample[];
  /**
   * The dashboard's preview: the upload token to import exactly what this preview showed (it
   * replaces the token previewed, and is refused with other options).
   */
  filePath?: string;
}

/** GET /api/admin/imports/:id/businesses: what an import created and changed (the first 100 of each). */
export interface ImportBusinesses {
  created: { id: number; name: string; slug: string }[];
  changed: { id: number; name: string; slug: string; fields: string[] }[];
}

/** POST /api/admin/imports/:id/undo. */
export interface UndoResult {
  importId: number;
  /** New businesses of the import that were removed. */
  removed: number;
  /** Businesses whose changed values went back. */
  restored: number;
  /** Businesses left alone because they were changed again after the import. */
  keptChanged: number;
  /**
   * Businesses left alone because the category or city they had before the import is gone
   * (removed when it emptied, or merged before merges were recorded): nowhere to put them back.
   */
  keptPlaceGone: number;
}

/** GET /api/admin/imports/:id/undo: what undoing an import would do now, before it is asked. */
export interface UndoPlan {
  importId: number;
  /** New businesses of the import an undo would remove. */
  removes: number;
  /** Businesses whose changed values would go back. */
  restores: number;
  /** Set when `removes` is over UNDO_TYPED_COUNT_OVER: the undo must carry `removes` as its confirmCount. */
  typedCountRequired: boolean;
}

export interface AdminCheck {
  authenticated: boolean;
  username?: string;
}

export interface SitemapStats {
  totalBusinesses: number;
  totalCategories: number;
  totalCities: number;
  totalCountries: number;
  /** Categories in a city with at least COMBO_MIN_BUSINESSES active businesses: the pages their sitemap lists. */
  totalCityCategories: number;
  /** Categories in a district with at least COMBO_MIN_BUSINESSES active businesses (a district spelled two ways counted per spelling). */
  totalDistrictCategories: number;
  /** Categories in a country with at least COMBO_MIN_BUSINESSES active businesses. */
  totalCountryCategories: number;
  lastGenerated: string | null;
  /** The base URL the served sitemaps name; before the first generation, the one Generate would use. */
  baseUrl: string;
}

export interface SitemapFile {
  name: string;
  type: string;
  count: number;
  size: string;
  status: string;
  lastModified: string;
  url: string;
  /** The last validation's findings in this file (status 'error'). */
  errors?: string[];
}

export interface SitemapValidation {
  validFiles: number;
  errors: string[];
}

export interface ApiError {
  message: string;
}

/**
 * The public read API, answer shapes:
 *   GET /api/stats                               Stats
 *   GET /api/businesses/featured                 Business[]   (FEATURED_LIMIT)
 *   GET /api/businesses/recent                   Business[]   (RECENT_LIMIT)
 *   GET /api/businesses/detail/:slug             Business     (the full slug, with or without the place-id suffix)
 *   GET /api/businesses/detail/:slug/nearby      Business[]   ("More nearby": MORE_NEARBY_LIMIT nearest precise ones, with `distance`)
 *   GET /api/cities/popular                      City[]       (POPULAR_CITIES_LIMIT, most businesses first)
 *   GET /api/cities                              City[]       (every city with at least one business)
 *   GET /api/cities/:slug                        City
 *   GET /api/cities/:slug/businesses?page=       ListPage (domain/search.ts; ListFilters as query parameters)
 *   GET /api/cities/:slug/categories/:category/districts  DistrictCategoryLink[]
 *   GET /api/categories                          Category[]
 *   GET /api/categories/:slug                    Category
 *   GET /api/categories/:slug/businesses?page=   ListPage (idem)
 *   GET /api/countries                           Country[]
 *   GET /api/countries/:slug                     CountryDetail
 *   GET /api/countries/:slug/summary             Country      (without its cities and links: a category in a country's page)
 *   GET /api/search?q=&location=&page=           ListPage (idem)
 *   (the three lists take near=<lat>,<lng> and radius=<km>: domain/nearby.ts)
 *   GET /api/suggest?q=                          Suggestions
 * Unknown slugs answer 404 {message}; a `page` that is not a positive integer answers 400 {message}.
 */
export interface CountryDetail extends Country {
  cities: City[];
  /** Its top categories in a city that are pages. */
  cityCategories: CityCategoryLink[];
  /** Its categories that are pages in it (a category in the country). */
  countryCategories: CountryCategoryLink[];
}

/** GET /api/admin/places/reresolve: the background re-resolution of every business's place. */
export interface ReresolveStatus {
  running: boolean;
  /** Businesses read so far. */
  checked: number;
  /** Businesses whose place changed. */
  changed: number;
  citiesRemoved: number;
  countriesRemoved: number;
  finishedAt: string | null;
  error: string | null;
}
