import { cardClass } from '@/components/ui/card';
import { TRASH_RETENTION_DAYS } from '@domain/constants';
import { useActivity } from '../api/get-activity';

/** The verb, and for moves in and out of the trash what follows the business's name. */
const ACTIONS: Record<string, string | [string, string]> = {
  import: 'imported changes to',
  edit: 'edited',
  hide: 'hid',
  show: 'showed',
  feature: 'featured',
  unfeature: 'unfeatured',
  verify: 'verified',
  unverify: 'unverified',
  delete: ['moved', 'to the trash'],
  restore: ['restored', 'from the trash'],
  purge: ['deleted', 'for good'],
  expire: ['deleted', `for good after ${TRASH_RETENTION_DAYS} days in the trash`],
  undo: 'undid an import on',
};
/** Actions that write a whole business, not some of its fields: their field list says nothing. */
const WHOLE = new Set(['delete', 'restore', 'purge', 'expire']);

/** Every change to a listing: who, when, what (the latest 100). */
export function ActivityList() {
  const activity = useActivity();
  return (
    <section className={cardClass('p-6')} aria-labelledby="activity-title">
      <h2 id="activity-title" className="text-lg font-semibold">
        Activity
      </h2>
      {activity.isPending ? (
        <p className="mt-2 text-sm text-gray-500">Loading...</p>
      ) : !activity.data?.length ? (
        <p className="mt-2 text-sm text-gray-500">No changes yet</p>
      ) : (
        <ul className="mt-3 max-h-96 divide-y divide-gray-100 overflow-y-auto text-sm" data-testid="activity">
          {activity.data.map((e) => {
            const said = ACTIONS[e.action] ?? e.action;
            const [verb, after] = Array.isArray(said) ? said : [said, ''];
            const who = e.username ?? (e.importId ? `import ${e.importId}` : e.action === 'expire' ? 'The trash' : 'someone');
            return (
              <li key={e.id} className="py-2">
                <span className="text-gray-500">{new Date(e.at).toLocaleString()}</span> <span className="font-medium">{who}</span> {verb}{' '}
                <span className="font-medium">{e.businessName ?? `business ${e.businessId}`}</span>
                {after && ` ${after}`}
                {e.changed.length > 0 && !WHOLE.has(e.action) && <span className="text-gray-500"> ({e.changed.join(', ')})</span>}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
