/**
 * Spreadsheet values are untrusted: only http(s) URLs may become links or images,
 * and tel:/mailto: links are built from cleaned values. Pure, shared by the server's SSR head and
 * the web client.
 */

// A bare host such as 'www.example.com/path': scrapers often drop the scheme.
const BARE_HOST = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}(?::\d+)?(?:[/?#]|$)/i;

/** The URL as an absolute http(s) href, or null for anything else (javascript:, data:, junk). */
export function safeHttpUrl(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  // Control characters and whitespace inside a URL are how filters get tricked; refuse them.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s]/.test(text)) return null;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : BARE_HOST.test(text) ? `https://${text}` : null;
  if (!candidate) return null;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname) return null;
  return url.href;
}

/** 'tel:+905551234567' from '+90 (555) 123 45 67'; null when too few digits are left. */
export function telHref(phone: string | null | undefined): string | null {
  const text = phone?.trim();
  if (!text) return null;
  const digits = text.replace(/\D/g, '');
  if (digits.length < 3 || digits.length > 20) return null;
  return `tel:${text.startsWith('+') ? '+' : ''}${digits}`;
}

// Deliberately narrow: no quotes, spaces, angle brackets or separators that could smuggle headers.
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** 'mailto:info@example.com' for a plain address; null otherwise. */
export function mailtoHref(email: string | null | undefined): string | null {
  const text = email?.trim();
  if (!text || !EMAIL.test(text)) return null;
  return `mailto:${text}`;
}

/** The business's own map link when it is http(s), otherwise a map search for its address. */
export function directionsUrl(locationLink: string | null | undefined, address: string | null | undefined): string | null {
  const own = safeHttpUrl(locationLink);
  if (own) return own;
  const text = address?.trim();
  return text ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(text)}` : null;
}
