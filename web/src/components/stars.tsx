import type { CSSProperties } from 'react';
import { STARS } from '@domain/constants';
import { countOf } from '@domain/plural';

/** The size a card's stars are drawn at: the `stars` class's own (index.css), so a card's stars carry no font size. */
const CARD_SIZE = 14;

/**
 * Rating out of 5 as stars, filled to the exact fraction; the number itself goes to screen readers.
 * One element: its two rows of stars are drawn by the `stars` class (index.css), the grey row and
 * the amber one cut to `--fill`. Lists render dozens of these, and it keeps them cheap.
 */
export function Stars({ rating, size = CARD_SIZE }: { rating: number; size?: number }) {
  const value = Number.isFinite(rating) ? Math.max(0, Math.min(STARS, rating)) : 0;
  const fill = `${(value / STARS) * 100}%`;
  const style: CSSProperties & { '--fill': string } = size === CARD_SIZE ? { '--fill': fill } : { fontSize: size, '--fill': fill };
  return <span role="img" aria-label={`Rated ${value.toFixed(1)} out of ${STARS}`} className="stars" style={style} />;
}

/**
 * Stars, the figure and '(N reviews)'; 'No reviews yet' instead when nobody has rated the business
 * (a 0.0 with empty stars reads as a bad business, not an unknown one).
 */
export function Rating({ rating, reviewCount, size = CARD_SIZE, outOf = false, className = '' }: { rating: number; reviewCount: number; size?: number; outOf?: boolean; className?: string }) {
  if (!(reviewCount > 0)) {
    // The caller's size and colour, else the default: never both, which would clash.
    return <span className={`block ${className || 'text-sm text-gray-600'}`} data-no-reviews="">No reviews yet</span>;
  }
  // Each text one string: adjacent text would be split by React's <!-- --> markers.
  return (
    <span className={className ? `rating ${className}` : 'rating'}>
      <Stars rating={rating} size={size} />
      {outOf ? <span className="font-semibold">{`${rating.toFixed(1)} / ${STARS}`}</span> : <span>{rating.toFixed(1)}</span>}
      <span className="text-gray-600">{`(${countOf(reviewCount, 'review')})`}</span>
    </span>
  );
}
