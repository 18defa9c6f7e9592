/**
 * What the operator configures about the site itself (SITE_NAME, CONTACT_*, AD_*): the server
 * renders pages with it and tells the web client through <meta> tags. Unset contact details are
 * absent, never placeholders.
 */
export type AdSlotName = 'detail' | 'notFound' | 'banner';

/**
 * Where the map's raster tiles come from: a `{z}/{x}/{y}` URL template, or the PMTiles archive the
 * server itself serves (`pmtiles`: `tiles` is then that archive's path). Absent: no map at all.
 */
export interface MapTiles {
  tiles: string;
  pmtiles: boolean;
  attribution: string;
}

export interface SiteConfig {
  siteName: string;
  contact: { email?: string; phone?: string; address?: string };
  /** No client: no ad slot is drawn and no ad network is asked. */
  ads: { client?: string; slots: Partial<Record<AdSlotName, string>> };
  map?: MapTiles;
}

/**
 * The site's X (Twitter) accounts as its pages' twitter:site and twitter:creator name them
 * ('@name'; SITE_TWITTER, SITE_TWITTER_CREATOR), each absent when unset.
 */
export interface TwitterAccounts {
  site?: string;
  creator?: string;
}

export const DEFAULT_SITE_NAME = 'rehber';

export const DEFAULT_SITE_CONFIG: SiteConfig = { siteName: DEFAULT_SITE_NAME, contact: {}, ads: { slots: {} } };
