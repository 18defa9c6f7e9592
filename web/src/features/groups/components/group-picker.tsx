import { useDeferredValue, useId, useState } from 'react';
import { type GroupKind, type GroupRow, useGroups } from '../api/groups';

const input = 'rounded-md border border-gray-300 px-2 py-1 text-sm';
/** Suggestions shown under the box; typing narrows them. */
const SHOWN = 8;

export const groupLabel = (g: Pick<GroupRow, 'name' | 'where'>) => (g.where ? `${g.name} (${g.where})` : g.name);

/**
 * A searchable choice among every category or city (asked of the server as the admin types), not
 * only the ones the list above shows. Asks nothing until it is opened: a page of rows, one picker
 * each, stays one request.
 */
export function GroupPicker({
  kind,
  label,
  exclude,
  value,
  onChange,
}: {
  kind: GroupKind;
  label: string;
  exclude: number;
  value: GroupRow | null;
  onChange: (group: GroupRow | null) => void;
}) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const search = useDeferredValue(text.trim());
  const found = useGroups(kind, search, open);
  const options = (found.data ?? []).filter((g) => g.id !== exclude).slice(0, SHOWN);
  const listId = useId();
  return (
    <span className="relative inline-block">
      <input
        className={input}
        role="combobox"
        aria-label={label}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        placeholder="Merge into…"
        value={open ? text : value ? groupLabel(value) : text}
        onFocus={() => {
          setOpen(true);
          setText('');
        }}
        onBlur={() => setOpen(false)}
        onChange={(e) => {
          setText(e.target.value);
          if (value) onChange(null);
        }}
      />
      {open && (
        <ul id={listId} role="listbox" aria-label={label} className="absolute left-0 top-full z-20 mt-1 max-h-64 w-72 overflow-y-auto rounded-md border border-gray-200 bg-white shadow-lg">
          {found.isPending ? (
            <li className="px-2 py-1 text-gray-500">Searching…</li>
          ) : !options.length ? (
            <li className="px-2 py-1 text-gray-500">None found</li>
          ) : (
            options.map((g) => (
              <li
                key={g.id}
                role="option"
                aria-selected={value?.id === g.id}
                className="cursor-pointer px-2 py-1 hover:bg-blue-50"
                // Before the input's blur closes the list.
                onMouseDown={(e) => {
                  e.preventDefault();
                  onChange(g);
                  setText('');
                  setOpen(false);
                }}
              >
                {groupLabel(g)}
              </li>
            ))
          )}
        </ul>
      )}
    </span>
  );
}
