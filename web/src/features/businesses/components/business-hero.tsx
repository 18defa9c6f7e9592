import type { Business } from '@domain/types';
import { slugifyText } from '@domain/slug';
import { categoryPlural } from '@domain/category-plural';
import { BusinessPhoto } from '@/components/business-photo';
import { Rating } from '@/components/stars';
import { VerifiedBadge } from '@/components/verified-badge';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { cardClass } from '@/components/ui/card';

const badge = 'inline-flex items-center rounded-full px-3 py-1 text-xs font-medium';

// 24 px tall at least: a line of small links is a row of touch targets (Lighthouse's target-size audit).
const moreLink = 'inline-flex min-h-6 items-center text-sm text-blue-700 hover:underline';

/** Photo, name with the verified icon, rating out of 5 with stars, review count, badges. */
export function BusinessHero({ business: b }: { business: Business }) {
  // Its category in its district has a page when the district's name has a slug, in its country when the country's has.
  const district = b.district ? slugifyText(b.district) : '';
  const country = b.country ? slugifyText(b.country) : '';
  // The others of its kind, as a group: 'More Plumbers in Austin'.
  const kind = b.category ? categoryPlural(b.category) : '';
  return (
    <div className={cardClass('overflow-hidden')}>
      {/* Resized srcset or the placeholder of the business's kind, loaded first; its props written out (a spread followed by a prop is V8's slow copy). */}
      <BusinessPhoto photo={b.photo} name={b.name} slug={b.slug} category={b.category} sizes="(min-width: 1024px) 768px, 100vw" priority className="h-44 w-full sm:h-72" />
      <div className="space-y-3 p-5">
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold text-gray-900 sm:text-3xl">
          <span>{b.name}</span>
          {b.isVerified && <VerifiedBadge />}
        </h1>
        <Rating rating={b.rating} reviewCount={b.reviewCount} size={18} outOf className="gap-2 text-gray-800" />
        <p className="flex flex-wrap gap-2">
          {b.category && (
            <Link to={paths.category(b.category.slug)} className={`${badge} bg-blue-50 text-blue-800 hover:bg-blue-100`}>
              {b.category.name}
            </Link>
          )}
          {b.city && (
            <Link to={paths.city(b.city.slug)} className={`${badge} bg-gray-100 text-gray-800 hover:bg-gray-200`}>
              {b.city.name}
            </Link>
          )}
        </p>
        {b.category && b.city && (
          <p className="flex flex-wrap gap-x-4">
            <Link to={paths.cityCategory(b.city.slug, b.category.slug)} className={moreLink} data-more-in-city="">
              More {kind} in {b.city.name}
            </Link>
            {district && (
              <Link to={paths.districtCategory(b.city.slug, district, b.category.slug)} className={moreLink} data-more-in-district="">
                More {kind} in {b.district}
              </Link>
            )}
            {country && (
              <Link to={paths.countryCategory(country, b.category.slug)} className={moreLink} data-more-in-country="">
                More {kind} in {b.country}
              </Link>
            )}
          </p>
        )}
      </div>
    </div>
  );
}
