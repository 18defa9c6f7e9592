import { ExternalLink, FileText } from 'lucide-react';
import { messages } from './messages';
import { buttonClass } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';

/** The main index, a View button opening the public sitemap, and the search-console hint. */
export function IndexCard() {
  const url = `${window.location.origin}/sitemap.xml`;
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
      <p className="mt-3 text-sm text-gray-600">{messages.indexHint(url)}</p>
    </section>
  );
}
