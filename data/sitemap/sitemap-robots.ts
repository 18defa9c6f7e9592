import { INDEX_NAME } from './sitemap-xml.js';

/**
 * robots.txt: the pages may be crawled, not the back office, the JSON API (the pages carry its
 * answers already, server-rendered; photos are under /photos, not /api) nor the health and
 * readiness checks (answers for a load balancer, not pages); the sitemap index is named.
 */
export function robotsTxt(baseUrl: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', 'Disallow: /healthz', 'Disallow: /readyz', '', `Sitemap: ${baseUrl}/${INDEX_NAME}`, ''].join('\n');
}
