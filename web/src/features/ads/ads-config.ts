/**
 * Whether ads are on, as the server says in `<meta name="rehber-ads" content="{client, slots}">`
 * (server/seo/head.ts). No client means placeholders only and no third-party request (CONTRACT §6).
 */
export type AdSlotName = 'detail' | 'notFound' | 'banner';

export interface AdsConfig {
  client?: string;
  slots: Partial<Record<AdSlotName, string>>;
}

let config: AdsConfig | undefined;

export function adsConfig(): AdsConfig {
  if (config) return config;
  config = { slots: {} };
  const content = document.querySelector('meta[name="rehber-ads"]')?.getAttribute('content');
  if (content) {
    try {
      const parsed = JSON.parse(content) as Partial<AdsConfig>;
      if (typeof parsed.client === 'string' && parsed.client) config = { client: parsed.client, slots: parsed.slots ?? {} };
    } catch {
      // A malformed tag means no ads, never a broken page.
    }
  }
  return config;
}

export const AD_SCRIPT_ORIGIN = 'https://pagead2.googlesyndication.com';

let scriptAdded = false;

/** Adds the network's script once, async, so it never blocks rendering. */
export function loadAdScript(client: string): void {
  if (scriptAdded) return;
  scriptAdded = true;
  const script = document.createElement('script');
  script.async = true;
  script.crossOrigin = 'anonymous';
  script.src = `${AD_SCRIPT_ORIGIN}/pagead/js/adsbygoogle.js?client=${encodeURIComponent(client)}`;
  document.head.appendChild(script);
}
