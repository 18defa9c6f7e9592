import { MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { Business } from '@data/domain/types';
import { paths } from '@/config/paths';
import { BusinessPhoto } from './business-photo';
import { Stars } from './stars';
import { VerifiedBadge } from './verified-badge';
import { buttonClass } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';

/** A business in a list (city, category, search): SPEC §2's name, verified badge, category, rating, reviews, address, phone, View Details. */
export function BusinessListItem({ business: b }: { business: Business }) {
  const tel = b.phoneE164 ? `tel:${b.phoneE164}` : null;
  return (
    <li className={cardClass('flex flex-col gap-4 p-4 sm:flex-row')} data-business-item="">
      <BusinessPhoto photo={b.photo} name={b.name} slug={b.slug} category={b.category} sizes="(min-width: 640px) 160px, 100vw" className="h-28 w-full shrink-0 rounded-md sm:w-40" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 className="flex items-center gap-1 text-lg font-semibold text-gray-900">
          <span className="truncate">{b.name}</span>
          {b.isVerified && <VerifiedBadge />}
        </h2>
        {b.category && <p className="text-sm text-gray-600">{b.category.name}</p>}
        <p className="flex flex-wrap items-center gap-1 text-sm text-gray-700">
          <Stars rating={b.rating} size={14} />
          <span>{b.rating.toFixed(1)}</span>
          <span className="text-gray-600">({b.reviewCount.toLocaleString('en-US')} reviews)</span>
        </p>
        <p className="flex items-start gap-1 text-sm text-gray-700">
          <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {b.address}
        </p>
        {b.phone && (
          <p className="flex items-center gap-1 text-sm text-gray-700">
            <Phone className="h-4 w-4 shrink-0" aria-hidden="true" />
            {tel ? <a href={tel} className="hover:underline">{b.phoneDisplay ?? b.phone}</a> : b.phone}
          </p>
        )}
      </div>
      <div className="flex items-end">
        <Link
          to={paths.details(b.slug)}
          className={buttonClass('primary')}
          aria-label={`View Details: ${b.name}`}
        >
          View Details
        </Link>
      </div>
    </li>
  );
}
