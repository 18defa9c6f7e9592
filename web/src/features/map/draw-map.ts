/**
 * The map itself: Leaflet with raster tiles, markers clustered by supercluster. Imported only when
 * the map comes into view (components/business-map.tsx), so Leaflet is a chunk of its own that no
 * page waits for; never imported by the server render.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import Supercluster from 'supercluster';
import type { MapTiles } from '@domain/site-config';
import './map.css';
import { searchAreaPath, type MapBusiness, type MapPoint } from './map-points';

export interface DrawOptions {
  tiles: MapTiles;
  points: MapPoint[];
  /** One business's page: its spot, closer, and no "Search this area". */
  spot: boolean;
  onSelect(business: MapBusiness | null): void;
  /** After the visitor moved the map: the search of what is now in view. */
  onMoved(path: string): void;
}

export interface DrawnMap {
  update(points: MapPoint[]): void;
  destroy(): void;
}

const MAX_ZOOM = 18;
// A precise spot is shown at street level, a city's centre at the city's.
const SPOT_ZOOM = 16;
const APPROXIMATE_ZOOM = 12;
// Markers closer than this (px) at the current zoom become one cluster.
const CLUSTER_RADIUS = 48;

type Props = { index: number };

async function tileLayer(tiles: MapTiles): Promise<L.Layer> {
  const options = { attribution: tiles.attribution, maxZoom: MAX_ZOOM };
  // On a high-density screen a 256-pixel tile is blurred: ask the next zoom's tiles at half size,
  // unless the template names its own high-density tiles ({r} becomes '@2x' there).
  if (!tiles.pmtiles) return L.tileLayer(tiles.tiles, { ...options, detectRetina: !tiles.tiles.includes('{r}') });
  // The PMTiles reader is needed only with an archive; its Leaflet layer looks for a global L.
  const { PMTiles, leafletRasterLayer } = await import('pmtiles');
  (window as unknown as { L: typeof L }).L = L;
  return leafletRasterLayer(new PMTiles(tiles.tiles), options) as L.Layer;
}

/**
 * A marker that is a button: its label for screen readers, and Enter or Space does what a click
 * does (Leaflet's markers take the focus but answer the keyboard only with a popup bound).
 */
function button(marker: L.Marker, label: string, press: () => void): L.Marker {
  marker.on('add', () => marker.getElement()?.setAttribute('aria-label', label));
  marker.on('click', press);
  marker.on('keydown', (e) => {
    const key = (e as L.LeafletKeyboardEvent).originalEvent.key;
    if (key !== 'Enter' && key !== ' ') return;
    (e as L.LeafletKeyboardEvent).originalEvent.preventDefault();
    press();
  });
  return marker;
}

export async function drawMap(container: HTMLElement, options: DrawOptions): Promise<DrawnMap> {
  const map = L.map(container, { maxZoom: MAX_ZOOM, zoomControl: true });
  (await tileLayer(options.tiles)).addTo(map);
  const markers = L.layerGroup().addTo(map);
  let points: MapPoint[] = [];
  let clusters = new Supercluster<Props>({ radius: CLUSTER_RADIUS, maxZoom: MAX_ZOOM - 1 });
  // Moves made by the code (fitting the businesses) are not the visitor's.
  let fitting = false;

  function draw() {
    const b = map.getBounds();
    markers.clearLayers();
    for (const c of clusters.getClusters([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], Math.round(map.getZoom()))) {
      const [lng, lat] = c.geometry.coordinates;
      if ('cluster' in c.properties && c.properties.cluster) {
        const { cluster_id: id, point_count: count } = c.properties;
        const icon = L.divIcon({ className: 'rehber-cluster', html: String(count), iconSize: [36, 36] });
        button(L.marker([lat, lng], { icon, keyboard: true }), `${count} businesses here: zoom in`, () =>
          map.setView([lat, lng], Math.min(clusters.getClusterExpansionZoom(id), MAX_ZOOM)),
        ).addTo(markers);
      } else {
        const business = points[(c.properties as Props).index].business;
        const icon = L.divIcon({ className: business.coordinatesApproximate ? 'rehber-marker rehber-marker-approximate' : 'rehber-marker', iconSize: [22, 22] });
        const label = business.coordinatesApproximate ? `${business.name} (approximate location)` : business.name;
        button(L.marker([lat, lng], { icon, keyboard: true, title: label }), label, () => options.onSelect(business)).addTo(markers);
      }
    }
  }

  function show(next: MapPoint[]) {
    points = next;
    clusters = new Supercluster<Props>({ radius: CLUSTER_RADIUS, maxZoom: MAX_ZOOM - 1 });
    clusters.load(next.map((p, index) => ({ type: 'Feature', properties: { index }, geometry: { type: 'Point', coordinates: [p.lng, p.lat] } })));
    fitting = true;
    if (next.length === 1) {
      map.setView([next[0].lat, next[0].lng], next[0].business.coordinatesApproximate ? APPROXIMATE_ZOOM : SPOT_ZOOM, { animate: false });
    } else {
      map.fitBounds(L.latLngBounds(next.map((p) => [p.lat, p.lng])), { padding: [24, 24], maxZoom: SPOT_ZOOM, animate: false });
    }
    fitting = false;
    draw();
  }

  map.on('moveend', () => {
    draw();
    if (fitting || options.spot) return;
    const c = map.getCenter();
    const corner = map.getBounds().getNorthEast();
    options.onMoved(searchAreaPath({ lat: c.lat, lng: c.lng }, { lat: corner.lat, lng: corner.lng }));
  });
  map.on('click', () => options.onSelect(null));
  show(options.points);

  return {
    update: show,
    destroy: () => map.remove(),
  };
}
