/**
 * Title and description of the business and city pages, computed the same way by the server's
 * crawler head (server/seo) and the client (web/src/lib/seo.ts), so both agree. Pure.
 */
import { META_DESCRIPTION_LENGTH } from './constants.js';
import { cityCategoryPath, countryCategoryPath, districtCategoryPath, searchPath, slugPath, STATIC_PAGES } from './paths.js';
import { categoryPlural } from './category-plural.js';
import { countOf, nounFor } from './plural.js';
import { FACET_VALUES } from './search.js';
import type { Business, Category, City, Country } from './types.js';

export const SITE_NAME = 'rehber';

/** Whitespace collapsed, then at most `max` characters (150). */
export function excerpt(text: string | null | undefined, max = META_DESCRIPTION_LENGTH): string {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : flat.slice(0, max).trimEnd();
}

/** The languages of the site's pages (the Cities page is Turkish, the others English). */
export type PageLang = 'en' | 'tr';

export interface PageMeta {
  title: string;
  description: string;
  /** Path of the canonical URL, to be prefixed with the site's base URL. */
  path: string;
  /** The language of the page's text; English when absent. */
  lang?: PageLang;
}

type BusinessForMeta = Pick<Business, 'name' | 'slug' | 'about' | 'address' | 'titlePlace'> & {
  category: { name: string } | null;
  city: { name: string } | null;
};

/**
 * A business's title names its category and city and, when other active businesses of the same
 * name share the city, its place in it (`titlePlace`: the district, else the street), so no two
 * business pages share a title.
 */
export function businessMeta(b: BusinessForMeta): PageMeta {
  const where = b.city?.name ? ` in ${b.city.name}` : '';
  const what = b.category?.name ? `${b.category.name}${where}` : where.trim();
  const fallback = `${b.name}${what ? `, ${what}` : ''}. ${b.address}`;
  const name = b.titlePlace ? `${b.name} (${b.titlePlace})` : b.name;
  return {
    title: `${name}${what ? ` - ${what}` : ''} | ${SITE_NAME}`,
    description: excerpt(b.about) || excerpt(fallback),
    path: slugPath('details', b.slug),
  };
}

/** A city as its page names it: with its region and country. */
export const cityPlace = (c: Pick<City, 'name' | 'state' | 'country'>): string => [c.name, c.state, c.country].filter(Boolean).join(', ');

export function cityMeta(c: Pick<City, 'name' | 'state' | 'country' | 'businessCount' | 'slug'>): PageMeta {
  const place = cityPlace(c);
  return {
    title: `Businesses in ${place} | ${SITE_NAME}`,
    description: excerpt(`${c.businessCount} local businesses in ${place}: ratings, addresses, phone numbers and working hours.`),
    path: slugPath('city', c.slug),
  };
}

/** What a heading needs of a category: its name and, when the admin set one, its plural. */
export type CategoryNames = Pick<Category, 'name'> & { pluralName?: string | null };

/**
 * Where a list's businesses are: the places of its facet (a city's districts, a country's cities),
 * most businesses first. A facet lists at most FACET_VALUES of them, so a full one says "at least".
 */
export interface PlacesCovered {
  noun: 'district' | 'city';
  names: string[];
  /** Whether `names` are all of them (a facet shorter than its bound), not only the first. */
  all: boolean;
}

/** The places of a list's facet (its labels, most businesses first); null when it has none. */
export function placesCovered(noun: PlacesCovered['noun'], facet: ReadonlyArray<{ label: string }> | undefined): PlacesCovered | null {
  const names = (facet ?? []).map((v) => v.label).filter(Boolean);
  return names.length ? { noun, names, all: names.length < FACET_VALUES } : null;
}

/** How many places a description names at most: the rest are counted. */
const PLACES_NAMED = 3;

/** "in A, B, C and 12 more districts" naming the first `named` of the places ("in 15 districts" for none). */
function placesClause({ noun, names, all }: PlacesCovered, named: number): string {
  const rest = names.length - named;
  const atLeast = all ? '' : 'at least ';
  if (!named) return `in ${atLeast}${countOf(names.length, noun)}`;
  const shown = names.slice(0, named);
  if (!rest && all) return `in ${shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : shown[0]}`;
  return `in ${shown.join(', ')} and ${atLeast}${rest} more ${nounFor(rest, noun)}`;
}

/**
 * A category in a place (a city, a district, a country): its heading as title, its count, the
 * places its businesses are in (a city's districts, a country's cities) and its best rated
 * business (the first of the list's first page, best rated first), all true of the page a search
 * engine is shown. The places are named as long as what comes before the closing words fits the
 * excerpt: a name that does not fit is dropped (and counted), never cut.
 */
function comboMeta(heading: string, total: number, best: Pick<Business, 'name' | 'rating'> | null | undefined, path: string, places?: PlacesCovered | null): PageMeta {
  const top = best && Number(best.rating) > 0 ? ` Best rated: ${best.name} (${Number(best.rating).toFixed(1)}).` : '';
  const lead = `${heading}: ${countOf(total, 'business')}`;
  let where = '';
  for (let named = Math.min(PLACES_NAMED, places?.names.length ?? 0); places && named >= 0; named--) {
    const clause = `, ${placesClause(places, named)}`;
    if (`${lead}${clause}.${top}`.length <= META_DESCRIPTION_LENGTH) {
      where = clause;
      break;
    }
  }
  const said = `${lead}${where}.${top}`;
  // The closing words say what every such page holds: left out whole rather than cut.
  const closing = `${said} Ratings, addresses, phone numbers and working hours.`;
  return { title: `${heading} | ${SITE_NAME}`, description: excerpt(closing.length <= META_DESCRIPTION_LENGTH ? closing : said), path };
}

/** The heading of a category in a city: 'Plumbers in Austin, Texas, United States' (the category's plural). */
export const cityCategoryHeading = (city: Pick<City, 'name' | 'state' | 'country'>, category: CategoryNames): string => `${categoryPlural(category)} in ${cityPlace(city)}`;

/** A category in a city: `districts`, those its businesses are in (placesCovered of its list's district facet). */
export function cityCategoryMeta(
  city: Pick<City, 'name' | 'state' | 'country' | 'slug'>,
  category: CategoryNames & Pick<Category, 'slug'>,
  total: number,
  best?: Pick<Business, 'name' | 'rating'> | null,
  districts?: PlacesCovered | null,
): PageMeta {
  return comboMeta(cityCategoryHeading(city, category), total, best, cityCategoryPath(city.slug, category.slug), districts);
}

/** The heading of a category in a district: 'Restaurants in Kadıköy, İstanbul, Türkiye' (the city as its page writes it). */
export const districtCategoryHeading = (city: Pick<City, 'name' | 'state' | 'country'>, district: string, category: CategoryNames): string =>
  `${categoryPlural(category)} in ${district}, ${cityPlace(city)}`;

/** A category in a district: as a category in a city, the district named before the city. */
export function districtCategoryMeta(
  city: Pick<City, 'name' | 'state' | 'country' | 'slug'>,
  district: { district: string; districtSlug: string },
  category: CategoryNames & Pick<Category, 'slug'>,
  total: number,
  best?: Pick<Business, 'name' | 'rating'> | null,
): PageMeta {
  return comboMeta(districtCategoryHeading(city, district.district, category), total, best, districtCategoryPath(city.slug, district.districtSlug, category.slug));
}

/** The heading of a category in a country: 'Plumbers in Türkiye'. */
export const countryCategoryHeading = (country: Pick<Country, 'name'>, category: CategoryNames): string => `${categoryPlural(category)} in ${country.name}`;

/** A category in a country: as a category in a city, `cities` in place of districts (of its list's city facet). */
export function countryCategoryMeta(
  country: Pick<Country, 'name' | 'slug'>,
  category: CategoryNames & Pick<Category, 'slug'>,
  total: number,
  best?: Pick<Business, 'name' | 'rating'> | null,
  cities?: PlacesCovered | null,
): PageMeta {
  return comboMeta(countryCategoryHeading(country, category), total, best, countryCategoryPath(country.slug, category.slug), cities);
}

export function categoryMeta(c: { name: string; slug: string; businessCount: number; description?: string | null }): PageMeta {
  return {
    title: `${c.name} | ${SITE_NAME}`,
    description: excerpt(c.description) || excerpt(`${c.businessCount} ${c.name} businesses: ratings, addresses, phone numbers and working hours.`),
    path: slugPath('category', c.slug),
  };
}

export function countryMeta(c: { name: string; slug: string; businessCount: number; cities?: unknown[] }): PageMeta {
  const cities = c.cities ? ` in ${c.cities.length} cities` : '';
  return {
    title: `Businesses in ${c.name} | ${SITE_NAME}`,
    description: excerpt(`${c.businessCount} local businesses${cities} of ${c.name}: ratings, addresses, phone numbers and working hours.`),
    path: slugPath('country', c.slug),
  };
}

/**
 * Page `page` of a list (null: its first, or a filtered or sorted view, which are the list's): a
 * page past the first is a page of its own to a search engine (its canonical link names it), so
 * its title and description say which page it is, as the list's pager does ('Page 2'), and its
 * path carries it.
 */
export function listPageMeta(meta: PageMeta, page: number | null): PageMeta {
  if (!page) return meta;
  const suffix = ` | ${SITE_NAME}`;
  const heading = meta.title.endsWith(suffix) ? meta.title.slice(0, -suffix.length) : meta.title;
  return {
    ...meta,
    title: `${heading} - Page ${page}${suffix}`,
    // First, so the excerpt's cut never drops it.
    description: excerpt(`Page ${page}: ${meta.description}`),
    path: `${meta.path}${meta.path.includes('?') ? '&' : '?'}page=${page}`,
  };
}

/** The pages without data of their own. */
export const STATIC_META: Record<'home' | 'cities' | 'categories' | 'search' | 'about', PageMeta> = {
  home: { title: `${SITE_NAME}: local businesses worldwide`, description: 'Find trusted local businesses, craftsmen and service providers in cities worldwide.', path: STATIC_PAGES.home },
  cities: { title: `Şehirler | ${SITE_NAME}`, description: 'Ülkelere göre gruplanmış tüm şehirler ve işletmeleri.', path: STATIC_PAGES.cities, lang: 'tr' },
  categories: { title: `Business Categories | ${SITE_NAME}`, description: 'Browse local businesses by category.', path: STATIC_PAGES.categories },
  search: { title: `Search Businesses | ${SITE_NAME}`, description: 'Search local businesses by service and city or postal code.', path: STATIC_PAGES.search },
  about: { title: `About Us | ${SITE_NAME}`, description: `${SITE_NAME} is a public directory of local businesses worldwide.`, path: STATIC_PAGES.about },
};

/** The search page: its query and location in the title, its URL (with them) as canonical path. */
export function searchMeta(q = '', location = ''): PageMeta {
  const [query, where] = [q.trim(), location.trim()];
  const what = [query, where].filter(Boolean).join(' in ');
  return { ...STATIC_META.search, title: what ? `Search: ${what} | ${SITE_NAME}` : STATIC_META.search.title, path: searchPath(query, where) };
}

/** The not-found screen: its own title, no canonical path. */
export const NOT_FOUND_META: Pick<PageMeta, 'title' | 'description'> = {
  title: `Page Not Found | ${SITE_NAME}`,
  description: 'The page you are looking for does not exist or has been moved.',
};
