/**
 * A business page's trails, for its JSON-LD (server/seo/page-tags.ts) and the trail the page shows
 * (web/src/features/businesses/components/business-trail.tsx), so both name the same pages. Pure: the
 * web client imports it too.
 */
import { categoryPlural } from './category-plural.js';
import { cityCategoryPath, countryCategoryPath, districtCategoryPath, slugPath, STATIC_PAGES } from './paths.js';
import { slugifyText } from './slug.js';
import type { Business } from './types.js';

/** One step of a trail: its label and its path (the business itself last). */
export interface TrailStep {
  label: string;
  path: string;
}

export interface BusinessTrails {
  /** Home › its country › its city › its category in the city › in its district › the business: each step one place narrower. */
  place: TrailStep[];
  /**
   * Home › its country › its category in the country › the business: the other way down to it,
   * when it has a category and a country with a page (it is one of the combination's businesses,
   * so the combination has a page).
   */
  inCountry: TrailStep[] | null;
}

type BusinessForTrail = Pick<Business, 'name' | 'slug' | 'district' | 'country' | 'city' | 'category'>;

/**
 * A category's step names the list of its kind there, so by its plural ('Plumbers'), as that page's
 * own trail does. A step is left out where its page does not exist: a country whose name has nothing for the slug
 * rule (its page's slug is its name's), a city or category the business lacks, a district with no
 * slug.
 */
export function businessTrails(b: BusinessForTrail): BusinessTrails {
  const home: TrailStep = { label: 'Home', path: STATIC_PAGES.home };
  const self: TrailStep = { label: b.name, path: slugPath('details', b.slug) };
  const countrySlug = b.country ? slugifyText(b.country) : '';
  const country: TrailStep[] = countrySlug ? [{ label: b.country!, path: slugPath('country', countrySlug) }] : [];
  const place = [home, ...country];
  if (b.city) {
    place.push({ label: b.city.name, path: slugPath('city', b.city.slug) });
    // Its category in its city: the list a visitor compares it in.
    if (b.category) place.push({ label: categoryPlural(b.category), path: cityCategoryPath(b.city.slug, b.category.slug) });
    // Narrower still, its category in its district, when its district has a page (a slug).
    const district = b.district ? slugifyText(b.district) : '';
    if (b.category && district) place.push({ label: b.district!, path: districtCategoryPath(b.city.slug, district, b.category.slug) });
  }
  place.push(self);
  const inCountry = countrySlug && b.category ? [home, ...country, { label: categoryPlural(b.category), path: countryCategoryPath(countrySlug, b.category.slug) }, self] : null;
  return { place, inCountry };
}
