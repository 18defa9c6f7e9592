/**
 * The public API's reads as functions (the map at the bottom of types.ts), for server rendering:
 * the server implements them over db/queries, in process, and the web client's route loaders put
 * their answers under the same query keys its fetchers use, so a server-rendered page carries its
 * data and the client does not ask for it again. A null is the API's 404.
 */
import type { ListFilters, ListPage } from './search.js';
import type { Business, Category, City, CountryDetail, Stats } from './types.js';

export interface SearchQuery {
  q: string;
  location: string;
  /** Filters, sort and page (ListFilters' page). */
  filters: ListFilters;
}

export interface PublicReads {
  stats(): Promise<Stats>;
  featuredBusinesses(): Promise<Business[]>;
  recentBusinesses(): Promise<Business[]>;
  popularCities(): Promise<City[]>;
  business(slug: string): Promise<Business | null>;
  cities(): Promise<City[]>;
  city(slug: string): Promise<City | null>;
  cityBusinesses(city: City, filters: ListFilters): Promise<ListPage>;
  categories(): Promise<Category[]>;
  category(slug: string): Promise<Category | null>;
  categoryBusinesses(category: Category, filters: ListFilters): Promise<ListPage>;
  country(slug: string): Promise<CountryDetail | null>;
  search(query: SearchQuery): Promise<ListPage>;
}
