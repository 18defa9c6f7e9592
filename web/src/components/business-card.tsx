import { ChevronRight, MapPin, Phone } from 'lucide-react';
import { icon } from '@/components/ui/icon';
import { Link } from '@/components/ui/link';
import type { CardRow } from '@domain/card-row';
import { paths } from '@/config/paths';
import { cardClass } from '@/components/ui/card';
import { BusinessPhoto } from './business-photo';
import { Rating } from './stars';
import { VerifiedBadge } from './verified-badge';
import { DistanceNote } from './distance-note';
import { OpeningBadge } from './opening-badge';

export type BusinessCardVariant = 'tile' | 'row' | 'compact';

/**
 * The card is `relative` and its one link (the name) is stretched over it with an ::after layer:
 * a click, a middle-click or a long press anywhere on the card opens the business, the link's name
 * is the business's name, and the visible text of the link is that name too (an <a> wrapped around
 * the whole card would either be named by all its text or fail WCAG 2.5.3, label in name). The
 * focus ring is drawn on the card.
 */
const CARD = 'group relative transition hover:shadow-md has-[a:focus-visible]:outline has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-blue-700';
const STRETCH = "outline-none after:absolute after:inset-0 after:z-10 after:content-[''] group-hover:text-blue-700 group-hover:underline";

/**
 * A business as every public list shows it, the whole card one link to its page. `tile` stands in
 * a grid or a carousel (photo on top), `row` in a list (the city page's list: name, verified,
 * category, rating, reviews, address, phone, View Details), `compact` is a small row on phones and
 * a tile from sm up.
 */
export function BusinessCard({ business: b, variant = 'tile', heading: H = 'h3' }: { business: CardRow; variant?: BusinessCardVariant; heading?: 'h2' | 'h3' }) {
  const title = (
    <div className="flex min-w-0 items-start gap-1">
      <H className={`min-w-0 font-semibold text-gray-900 ${variant === 'tile' ? '' : 'truncate'}`}>
        <Link to={paths.details(b.slug)} className={STRETCH}>
          {b.name}
        </Link>
      </H>
      {b.isVerified && <VerifiedBadge />}
    </div>
  );
  // slug, category and sizes are what the photos branch's BusinessPhoto takes to serve the resized
  // photo (srcset) or the placeholder of the business's kind; passed by spread so this compiles
  // with the BusinessPhoto of either side until the branches meet.
  const photo = (className: string, sizes: string) => {
    const props = { photo: b.photo, name: b.name, slug: b.slug, category: b.category, sizes };
    return <BusinessPhoto {...props} className={`shrink-0 ${className}`} />;
  };

  const status = <OpeningBadge hours={b.businessHours} workingHours={b.workingHours} timeZone={b.timeZone} />;

  if (variant === 'compact') {
    // A small row on phones (a long page of big tiles is what phones got before), a tile from sm up.
    return (
      <article className={cardClass(`${CARD} flex items-center gap-3 overflow-hidden p-2 sm:h-full sm:flex-col sm:items-stretch sm:gap-0 sm:p-0`)} data-business-card="compact">
        {photo('h-16 w-16 rounded-md sm:h-36 sm:w-full sm:rounded-none', '(min-width: 1024px) 320px, (min-width: 640px) 50vw, 64px')}
        <div className="flex min-w-0 flex-1 flex-col gap-0.5 sm:gap-1 sm:p-4">
          {title}
          <p className="truncate text-sm text-gray-600">{[b.category?.name, b.city?.name].filter(Boolean).join(' · ')}</p>
          <Rating rating={b.rating} reviewCount={b.reviewCount} className="text-sm text-gray-700" />
          <DistanceNote business={b} />
          {status}
        </div>
        {icon(ChevronRight, 'h-5 w-5 shrink-0 text-gray-400 sm:hidden')}
      </article>
    );
  }

  if (variant === 'row') {
    return (
      <article className={cardClass(`${CARD} flex gap-4 p-3 sm:p-4`)} data-business-card="row" data-business-item="">
        {photo('h-20 w-20 rounded-md sm:h-28 sm:w-40', '(min-width: 640px) 160px, 80px')}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="text-lg">{title}</div>
          {b.category && <p className="text-sm text-gray-600">{b.category.name}</p>}
          <Rating rating={b.rating} reviewCount={b.reviewCount} className="text-sm text-gray-700" />
          <DistanceNote business={b} />
          {status}
          <p className="flex items-start gap-1 text-sm text-gray-700">
            {icon(MapPin, 'mt-0.5 h-4 w-4 shrink-0')}
            <span className="min-w-0 break-words">{b.address}</span>
          </p>
          {b.phoneDisplay && (
            <p className="flex items-center gap-1 text-sm text-gray-700">
              {icon(Phone, 'h-4 w-4 shrink-0')}
              {b.phoneDisplay}
            </p>
          )}
          {/* View Details: the whole card is the link, so this is its visible cue, not a second link. */}
          <span className="mt-1 inline-flex items-center gap-1 self-end text-sm font-medium text-blue-700 group-hover:underline" aria-hidden="true">
            View Details {icon(ChevronRight, 'h-4 w-4')}
          </span>
        </div>
      </article>
    );
  }

  return (
    <article className={cardClass(`${CARD} flex h-full flex-col overflow-hidden`)} data-business-card="tile">
      {photo('h-36 w-full', '(min-width: 1024px) 320px, (min-width: 640px) 50vw, 240px')}
      <div className="flex flex-1 flex-col gap-1 p-4">
        {title}
        {b.category && <p className="text-sm text-gray-600">{b.category.name}</p>}
        <Rating rating={b.rating} reviewCount={b.reviewCount} className="text-sm text-gray-700" />
        <DistanceNote business={b} />
        {status}
        {b.city && (
          <p className="mt-auto flex items-center gap-1 pt-2 text-sm text-gray-600">
            {icon(MapPin, 'h-4 w-4 shrink-0')}
            {b.city.name}
          </p>
        )}
      </div>
    </article>
  );
}
