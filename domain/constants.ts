/** The product's constants and the list sizes left to us, in one place. */

/**
 * Columns read from an import file. The import columns and the optional ones are 22; files from scrapers
 * carry a few dozen more. A header far wider than this is a hostile or broken file: refused before
 * any row is parsed, so a million empty columns cost nothing.
 */
export const MAX_COLUMNS = 500;
/**
 * Longest text between two tags in the parts of an XLSX that exceljs parses: in effect one cell's
 * text, which exceljs holds whole in memory. A spreadsheet cell holds at most 32,767 characters,
 * about 200 KB of XML at worst (6 bytes for `&quot;`); past 1 MB a part is made to exhaust the
 * reader, and is refused before it reaches exceljs.
 */
export const MAX_XML_TEXT_BYTES = 1024 * 1024;
/**
 * Largest legacy .xls read. SheetJS reads the whole file into a buffer outside the worker's heap
 * limit, so the file's size is the only bound on that memory. The format holds at most 65,536
 * rows (a full sheet of ten text columns is about 40 MB), so 100 MB refuses no real sheet.
 */
export const MAX_XLS_BYTES = 100 * 1024 * 1024;
export const LARGE_FILE_THRESHOLD_BYTES = 50 * 1024 * 1024;
/** A CSV at most this big comes back from upload as csvData (at most 5 MB). */
export const CSV_DATA_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_START_DELAY_MS = 500;
export const LOGIN_REDIRECT_DELAY_MS = 500;
export const DETAIL_FETCH_RETRIES = 3;
export const DETAIL_FETCH_RETRY_DELAY_MS = 1000;
export const STARS = 5;
export const META_DESCRIPTION_LENGTH = 150;
export const AD_SLOT_WIDTH = 300;
export const AD_SLOT_HEIGHT = 250;
export const FALLBACK_BUSINESS_COUNT = '60,000+';
export const FALLBACK_BUSINESS_COUNT_SHORT = '60k';
export const CRAFTSMEN_FIGURE = 150;
export const SKELETONS = { cities: 12, countries: 9, cityPage: 6, sitemapRows: 5 } as const;
export const ADMIN_PAGE_SIZE = 50;
/** A business deleted by the admin waits this many days in the trash at least (docs/trash.md). */
export const TRASH_RETENTION_DAYS = 30;
export const PUBLIC_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
/**
 * How deep a public list pages: its pages reach its first this many businesses, no further (the
 * deepest page of a size is MAX_LIST_DEPTH / size, rounded down: 416 of 24, 100 of 100). A page
 * is a walk of its list's index from the top, so a page's cost grows with its depth: a stranger's
 * page 9,007,199,254,740,991 would walk a category's whole listing (an open-now page counts ten
 * pages past its own). Past ten thousand a visitor filters or searches rather than pages, as on
 * the search engines and big directories that stop a list about there; every business is still
 * reached through its district's, category's and city's pages and the sitemaps. A page past it
 * answers as a page past the last: no business, the list's total (docs/security-limits.md).
 */
export const MAX_LIST_DEPTH = 10_000;
export const SITEMAP_MAX_URLS = 9000;
/**
 * The least number of active businesses that makes a category in a city a page for search
 * engines (COMBO_MIN_BUSINESSES): fewer is a thin page, served with noindex and left out of
 * sitemaps (docs/public-site.md).
 */
export const CITY_CATEGORY_MIN_BUSINESSES = 3;
/**
 * How many categories in a city (those that are pages) each page links, most businesses first. A
 * city links all of its own (a directory has dozens of categories, not thousands; the bound only
 * keeps a page finite), so every such page is reached from its city; a category links its top
 * cities and a country its top combinations as shortcuts.
 */
export const CITY_CATEGORY_LINKS = { city: 200, category: 24, country: 12 } as const;
/**
 * How many categories in a country (those that are pages) each page links: a country all of its
 * own (the bound, again, only keeps a page finite), so every one is reached from its country; a
 * category its top countries.
 */
export const COUNTRY_CATEGORY_LINKS = { country: 200, category: 24 } as const;
export const SITEMAP_REFRESH_MS = 5000;
/**
 * How many of a country's cities its page shows as cards, the biggest; the others are plain links
 * with their counts, by name, so every city page stays linked from its country's page. A card is
 * about a kilobyte of HTML: every city of a big country as one made its page hundreds of kilobytes
 * and most of its render (docs/performance.md).
 */
export const COUNTRY_CITY_CARDS = 24;
export const SITEMAP_PROGRESS_POLL_MS = 1000;
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const DEFAULT_COUNTRY = 'United States';

/** Home page lists: featured = best rated verified-first, recent = newest, popular = most businesses. */
export const FEATURED_LIMIT = 8;
export const RECENT_LIMIT = 8;
export const POPULAR_CITIES_LIMIT = 8;

/** Login throttling: failures allowed per window, per username and per address. */
/** Sign-in attempts per address and username in one LOGIN_WINDOW_MS (the right password included once past it). */
export const LOGIN_MAX_FAILURES = 5;
/** Sign-in attempts per address, whatever the usernames, in one LOGIN_WINDOW_MS. */
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 20;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** Admin accounts (docs/security-accounts.md): the longest username anyone may create or sign in with. */
export const USERNAME_MAX_LENGTH = 64;
/** The shortest admin password, on every path that sets one (CLI, ADMIN_PASSWORD at start). */
export const MIN_PASSWORD_LENGTH = 8;
/** The longest: a password is hashed before it is compared, and hashing megabytes is not free. */
export const MAX_PASSWORD_LENGTH = 1024;

/** Uploads larger than this are refused with 413. */
export const UPLOAD_MAX_BYTES = 1024 * 1024 * 1024;
/**
 * An undo that would remove more businesses than this runs only with that number typed by the
 * admin (the dashboard's dialog, the API's confirmCount, the CLI's prompt or --confirm): the
 * sample's 2,000 businesses were two clicks from gone.
 */
export const UNDO_TYPED_COUNT_OVER = 1000;
