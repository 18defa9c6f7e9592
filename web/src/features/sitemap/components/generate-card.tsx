import * as Progress from '@radix-ui/react-progress';
import { CheckCircle2, Loader2, RefreshCw } from 'lucide-react';
import { messages } from './messages';
import { buttonClass } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';

interface Props {
  generating: boolean;
  validating: boolean;
  progress: number;
  lastGenerated: string | null | undefined;
  onGenerate(): void;
  onValidate(): void;
}

/** Generate (disabled while generating), progress bar with percentage, Validate, Last Generated. */
export function GenerateCard({ generating, validating, progress, lastGenerated, onGenerate, onValidate }: Props) {
  const pct = Math.max(0, Math.min(100, Math.round(progress)));
  return (
    <section className={cardClass('p-6')}>
      <h2 className="text-lg font-semibold">{messages.generateCard}</h2>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={onGenerate}
          disabled={generating}
          className={buttonClass('primary')}
        >
          {generating ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <RefreshCw className="h-4 w-4" aria-hidden="true" />}
          {generating ? messages.generating : messages.generateAll}
        </button>
        <button
          type="button"
          onClick={onValidate}
          disabled={generating || validating}
          className={buttonClass('secondary')}
        >
          {validating ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <CheckCircle2 className="h-4 w-4" aria-hidden="true" />}
          {validating ? messages.validating : messages.validate}
        </button>
      </div>
      <div className="mt-4">
        <div className="mb-1 flex justify-between text-sm text-gray-600">
          <span>Progress</span>
          <span data-testid="sitemap-progress-text">{pct}%</span>
        </div>
        <Progress.Root value={pct} max={100} aria-label="Generation progress" className="relative h-2 w-full overflow-hidden rounded-full bg-gray-200">
          <Progress.Indicator className="h-full bg-blue-600 transition-all" style={{ width: `${pct}%` }} />
        </Progress.Root>
      </div>
      <p className="mt-4 text-sm text-gray-600">
        {messages.lastGenerated}: <span data-testid="last-generated">{lastGenerated ? new Date(lastGenerated).toLocaleString() : messages.never}</span>
      </p>
    </section>
  );
}
