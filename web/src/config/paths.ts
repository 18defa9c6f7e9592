/** Every route of the SPA, derived from the one table of public paths in domain/paths.ts. */
import { ADMIN_PAGES, cityCategoryPath, countryCategoryPath, districtCategoryPath, searchPath, slugPath, STATIC_PAGES } from '@domain/paths';

export const paths = {
  ...STATIC_PAGES,
  details: (slug: string) => slugPath('details', slug),
  city: (slug: string) => slugPath('city', slug),
  cityCategory: cityCategoryPath,
  districtCategory: districtCategoryPath,
  countryCategory: countryCategoryPath,
  category: (slug: string) => slugPath('category', slug),
  country: (slug: string) => slugPath('country', slug),
  search: searchPath,
  admin: ADMIN_PAGES,
} as const;
