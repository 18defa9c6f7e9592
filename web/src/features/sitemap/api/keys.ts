/** Query keys of the sitemap feature: the path segments of each call. */
export const sitemapKeys = {
  all: ['api', 'admin', 'sitemap'] as const,
  stats: ['api', 'admin', 'sitemap', 'stats'] as const,
  files: ['api', 'admin', 'sitemap', 'files'] as const,
  progress: ['api', 'admin', 'sitemap', 'progress'] as const,
};
