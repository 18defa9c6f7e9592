import { ChevronRight, MapPin, Phone } from 'lucide-react';
import { icon } from '@/components/ui/icon';
import { Link } from '@/components/ui/link';
import type { CardRow, NearbyRow } from '@domain/card-row';
import { paths } from '@/config/paths';
import { BusinessPhoto } from './business-photo';
import { Rating } from './stars';
import { VerifiedBadge } from './verified-badge';
import { DistanceNote } from './distance-note';
import { WeekBadge } from './opening-badge';

export type BusinessCardVariant = 'tile' | 'row' | 'compact';

/**
 * The card is `relative` and its one link (the name) is stretched over it with an ::after layer:
 * a click, a middle-click or a long press anywhere on the card opens the business, the link's name
 * is the business's name, and the visible text of the link is that name too (an <a> wrapped around
 * the whole card would either be named by all its text or fail WCAG 2.5.3, label in name). The
 * focus ring is drawn on the card. The card's look is the `biz-*` classes of index.css: a list page
 * draws two dozen cards, and each spelled out its utilities again.
 */
const CARD = 'group card biz';

/**
 * A business as every public list shows it, the whole card one link to its page. `tile` stands in
 * a grid or a carousel (photo on top), `row` in a list (the city page's list: name, verified,
 * category, rating, reviews, address, phone, View Details), `compact` is a small row on phones and
 * a tile from sm up.
 */
type BusinessCardProps =
  | { business: NearbyRow; variant: 'compact'; heading?: 'h2' | 'h3' }
  | { business: CardRow; variant?: Exclude<BusinessCardVariant, 'compact'>; heading?: 'h2' | 'h3' };

export function BusinessCard(props: BusinessCardProps) {
  const { business: b, heading: H = 'h3' } = props;
  const variant = props.variant ?? 'tile';
  const title = (
    <div className={variant === 'row' ? 'biz-title text-lg' : 'biz-title'}>
      <H className={variant === 'tile' ? 'biz-name' : 'biz-name truncate'}>
        <Link to={paths.details(b.slug)} className="biz-link">
          {b.name}
        </Link>
      </H>
      {b.isVerified && <VerifiedBadge />}
    </div>
  );
  // slug, category and sizes serve the resized photo (srcset) or the placeholder of the business's
  // kind. Its props written out, not spread from an object: a JSX spread followed by a prop is
  // copied through V8's slow path, a few µs a card in the server render.
  // biz-photo-row, biz-photo-tile or biz-photo-compact (index.css).
  const photo = (sizes: string) => <BusinessPhoto photo={b.photo} name={b.name} slug={b.slug} category={b.category} sizes={sizes} className={`biz-photo-${variant}`} />;

  const status = <WeekBadge week={b.openWeek} workingHours={b.workingHours} timeZone={b.timeZone} />;

  if (props.variant === 'compact') {
    // A small row on phones (a long page of big tiles is what phones got before), a tile from sm up.
    return (
      <article className={`${CARD} biz-compact`} data-business-card="compact">
        {photo('(min-width: 1024px) 320px, (min-width: 640px) 50vw, 64px')}
        <div className="flex min-w-0 flex-1 flex-col gap-0.5 sm:gap-1 sm:p-4">
          {title}
          <p className="biz-muted truncate">{[b.category?.name, b.city?.name].filter(Boolean).join(' · ')}</p>
          <Rating rating={b.rating} reviewCount={b.reviewCount} className="biz-text" />
          <DistanceNote business={b} />
          {status}
        </div>
        {icon(ChevronRight, 'h-5 w-5 shrink-0 text-gray-400 sm:hidden')}
      </article>
    );
  }

  // A row or a tile: given a whole card row.
  const r = props.business;
  if (variant === 'row') {
    return (
      <article className={`${CARD} biz-row`} data-business-card="row" data-business-item="">
        {photo('(min-width: 640px) 160px, 80px')}
        <div className="biz-body">
          {title}
          {b.category && <p className="biz-muted">{b.category.name}</p>}
          <Rating rating={b.rating} reviewCount={b.reviewCount} className="biz-text" />
          <DistanceNote business={b} />
          {status}
          <p className="biz-line items-start">
            {icon(MapPin, 'biz-icon mt-0.5')}
            <span className="min-w-0 break-words">{r.address}</span>
          </p>
          {r.phoneDisplay && (
            <p className="biz-line">
              {icon(Phone, 'biz-icon')}
              {r.phoneDisplay}
            </p>
          )}
          {/* View Details: the whole card is the link, so this is its visible cue, not a second link. */}
          <span className="biz-more" aria-hidden="true">
            View Details {icon(ChevronRight, 'h-4 w-4')}
          </span>
        </div>
      </article>
    );
  }

  return (
    <article className={`${CARD} biz-tile`} data-business-card="tile">
      {photo('(min-width: 1024px) 320px, (min-width: 640px) 50vw, 240px')}
      <div className="flex flex-1 flex-col gap-1 p-4">
        {title}
        {b.category && <p className="biz-muted">{b.category.name}</p>}
        <Rating rating={b.rating} reviewCount={b.reviewCount} className="biz-text" />
        <DistanceNote business={b} />
        {status}
        {b.city && (
          <p className="mt-auto flex items-center gap-1 pt-2 text-sm text-gray-600">
            {icon(MapPin, 'biz-icon')}
            {b.city.name}
          </p>
        )}
      </div>
    </article>
  );
}
