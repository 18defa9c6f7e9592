import type { Middleware } from 'koa';
import helmet from 'koa-helmet';
import type { Config } from '../config.js';

/** The ad network's hosts (AdSense): allowed by the CSP only when AD_CLIENT switches ads on. */
export const AD_NETWORK_HOSTS = [
  'https://pagead2.googlesyndication.com',
  'https://*.googlesyndication.com',
  'https://*.doubleclick.net',
  'https://*.google.com',
];

/** The Content-Security-Policy directives for this configuration (exported for tests and the SEO heads). */
export function cspDirectives(config: Config): Record<string, string[] | null> {
  const ads = config.ads.client ? AD_NETWORK_HOSTS : [];
  // The map's raster tiles are images: from the tile host of MAP_TILE_URL, or made in the browser
  // (blob: URLs) from the server's own PMTiles archive.
  const tiles = !config.map ? [] : 'tileUrl' in config.map ? [tileOrigin(config.map.tileUrl)] : ['blob:'];
  return {
    defaultSrc: ["'self'"],
    // No inline scripts anywhere: the SPA is built by Vite, JSON-LD is data, not script.
    scriptSrc: ["'self'", ...ads],
    // Business photos are served by rehber itself (/photos); only the ad network shows others.
    imgSrc: ["'self'", 'data:', ...(ads.length ? ['https:'] : []), ...tiles],
    styleSrc: ["'self'", "'unsafe-inline'"],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...ads],
    frameSrc: ads.length ? ads : ["'none'"],
    frameAncestors: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    // A plain-http deployment (localhost, an intranet) would break if the browser upgraded requests.
    upgradeInsecureRequests: null,
  };
}

/** A tile template's origin ('https://{s}.tile.example' allows every subdomain of tile.example). */
function tileOrigin(template: string): string {
  const m = /^(https?:\/\/)([^/]+)/.exec(template)!;
  return m[1] + m[2].replace(/^\{s\}\./, '*.');
}

/** Security headers (helmet's defaults) with the CSP above. */
export function securityHeaders(config: Config): Middleware {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    // Photos and ads come from other hosts and do not send CORP headers.
    crossOriginEmbedderPolicy: false,
  });
}
