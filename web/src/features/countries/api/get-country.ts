import { queryOptions } from '@tanstack/react-query';
import type { CountryDetail } from '@domain/types';
import { countryPage } from '@domain/country-page';
import { apiGet } from '@/lib/api';
import { usePageQuery } from '@/lib/page-query';

/** A country with its cities narrowed to what its page draws, as the server render's loader keeps it. */
export const getCountry = (slug: string) => apiGet<CountryDetail>(`/api/countries/${encodeURIComponent(slug)}`).then(countryPage);

export const countryOptions = (slug: string) => queryOptions({ queryKey: ['api', 'countries', slug], queryFn: () => getCountry(slug) });

export const useCountry = (slug: string) => usePageQuery(countryOptions(slug));
