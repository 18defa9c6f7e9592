/**
 * The ad network's script. Whether ads are on comes from the site config (web/src/lib/site-config):
 * no client means no slot and no third-party request.
 */
export type { AdSlotName } from '@domain/site-config';

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
