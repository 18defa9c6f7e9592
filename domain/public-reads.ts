/**
 * The public API's reads as functions (the map at the bottom of types.ts), for server rendering:
 * the server implements them over db/queries, in process, and the web client's route loaders put
 * their answers under the same query keys its fetchers use, so a server-rendered page carries its
 * data and the client does not ask for it again. A null is the API's 404.
 */
import type { ListFilters, ListPage } from './search.js';
import type { Business, Category, CategoryDetail, CategorySummary, City, CityDetail, Country, CountryDetail, DistrictCategoryLink, Stats } from './types.js';
import type { NearbyRow } from './card-row.js';

export interface SearchQuery {
  q: string;
  location: string;
  /** Filters, sort and page (ListFilters' page). */
  filters: ListFilters;
}

/** A city or a category: the groups of businesses that have a page and a list of their own. */
export type GroupKind = 'city' | 'category';
/** A city or category read by its slug, with its categories in a city that are pages. */
export interface Groups {
  city: CityDetail;
  category: CategoryDetail;
}
/**
 * A city or category by its slug without its links: what a category in a city, a district or a
 * country names. A category's comes without its count (CategorySummary); a city's keeps its own,
 * which moves with the city's list that such a page shows anyway.
 */
export interface GroupSummaries {
  city: City;
  category: CategorySummary;
}

export interface PublicReads {
  stats(): Promise<Stats>;
  featuredBusinesses(): Promise<Business[]>;
  recentBusinesses(): Promise<Business[]>;
  popularCities(): Promise<City[]>;
  business(slug: string): Promise<Business | null>;
  /** "More nearby" on a business's page: the nearest other businesses with precise coordinates, with their distances, as their compact cards' rows. */
  nearbyRows(business: Business): Promise<NearbyRow[]>;
  cities(): Promise<City[]>;
  categories(): Promise<Category[]>;
  /** A city or category by its slug. */
  group<K extends GroupKind>(kind: K, slug: string): Promise<Groups[K] | null>;
  /** A city or category by its slug without its links (a page that names it and draws none of them). */
  groupSummary<K extends GroupKind>(kind: K, slug: string): Promise<GroupSummaries[K] | null>;
  /** A page of a city's or category's businesses (`filters.page`, the first by default). */
  groupBusinesses(kind: GroupKind, group: GroupSummaries[GroupKind], filters: ListFilters): Promise<ListPage>;
  /** The districts of `city` where `category` has active businesses, each with its link (one name per slug). */
  categoryDistricts(city: City, category: CategorySummary): Promise<DistrictCategoryLink[]>;
  country(slug: string): Promise<CountryDetail | null>;
  /** A country by its slug without its cities and links (a category in a country names it). */
  countrySummary(slug: string): Promise<Country | null>;
  search(query: SearchQuery): Promise<ListPage>;
}
