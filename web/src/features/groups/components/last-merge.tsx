import { buttonClass } from '@/components/ui/button';
import { failedToast, toast } from '@/components/ui/toast';
import { countOf } from '@domain/plural';
import { useLastMerge, useUndoMerge } from '../api/groups';

/** The last merge, and the button that takes it back (merges unwind newest first). */
export function LastMerge() {
  const last = useLastMerge();
  const undo = useUndoMerge();
  const m = last.data?.merge;
  if (!m) return null;
  const run = () =>
    undo.mutateAsync(m.id).then(
      (r) =>
        toast({
          title: 'Merge undone',
          description:
            `${m.from.name} is back with ${countOf(r.restored, 'business')}` +
            (r.stayed ? `; ${countOf(r.stayed, 'business')} changed since ${r.stayed === 1 ? 'stays' : 'stay'} where ${r.stayed === 1 ? 'it is' : 'they are'}` : ''),
        }),
      failedToast('Not undone'),
    );
  return (
    <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-gray-600" data-testid="last-merge">
      <span>
        Last merge: {m.kind === 'city' ? 'city' : 'category'} {m.from.name} into {m.into.name} ({countOf(m.moved, 'business')} moved
        {m.username ? `, by ${m.username}` : ''}, {new Date(m.at).toLocaleString()})
      </span>
      <button type="button" className={buttonClass('subtle')} disabled={undo.isPending} onClick={() => void run()}>
        Undo last merge
      </button>
    </p>
  );
}
