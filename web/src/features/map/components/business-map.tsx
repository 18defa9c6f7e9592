import { useEffect, useId, useRef, useState } from 'react';
import { X } from 'lucide-react';
import { Rating } from '@/components/stars';
import { cardClass } from '@/components/ui/card';
import { icon } from '@/components/ui/icon';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { useSiteConfig } from '@/lib/site-config';
import { mapPoints, type MapBusiness, type MapPoint } from '../map-points';
import type { DrawnMap } from '../draw-map';
import type { MapTiles } from '@domain/site-config';

/**
 * The map of a page's businesses (or, with `spot`, of one business). Without MAP_TILE_URL or
 * MAP_PMTILES_FILE, or until there is a business with coordinates, nothing at all: no box, no space.
 * The server render draws only the empty box of the map's size; Leaflet is imported once the box
 * comes into view. The list above it stays the accessible way to the same businesses: the
 * map can be skipped, and its markers are buttons that show a business's card.
 */
export function BusinessMap({ businesses, spot = false }: { businesses: readonly MapBusiness[] | undefined; spot?: boolean }) {
  const tiles = useSiteConfig().map;
  // A site without a map draws nothing and works out none of the map's state (its points, its
  // box, its id): a business page's render did, for a map it never drew.
  return tiles ? <TiledMap businesses={businesses} spot={spot} tiles={tiles} /> : null;
}

function TiledMap({ businesses, spot, tiles }: { businesses: readonly MapBusiness[] | undefined; spot: boolean; tiles: MapTiles }) {
  const points = useSamePoints(businesses);
  const box = useRef<HTMLDivElement>(null);
  const drawn = useRef<DrawnMap | null>(null);
  const loading = useRef(false);
  const unmounted = useRef(false);
  const [near, setNear] = useState(false);
  const [selected, setSelected] = useState<MapBusiness | null>(null);
  const [areaPath, setAreaPath] = useState<string | null>(null);
  const afterId = useId();
  const shown = !!tiles && points.length > 0;

  useEffect(() => {
    const el = box.current;
    if (!shown || near || !el) return;
    // Only once in view: a visitor who never scrolls to the map never pays for it.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [shown, near]);

  // The points the map should show: a load still under way draws the latest when it ends.
  const latest = useRef(points);
  useEffect(() => {
    // Never in the server render (nor in its bundle): Leaflet reads the DOM as soon as it is imported.
    if (import.meta.env.SSR) return;
    latest.current = points;
    const el = box.current;
    if (!near || !tiles || !el || points.length === 0) return;
    setSelected(null);
    setAreaPath(null);
    if (drawn.current) drawn.current.update(points);
    if (drawn.current || loading.current) return;
    loading.current = true;
    void import('../draw-map')
      .then(({ drawMap }) => drawMap(el, { tiles, points, spot, onSelect: setSelected, onMoved: setAreaPath }))
      .then((map) => {
        loading.current = false;
        if (unmounted.current) return map.destroy();
        drawn.current = map;
        if (latest.current !== points) map.update(latest.current);
      });
  }, [near, tiles, points, spot]);

  // The box went away (no business with coordinates any more): a later one gets a map of its own.
  useEffect(() => {
    if (shown) return;
    drawn.current?.destroy();
    drawn.current = null;
  }, [shown]);

  useEffect(() => {
    unmounted.current = false;
    return () => {
      unmounted.current = true;
      drawn.current?.destroy();
      drawn.current = null;
    };
  }, []);

  if (!shown) return null;
  const approximate = spot && points[0]?.business.coordinatesApproximate;
  return (
    <section aria-label={spot ? 'Map' : 'Map of these businesses'} className="space-y-1">
      <a href={`#${afterId}`} className="sr-only focus:not-sr-only focus:underline">
        Skip the map
      </a>
      <div className="relative">
        <div ref={box} role="region" aria-label={spot ? 'Map of where the business is' : 'Map of the businesses listed'} className="h-72 w-full overflow-hidden rounded-lg border border-gray-200 bg-gray-100" data-map="" />
        {areaPath && (
          <Link to={areaPath} className="absolute left-1/2 top-2 z-[1000] -translate-x-1/2 rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-blue-700 shadow" data-search-area="">
            Search this area
          </Link>
        )}
        {selected && <MapCard business={selected} onClose={() => setSelected(null)} />}
      </div>
      {approximate && <p className="text-sm text-gray-700" data-map-approximate="">Approximate location: the city's centre</p>}
      <span id={afterId} tabIndex={-1} />
    </section>
  );
}

/**
 * The points of `businesses`, the same array while they stay the same businesses at the same
 * places: a page passes a new array on each render (`[business]`), which must not redraw the map.
 */
function useSamePoints(businesses: readonly MapBusiness[] | undefined): MapPoint[] {
  const points = mapPoints(businesses ?? []);
  const key = points.map((p) => `${p.business.id}:${p.lat}:${p.lng}`).join(' ');
  const [kept, setKept] = useState({ key, points });
  if (kept.key !== key) {
    setKept({ key, points });
    return points;
  }
  return kept.points;
}

/** The card a marker opens: the business's name, rating and a link to its page. */
function MapCard({ business, onClose }: { business: MapBusiness; onClose(): void }) {
  const link = useRef<HTMLAnchorElement>(null);
  // A keyboard user who pressed a marker lands on its card.
  useEffect(() => link.current?.focus(), [business]);
  return (
    <div className={cardClass('absolute bottom-2 left-2 z-[1000] max-w-[calc(100%-1rem)] p-3 pr-9')} data-map-card="">
      <Link ref={link} to={paths.details(business.slug)} className="block font-semibold text-blue-700 underline">
        {business.name}
      </Link>
      <Rating rating={business.rating} reviewCount={business.reviewCount} className="text-sm text-gray-700" />
      {business.coordinatesApproximate && <p className="text-xs text-gray-600">Approximate location</p>}
      <button type="button" onClick={onClose} aria-label="Close" className="absolute right-1 top-1 rounded p-1 text-gray-600 hover:bg-gray-100">
        {icon(X, 'h-4 w-4')}
      </button>
    </div>
  );
}
