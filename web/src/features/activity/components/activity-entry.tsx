import type { ActivityEntry } from '@domain/activity';
import { TRASH_RETENTION_DAYS } from '@domain/constants';
import { countOf, formatNumber, nounFor } from '@domain/plural';
import { paths } from '@/config/paths';

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

const link = 'text-blue-700 hover:underline';

/** Who did it: the admin, or for work nobody signed in for, where it came from. */
function whoOf(e: ActivityEntry): string {
  if (e.username) return e.username;
  if (e.kind === 'expire') return 'The trash';
  if (e.import?.source === 'cli') return 'The CLI';
  if (e.import?.source === 'sample') return 'The sample data';
  return 'Someone';
}

function ImportLink({ entry }: { entry: ActivityEntry }) {
  if (!entry.import) return null;
  return (
    <>
      {' '}
      (<a className={link} href={`${paths.admin.dashboard}#import-${entry.import.id}`}>
        import #{entry.import.id}
      </a>
      {entry.import.fileName ? `, ${entry.import.fileName}` : ''}
      {entry.import.undone ? ', undone' : ''})
    </>
  );
}

/** One line of the log: who did what to which business, category, city or import, and when. */
export function ActivityLine({ entry: e, onBusiness }: { entry: ActivityEntry; onBusiness: (b: { id: number; name: string }) => void }) {
  const when = <span className="text-gray-500">{new Date(e.at).toLocaleString()}</span>;
  const who = <span className="font-medium">{whoOf(e)}</span>;
  if (e.group) {
    const g = e.group;
    const page = g.kind === 'city' ? paths.city : paths.category;
    const into = g.into && (
      <a className={link} href={page(g.into.slug)}>
        {g.into.name}
      </a>
    );
    const plural = e.changes[0];
    const what =
      e.kind === 'rename' ? (
        <>
          renamed {g.kind} {g.name} to {into}
          {plural?.before ? ` (its plural ${plural.before} cleared)` : ''}
        </>
      ) : e.kind === 'plural' ? (
        // The category as it was called then; its page redirects if renamed since.
        <>
          {plural?.after ? 'set' : 'cleared'} the plural of {g.kind}{' '}
          <a className={link} href={page(g.slug)}>
            {g.name}
          </a>
          {plural?.after ? ` to ${plural.after}` : ''}
          {plural?.before ? ` (was ${plural.before})` : ''}
        </>
      ) : e.kind === 'merge' ? (
        <>
          merged {g.kind} {g.name} into {into} ({countOf(e.count ?? 0, 'business')} moved{g.undone ? ', undone' : ''})
        </>
      ) : (
        <>
          undid the merge of {g.kind}{' '}
          <a className={link} href={page(g.slug)}>
            {g.name}
          </a>{' '}
          into {g.into?.name} ({countOf(e.count ?? 0, 'business')} back)
        </>
      );
    return (
      <li className="py-2">
        {when} {who} {what}
      </li>
    );
  }
  if (!e.business) {
    return (
      <li className="py-2">
        {when} {who} imported {formatNumber(e.count ?? 0)} new {nounFor(e.count ?? 0, 'business')}
        <ImportLink entry={e} />
      </li>
    );
  }
  const said = ACTIONS[e.kind] ?? e.kind;
  const [verb, after] = Array.isArray(said) ? said : [said, ''];
  const b = e.business;
  const name = b.name ?? `business ${b.id}`;
  return (
    <li className="py-2">
      {when} {who} {verb}{' '}
      {b.slug ? (
        <a className={`font-medium ${link}`} href={paths.details(b.slug)}>
          {name}
        </a>
      ) : (
        <span className="font-medium">{name}</span>
      )}
      {after && ` ${after}`}
      <ImportLink entry={e} />{' '}
      <button type="button" className="text-xs text-gray-500 underline" onClick={() => onBusiness({ id: b.id, name })} aria-label={`History of ${name}`}>
        history
      </button>
      {e.changes.length > 0 && (
        <ul className="mt-1 pl-4 text-gray-600" aria-label="Changes">
          {e.changes.map((c) => (
            <li key={c.field}>
              {c.label}: {c.before ?? '(empty)'} → {c.after ?? '(empty)'}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
