import { AlertTriangle, ExternalLink, FileText } from 'lucide-react';
import { isPrivateUrl } from '@domain/base-url';
import { messages } from './messages';
import { buttonClass } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';

/**
 * The main index, a View button opening this server's copy, and the URL to submit to a search
 * console: the one the sitemaps name, with a warning when search engines could not reach it.
 */
export function IndexCard({ baseUrl }: { baseUrl: string | undefined }) {
  const url = `${baseUrl ?? window.location.origin}/sitemap.xml`;
  return (
    <section className={cardClass('p-6')}>
      <h2 className="text-lg font-semibold">{messages.indexCard}</h2>
      <div className="mt-4 flex items-center justify-between gap-4 rounded-md bg-gray-50 p-3">
        <div className="flex items-center gap-2 font-mono text-sm">
          <FileText className="h-4 w-4 text-blue-600" aria-hidden="true" /> sitemap.xml
        </div>
        <a
          href="/sitemap.xml"
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('subtle')}
        >
          <ExternalLink className="h-4 w-4" aria-hidden="true" /> {messages.view}
        </a>
      </div>
      <p className="mt-3 text-sm break-words text-gray-600" data-testid="sitemap-submit-hint">
        {messages.indexHint(url)}
      </p>
      {baseUrl !== undefined && isPrivateUrl(baseUrl) && (
        <p role="alert" className="mt-3 flex gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="sitemap-base-url-warning">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>{messages.privateBaseUrl}</span>
        </p>
      )}
    </section>
  );
}
