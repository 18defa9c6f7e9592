import type { DistrictCategoryLink } from '@domain/types';
import { formatNumber } from '@domain/plural';
import { cardClass } from '@/components/ui/card';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';

/**
 * Links from a category in a city to the same category in each of its districts that is a page
 * for search engines ('Cafés in Kadıköy (12)'), in the read's order: how a visitor, and a
 * crawler, reach them. Thin ones are left out, as the sitemaps leave them out.
 */
export function DistrictCategoryLinks({ citySlug, category, categorySlug, links }: { citySlug: string; /** The category as a group: its plural. */ category: string; categorySlug: string; links: DistrictCategoryLink[] | undefined }) {
  const pages = links?.filter((l) => l.indexable);
  if (!pages?.length) return null;
  const title = `${category} by district`;
  return (
    <nav aria-label={title} className={cardClass('p-4')}>
      <h2 className="mb-2 text-lg font-semibold text-gray-900">{title}</h2>
      <ul className="flex flex-wrap gap-2" data-district-categories="">
        {pages.map((l) => (
          <li key={l.districtSlug}>
            <Link to={paths.districtCategory(citySlug, l.districtSlug, categorySlug)} className="place-link">
              {`${category} in ${l.district} `}
              <span className="text-gray-700">{`(${formatNumber(l.count)})`}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
