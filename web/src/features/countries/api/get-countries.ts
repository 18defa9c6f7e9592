import { queryOptions, useQuery } from '@tanstack/react-query';
import { slugifyText } from '@data/domain/slug';
import type { Country } from '@data/domain/types';
import { apiGet } from '@/lib/api';

export const getCountries = () => apiGet<Country[]>('/api/countries');

export const countriesOptions = () => queryOptions({ queryKey: ['api', 'countries'], queryFn: getCountries });

export const useCountries = () => useQuery(countriesOptions());

/**
 * The slug of a country page from a country's name: the countries list's when it has loaded, else
 * the slug rule's (what the loader gives every new country), so the server's HTML and the first
 * client render carry the same link.
 */
export function useCountrySlug(): (name: string) => string {
  const { data } = useCountries();
  const bySlug = new Map((data ?? []).map((c) => [c.name.toLowerCase(), c.slug]));
  return (name) => bySlug.get(name.toLowerCase()) ?? slugifyText(name);
}
