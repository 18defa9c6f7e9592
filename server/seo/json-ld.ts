/**
 * schema.org JSON-LD of the public pages: LocalBusiness on a business page, BreadcrumbList on
 * business, city, category and country pages, ItemList on city and category pages, WebSite with its
 * SearchAction on home. Pure: data in, objects out.
 *
 * No aggregateRating: Google's review-snippet rules exclude ratings collected on other sites, and
 * ours come from imported files.
 */
import { STATIC_PAGES } from '../../domain/paths.js';
import { safeHttpUrl } from '../../domain/safe-url.js';
import type { Business, BusinessHours } from '../../domain/types.js';
import { DAYS, DAY_LABELS, toIsoTime } from '../../domain/working-hours.js';
import { streetAddress } from '../../data/places/street.js';

// toIsoTime lives with the other readings of working hours; the seo tests import it from here.
export { toIsoTime };

export function openingHoursSpecification(hours: BusinessHours): object[] {
  const out: object[] = [];
  for (const key of DAYS) {
    const label = DAY_LABELS[key];
    const h = hours?.[key];
    if (!h || h.closed) continue;
    // A day of several shifts is one specification each, so the break between them is closed.
    for (const shift of h.shifts ?? [{ open: h.open, close: h.close }]) {
      const opens = toIsoTime(shift.open);
      let closes = toIsoTime(shift.close);
      if (!opens || !closes) continue;
      // Round the clock is 00:00-23:59 in schema.org's convention.
      if (closes === '24:00') closes = '23:59';
      out.push({ '@type': 'OpeningHoursSpecification', dayOfWeek: `https://schema.org/${label}`, opens, closes });
    }
  }
  return out;
}

const CONTEXT = 'https://schema.org';

/** `image`: the business's photo as an absolute URL (og-image.ts photoUrlFor), null without one. */
export function businessJsonLd(b: Business, pageUrl: string, image: string | null = null): Record<string, unknown> {
  const ld: Record<string, unknown> = {
    '@context': CONTEXT,
    '@type': 'LocalBusiness',
    name: b.name,
    url: pageUrl,
    address: {
      '@type': 'PostalAddress',
      // The street alone: the locality has fields of its own.
      streetAddress: streetAddress(b.address, { city: b.city?.name, district: b.district, state: b.state, postalCode: b.postalCode, country: b.country }),
      ...(b.city?.name ? { addressLocality: b.city.name } : {}),
      ...(b.state ? { addressRegion: b.state } : {}),
      ...(b.postalCode ? { postalCode: b.postalCode } : {}),
      // schema.org asks for the ISO 3166-1 alpha-2 code; the name only when ISO does not know the country.
      ...(b.countryCode || b.country ? { addressCountry: b.countryCode ?? b.country } : {}),
    },
  };
  if (b.about || b.description) ld.description = b.about || b.description;
  // A phone in E.164 ('+902165551212'); text that is no phone is left out rather than offered as one.
  if (b.phoneE164) ld.telephone = b.phoneE164;
  if (b.email) ld.email = b.email;
  if (image) ld.image = image;
  const website = safeHttpUrl(b.website);
  if (website) ld.sameAs = [website];
  // A city's centre (coordinatesApproximate) is given too: it places the business in its city.
  if (typeof b.latitude === 'number' && typeof b.longitude === 'number' && Number.isFinite(b.latitude) && Number.isFinite(b.longitude)) {
    ld.geo = { '@type': 'GeoCoordinates', latitude: b.latitude, longitude: b.longitude };
  }
  const hours = openingHoursSpecification(b.businessHours);
  if (hours.length) ld.openingHoursSpecification = hours;
  return ld;
}

/** One step of a breadcrumb trail: its name and absolute URL. */
export interface Crumb {
  name: string;
  url: string;
}

/** The trail from home to the page itself (the last crumb). */
export function breadcrumbJsonLd(crumbs: Crumb[]): Record<string, unknown> {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: c.url })),
  };
}

/**
 * The businesses a city or category page lists, in its order, as Google's summary-page carousel
 * reads them: each a ListItem with its position (counted from `first`, the page's first place), the
 * URL of its own page and its name.
 */
export function itemListJsonLd(items: Array<{ name: string; url: string }>, first = 1): Record<string, unknown> {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    itemListElement: items.map((it, i) => ({ '@type': 'ListItem', position: first + i, url: it.url, name: it.name })),
  };
}

/** The site itself, with the search box Google may offer under its result: /search?q=. */
export function webSiteJsonLd(baseUrl: string, name: string): Record<string, unknown> {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name,
    url: baseUrl + STATIC_PAGES.home,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${baseUrl}${STATIC_PAGES.search}?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}
