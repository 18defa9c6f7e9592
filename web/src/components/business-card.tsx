import { MapPin } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { Business } from '@data/domain/types';
import { paths } from '@/config/paths';
import { BusinessPhoto } from './business-photo';
import { Stars } from './stars';
import { VerifiedBadge } from './verified-badge';
import { cardClass } from '@/components/ui/card';

/** A business in a grid (home page lists); the link uses the API's slug, place-id suffix included. */
export function BusinessCard({ business: b }: { business: Business }) {
  return (
    <article className={cardClass('flex flex-col overflow-hidden transition hover:shadow-md')} data-business-card="">
      <BusinessPhoto photo={b.photo} name={b.name} slug={b.slug} category={b.category} className="h-36 w-full" />
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="flex items-start gap-1 font-semibold text-gray-900">
          <Link to={paths.details(b.slug)} className="hover:text-blue-700 hover:underline focus-visible:underline">
            {b.name}
          </Link>
          {b.isVerified && <VerifiedBadge />}
        </h3>
        {b.category && <p className="text-sm text-gray-600">{b.category.name}</p>}
        <p className="flex items-center gap-1 text-sm text-gray-700">
          <Stars rating={b.rating} size={14} />
          <span>{b.rating.toFixed(1)}</span>
          <span className="text-gray-600">({b.reviewCount.toLocaleString('en-US')})</span>
        </p>
        {b.city && (
          <p className="mt-auto flex items-center gap-1 pt-2 text-sm text-gray-600">
            <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />
            {b.city.name}
          </p>
        )}
      </div>
    </article>
  );
}
