import { useEffect, useRef, useState } from 'react';
import { photoFamily } from '@domain/photo-family';
import { photoKey, photoPath, photoSrcSet, placeholderPath } from '@domain/photo-paths';
import { safeHttpUrl } from '@domain/safe-url';

/** What a card in a grid takes: a phone's full width, half a tablet, a quarter to a third of a desktop. */
const CARD_SIZES = '(min-width: 1024px) 320px, (min-width: 640px) 50vw, 100vw';

export interface BusinessPhotoProps {
  photo: string | null;
  name: string;
  className?: string;
  /** The business's slug: its photo is served as /photos/<slug>/...; without it, the placeholder shows. */
  slug?: string;
  /** Picks the placeholder drawing (food, health, beauty...). */
  category?: { name?: string | null; slug?: string | null } | string | null;
  /** The `sizes` of the srcset: how wide the photo shows (default: a card in a grid). */
  sizes?: string;
  /** The detail page's hero: loaded at once and first, not lazily. */
  priority?: boolean;
}

/**
 * The business photo, resized and served by rehber itself (no request to the photo's host, http:
 * sources too), WebP with a JPEG fallback; the placeholder of its kind of business when there is no
 * photo or it fails (never a broken image). The server answers a source it could not
 * use with a redirect to the placeholder drawing, so that shows even without JavaScript; a path it
 * does not know (a stale page) answers 404, and the placeholder replaces the image. SSR-safe: no
 * window/document in render, the same markup on the server and the client.
 */
export function BusinessPhoto({ photo, name, className = '', slug, category, sizes = CARD_SIZES, priority = false }: BusinessPhotoProps) {
  const src = safeHttpUrl(photo);
  const [failed, setFailed] = useState<string | null>(null);
  const img = useRef<HTMLImageElement>(null);
  // An error before hydration fired no onError: look once the component is live.
  useEffect(() => {
    const el = img.current;
    if (src && el?.complete && el.naturalWidth === 0) setFailed(src);
  }, [src]);
  if (!src || !slug || failed === src) {
    // A drawing in CSS, not an <img>: decoration, with the words for screen readers.
    return (
      <div
        className={className ? `photo-drawn ${className}` : 'photo-drawn'}
        style={{ backgroundImage: `url(${placeholderPath(photoFamily(category))})` }}
        data-photo-placeholder=""
      >
        <span className="sr-only">{`No photo of ${name}`}</span>
      </div>
    );
  }
  const key = photoKey(src);
  return (
    <picture className={className ? `photo ${className}` : 'photo'} data-photo="">
      <source type="image/webp" srcSet={photoSrcSet(slug, key, 'webp')} sizes={sizes} />
      <img
        ref={img}
        src={photoPath(slug, key, 640, 'jpg')}
        srcSet={photoSrcSet(slug, key, 'jpg')}
        sizes={sizes}
        alt={name}
        width={640}
        height={480}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        onError={() => setFailed(src)}
        className="h-full w-full object-cover"
      />
    </picture>
  );
}
