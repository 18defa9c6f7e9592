import { nounFor } from '@domain/plural';

/** The strings of the Sitemap Management screen, in one place. */
export const messages = {
  title: 'Sitemap Management',
  intro: 'Generate XML sitemaps for Google Search Console. Max 9,000 entries per sitemap file.',
  generateCard: 'Generate Sitemaps',
  generateAll: 'Generate All Sitemaps',
  generating: 'Generating...',
  validate: 'Validate',
  validating: 'Validating...',
  lastGenerated: 'Last Generated',
  never: 'Never',
  indexCard: 'Main Sitemap Index',
  indexHint: (url: string) => `Submit this URL to Google Search Console: ${url}`,
  privateBaseUrl:
    'Search engines cannot reach this address (it is on this machine or a private network): set PUBLIC_BASE_URL to the public address of the site (or pass --base-url to rehber sitemap generate) and generate again.',
  view: 'View',
  filesCard: 'Sitemap Files',
  emptyTitle: 'No Sitemaps Generated',
  emptyText: 'Generate your sitemaps so search engines can discover every business, city, category and country page.',
  emptyButton: 'Generate Sitemaps',
  unknown: 'Unknown',
  generatedTitle: 'Sitemap Generation Complete',
  generatedText: 'All sitemap files have been generated successfully.',
  generateFailedTitle: 'Generation Failed',
  generateFailedText: 'Failed to generate sitemaps',
  validatedTitle: 'Validation Complete',
  validatedText: (validFiles: number, errors: number) => `${validFiles} ${nounFor(validFiles, 'file')} validated successfully, ${errors} ${nounFor(errors, 'error')} found.`,
  validateFailedTitle: 'Validation Failed',
  validateFailedText: 'Failed to validate sitemaps',
} as const;

/** '1 file', '3 files'. */
export const filesText = (n: number) => `${n} ${n === 1 ? 'file' : 'files'}`;
