import { FileSpreadsheet, Loader2, Upload } from 'lucide-react';
import { useRef } from 'react';
import type { ReactNode } from 'react';
import { EXPECTED_COLUMNS } from './messages';
import { useImportFlow } from './use-import-flow';
import { ImportProgress } from './import-progress';
import { ImportResultCard } from './import-result';
import { PreviewCard } from './preview-card';
import { buttonClass } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { nounFor } from '@domain/plural';

/** The Excel Import card (file chooser, expected columns, Import button) and the results card. */
export function ImportCard({ footer }: { footer?: ReactNode }) {
  const flow = useImportFlow();
  const input = useRef<HTMLInputElement>(null);
  const busy = flow.uploading || flow.importing;

  return (
    <div className="space-y-6">
      <section className={cardClass('p-6')} aria-labelledby="import-title">
        <h2 id="import-title" className="flex items-center gap-2 text-lg font-semibold">
          <FileSpreadsheet className="h-5 w-5" aria-hidden="true" /> Excel Import
        </h2>
        <p className="mt-1 text-sm text-gray-600">Upload a .csv, .xlsx or .xls file of businesses.</p>
        <label className="mt-4 block text-sm font-medium" htmlFor="import-file">
          File
        </label>
        <input
          id="import-file"
          ref={input}
          type="file"
          accept=".csv,.xlsx,.xls"
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            // Emptied at once: choosing the same file again (after Cancel, or to import it again) must fire a change too.
            e.target.value = '';
            if (file) void flow.chooseFile(file);
          }}
          className="mt-1 block w-full text-sm file:mr-3 file:rounded file:border-0 file:bg-gray-100 file:px-3 file:py-2"
        />
        {flow.rowCount !== undefined && (
          <p className="mt-2 text-sm text-gray-600" data-testid="import-file-loaded">
            {flow.fileName}: {flow.rowCount.toLocaleString()} {nounFor(flow.rowCount, 'row')} in the file
          </p>
        )}
        <div className="mt-4">
          <h3 className="text-sm font-medium">Expected columns</h3>
          <ul className="mt-1 flex flex-wrap gap-1" aria-label="Expected columns">
            {EXPECTED_COLUMNS.map((c) => (
              <li key={c} className="rounded bg-gray-100 px-2 py-0.5 font-mono text-xs">
                {c}
              </li>
            ))}
          </ul>
        </div>
        <label className="mt-4 flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-0.5" checked={flow.previewFirst} disabled={busy} onChange={(e) => flow.setPreviewFirst(e.target.checked)} />
          <span>
            Preview first
            <span className="block text-gray-500">Show what the file would add and change, and import only when you confirm.</span>
          </span>
        </label>
        <label className="mt-2 flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5"
            checked={flow.clearEmpty}
            disabled={busy}
            onChange={(e) => flow.setClearEmpty(e.target.checked)}
          />
          <span>
            Empty cells clear stored values
            <span className="block text-gray-500">Off: an empty cell keeps what a business already has. Columns the file does not have never change anything.</span>
          </span>
        </label>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <button
            type="button"
            onClick={flow.importNow}
            disabled={busy}
            className={buttonClass('primary')}
          >
            {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Upload className="h-4 w-4" aria-hidden="true" />}
            Import Businesses
          </button>
          {footer}
        </div>
        {flow.streaming && <ImportProgress />}
      </section>
      {flow.preview && <PreviewCard preview={flow.preview} busy={busy} onImport={flow.importNow} onCancel={flow.cancelPreview} />}
      {flow.result && <ImportResultCard result={flow.result} />}
    </div>
  );
}
