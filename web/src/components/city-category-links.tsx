import type { CityCategoryLink } from '@domain/types';
import { formatNumber } from '@domain/plural';
import { cardClass } from '@/components/ui/card';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';

/**
 * Links to categories in a city ('Cafés in İstanbul (12)'): what leads a visitor, and a crawler,
 * from a city, a category or a country to the pages of its categories in a city. Only those that
 * are pages for search engines are given (the read leaves out the thin ones), in the read's order.
 */
export function CityCategoryLinks({ title, links }: { title: string; links: CityCategoryLink[] | undefined }) {
  if (!links?.length) return null;
  return (
    <nav aria-label={title} className={cardClass('p-4')}>
      <h2 className="mb-2 text-lg font-semibold text-gray-900">{title}</h2>
      <ul className="flex flex-wrap gap-2" data-city-categories="">
        {links.map((l) => (
          <li key={`${l.citySlug}/${l.categorySlug}`}>
            <Link to={paths.cityCategory(l.citySlug, l.categorySlug)} className="inline-block rounded border border-gray-200 px-2 py-1 text-sm text-blue-700 hover:underline">
              {l.category} in {l.city} <span className="text-gray-700">({formatNumber(l.count)})</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
