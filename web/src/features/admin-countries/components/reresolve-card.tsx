import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2, MapPinned } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { failedToast, toast } from '@/components/ui/toast';
import { useReresolveStatus, useStartReresolve } from '../api/reresolve';
import { adminCountriesKey } from '../api/get-countries';
import { nounFor } from '@domain/plural';

/**
 * Re-resolves every business's city, district, country and coordinates from its address (the
 * same job as `rehber db reresolve`), for data imported before the gazetteer or after it grew.
 */
export function ReresolveCard() {
  const qc = useQueryClient();
  const status = useReresolveStatus();
  const start = useStartReresolve({
    onError: failedToast('Re-resolution failed'),
  });
  const running = status.data?.running === true || start.isPending;
  const wasRunning = useRef(false);
  useEffect(() => {
    const s = status.data;
    if (wasRunning.current && s && !s.running) {
      if (s.error) toast({ title: 'Re-resolution failed', description: s.error, variant: 'destructive' });
      else toast({ title: 'Places re-resolved', description: `${s.changed.toLocaleString()} of ${s.checked.toLocaleString()} ${nounFor(s.checked, 'business')} moved` });
      // Countries and their counts may have changed.
      void qc.invalidateQueries({ queryKey: adminCountriesKey });
    }
    wasRunning.current = s?.running === true;
  }, [status.data, qc]);

  return (
    <section className={cardClass('p-4')} aria-labelledby="reresolve-title">
      <h2 id="reresolve-title" className="font-semibold">
        Places
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        Reads every business&apos;s address again to find its city, district, country and map position. Links stay the same.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="button" className={buttonClass('secondary')} disabled={running} onClick={() => start.mutate()}>
          {running ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <MapPinned className="h-4 w-4" aria-hidden="true" />}
          {running ? 'Re-resolving…' : 'Re-resolve places'}
        </button>
        <p className="text-sm text-gray-600" role="status" data-testid="reresolve-status">
          {status.data?.running
            ? `${status.data.checked.toLocaleString()} ${nounFor(status.data.checked, 'business')} checked`
            : status.data?.finishedAt && !status.data.error
              ? `Last run: ${status.data.changed.toLocaleString()} of ${status.data.checked.toLocaleString()} ${nounFor(status.data.checked, 'business')} moved`
              : ''}
        </p>
      </div>
    </section>
  );
}
