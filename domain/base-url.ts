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

/** localhost and its subdomains, 127.0.0.0/8, ::1 (also IPv4-mapped) and the unspecified addresses, as URL writes them. */
const LOOPBACK_HOST = /^(?:(?:.+\.)?localhost\.?|127(?:\.\d+){3}|0\.0\.0\.0|\[::1?\]|\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\])$/i;

/** Private networks (10/8, 172.16/12, 192.168/16, link-local, IPv6 unique-local and link-local) and mDNS names (*.local). */
const PRIVATE_HOST = /^(?:10(?:\.\d+){3}|172\.(?:1[6-9]|2\d|3[01])(?:\.\d+){2}|192\.168(?:\.\d+){2}|169\.254(?:\.\d+){2}|\[f[cd][0-9a-f]{0,2}:.*\]|\[fe[89ab][0-9a-f]?:.*\]|.+\.local\.?)$/i;

const hostOf = (url: string): string => {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
};

/** A base URL naming this machine: what the server defaults to without PUBLIC_BASE_URL. */
export const isLoopbackUrl = (url: string): boolean => LOOPBACK_HOST.test(hostOf(url));

/** A base URL search engines cannot reach: this machine or a private network. */
export const isPrivateUrl = (url: string): boolean => {
  const host = hostOf(url);
  return LOOPBACK_HOST.test(host) || PRIVATE_HOST.test(host);
};
