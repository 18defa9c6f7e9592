/**
 * The public site's base URL, worked out in one place for the server, the CLI's export and
 * sitemaps: PUBLIC_BASE_URL, else the local server's address; no trailing slash.
 */
import { InputError } from './errors.js';

/** An absolute http(s) base URL without query, fragment or trailing slash; InputError otherwise. */
export function normaliseBaseUrl(raw: string): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new InputError(`Invalid base URL: ${raw}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new InputError(`Invalid base URL (http or https only): ${raw}`);
  if (u.search || u.hash) throw new InputError(`Invalid base URL (no query or fragment): ${raw}`);
  return `${u.origin}${u.pathname}`.replace(/\/+$/, '');
}

/** The address of a server started here on PORT (default 3000). */
export const localBaseUrl = (env: { PORT?: string | number } = process.env): string => `http://localhost:${env.PORT ?? 3000}`;

/** PUBLIC_BASE_URL, else the local server's address. */
export function publicBaseUrl(env: { PUBLIC_BASE_URL?: string; PORT?: string | number } = process.env): string {
  return normaliseBaseUrl(env.PUBLIC_BASE_URL || localBaseUrl(env));
}
