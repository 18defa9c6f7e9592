/**
 * The operator's site settings (name, contact details, ads, map tiles) as one React context: the server
 * render gets them from its configuration, the browser from the <meta> tags the server writes
 * (`rehber-site` and `rehber-ads`), so both draw the same markup.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_SITE_CONFIG, type SiteConfig } from '@domain/site-config';

const SiteConfigContext = createContext<SiteConfig>(DEFAULT_SITE_CONFIG);

export function SiteConfigProvider({ value, children }: { value: SiteConfig; children: ReactNode }) {
  return <SiteConfigContext.Provider value={value}>{children}</SiteConfigContext.Provider>;
}

export const useSiteConfig = () => useContext(SiteConfigContext);

function metaJson(name: string): Record<string, unknown> {
  const content = document.querySelector(`meta[name="${name}"]`)?.getAttribute('content');
  if (!content) return {};
  try {
    const parsed: unknown = JSON.parse(content);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    // A malformed tag means defaults (no contact details, no ads), never a broken page.
    return {};
  }
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

function mapTiles(v: unknown): SiteConfig['map'] {
  const m = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
  const tiles = text(m.tiles);
  return tiles ? { tiles, pmtiles: m.pmtiles === true, attribution: text(m.attribution) ?? '' } : undefined;
}

/** In the browser: the settings the server wrote into the page's head. */
export function readSiteConfig(): SiteConfig {
  const site = metaJson('rehber-site');
  const ads = metaJson('rehber-ads');
  const contact = (site.contact ?? {}) as Record<string, unknown>;
  const client = text(ads.client);
  return {
    siteName: text(site.siteName) ?? DEFAULT_SITE_CONFIG.siteName,
    contact: { email: text(contact.email), phone: text(contact.phone), address: text(contact.address) },
    ads: client ? { client, slots: (ads.slots ?? {}) as SiteConfig['ads']['slots'] } : { slots: {} },
    map: mapTiles(site.map),
  };
}
