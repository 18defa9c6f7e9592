import type { CountryCategoryLink } from '@domain/types';
import { formatNumber } from '@domain/plural';
import { cardClass } from '@/components/ui/card';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';

/**
 * Links to categories in a country ('Cafés in Türkiye (120)'): how a visitor, and a crawler, go
 * from a country or a category to the pages of its categories in a country. Only those that are
 * pages for search engines are given (the read leaves out the thin ones), in the read's order.
 */
export function CountryCategoryLinks({ title, links }: { title: string; links: CountryCategoryLink[] | undefined }) {
  if (!links?.length) return null;
  return (
    <nav aria-label={title} className={cardClass('p-4')}>
      <h2 className="mb-2 text-lg font-semibold text-gray-900">{title}</h2>
      <ul className="flex flex-wrap gap-2" data-country-categories="">
        {links.map((l) => (
          <li key={`${l.countrySlug}/${l.categorySlug}`}>
            <Link to={paths.countryCategory(l.countrySlug, l.categorySlug)} className="inline-block rounded border border-gray-200 px-2 py-1 text-sm text-blue-700 hover:underline">
              {l.category} in {l.country} <span className="text-gray-700">({formatNumber(l.count)})</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
