import type { FacetValue } from '@domain/search';
import { formatNumber } from '@domain/plural';
import { cardClass } from '@/components/ui/card';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';

/** How many of a city's categories it links, most businesses first. */
const SHOWN = 12;

/**
 * A city's categories as links to their page in the city ('Cafés in İstanbul'): what leads a
 * visitor, and a crawler, from a city to its categories' pages. `categories`: the city list's
 * category counts (its facets), so no read of its own.
 */
export function CityCategories({ citySlug, cityName, categories }: { citySlug: string; cityName: string; categories: FacetValue[] | undefined }) {
  const top = [...(categories ?? [])].sort((a, b) => b.count - a.count).slice(0, SHOWN);
  if (!top.length) return null;
  return (
    <nav aria-label={`Categories in ${cityName}`} className={cardClass('p-4')}>
      <h2 className="mb-2 text-lg font-semibold text-gray-900">Categories in {cityName}</h2>
      <ul className="flex flex-wrap gap-2" data-city-categories="">
        {top.map((c) => (
          <li key={c.value}>
            <Link to={paths.cityCategory(citySlug, c.value)} className="inline-block rounded border border-gray-200 px-2 py-1 text-sm text-blue-700 hover:underline">
              {c.label} in {cityName} <span className="text-gray-700">({formatNumber(c.count)})</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
