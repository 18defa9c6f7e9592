import { INDEX_NAME } from './sitemap-xml.js';

/** robots.txt: everything but the back office may be crawled, and the sitemap index is named. */
export function robotsTxt(baseUrl: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/admin', '', `Sitemap: ${baseUrl}/${INDEX_NAME}`, ''].join('\n');
}
