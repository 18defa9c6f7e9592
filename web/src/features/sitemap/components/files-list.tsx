import { CheckCircle2, ExternalLink, FileX, HelpCircle, Loader2, XCircle } from 'lucide-react';
import type { SitemapFile } from '@domain/types';
import { SKELETONS } from '@domain/constants';
import { messages } from './messages';
import { buttonClass } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { nounFor } from '@domain/plural';

/** Status badges: ready green, generating blue spinning, error red, anything else 'Unknown'. */
const STATUS = {
  ready: { icon: CheckCircle2, iconClass: 'text-green-600', badge: 'bg-green-100 text-green-800', label: 'ready' },
  generating: { icon: Loader2, iconClass: 'animate-spin text-blue-600', badge: 'bg-blue-100 text-blue-800', label: 'generating' },
  error: { icon: XCircle, iconClass: 'text-red-600', badge: 'bg-red-100 text-red-800', label: 'error' },
  unknown: { icon: HelpCircle, iconClass: 'text-gray-400', badge: 'bg-gray-100 text-gray-700', label: messages.unknown },
} as const;

const statusOf = (s: string) => STATUS[(s in STATUS && s !== 'unknown' ? s : 'unknown') as keyof typeof STATUS];

interface Props {
  files: SitemapFile[] | undefined;
  loading: boolean;
  generating: boolean;
  onGenerate(): void;
}

export function FilesList({ files, loading, generating, onGenerate }: Props) {
  return (
    <section className={cardClass('p-6')}>
      <h2 className="text-lg font-semibold">{messages.filesCard}</h2>
      {loading ? (
        <ul className="mt-4 space-y-3" aria-busy="true">
          {Array.from({ length: SKELETONS.sitemapRows }, (_, i) => (
            <li key={i} data-testid="sitemap-skeleton" className="h-14 animate-pulse rounded-md bg-gray-100" />
          ))}
        </ul>
      ) : !files?.length ? (
        <div className="mt-6 flex flex-col items-center gap-3 py-8 text-center">
          <FileX className="h-10 w-10 text-gray-400" aria-hidden="true" />
          <h3 className="text-base font-semibold">{messages.emptyTitle}</h3>
          <p className="max-w-md text-sm text-gray-600">{messages.emptyText}</p>
          <button
            type="button"
            onClick={onGenerate}
            disabled={generating}
            className={buttonClass('primary')}
          >
            {messages.emptyButton}
          </button>
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-gray-100" data-testid="sitemap-files">
          {files.map((f) => (
            <FileRow key={f.name} file={f} />
          ))}
        </ul>
      )}
    </section>
  );
}

function FileRow({ file }: { file: SitemapFile }) {
  const s = statusOf(file.status);
  const Icon = s.icon;
  const ready = file.status === 'ready';
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="sitemap-file">
      <Icon className={`h-5 w-5 shrink-0 ${s.iconClass}`} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-mono text-sm font-medium">{file.name}</p>
        <p className="text-xs text-gray-500">
          {file.type} · {file.count.toLocaleString()} {nounFor(file.count, 'entry')} · {file.size}
        </p>
      </div>
      <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${s.badge}`}>{s.label}</span>
      <span className="text-xs text-gray-500">{new Date(file.lastModified).toLocaleString()}</span>
      {file.errors && file.errors.length > 0 && (
        <ul className="w-full list-disc pl-8 text-sm text-red-700" aria-label={`Errors in ${file.name}`}>
          {file.errors.map((e, i) => (
            <li key={i}>{e}</li>
          ))}
        </ul>
      )}
      {ready || file.status === 'error' ? (
        <a
          href={file.url}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('subtle')}
        >
          <ExternalLink className="h-4 w-4" aria-hidden="true" /> {messages.view}
        </a>
      ) : (
        <button type="button" disabled className={buttonClass('subtle')}>
          <ExternalLink className="h-4 w-4" aria-hidden="true" /> {messages.view}
        </button>
      )}
    </li>
  );
}
