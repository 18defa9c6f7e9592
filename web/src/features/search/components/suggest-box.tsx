import { Building2, MapPin, Search, Tag } from 'lucide-react';
import { icon } from '@/components/ui/icon';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Suggestion } from '@domain/search';
import { SUGGEST_MIN_CHARS, useSuggestions } from '../api/suggest';
import { useDebounced } from './use-debounced';

/** Typing pauses this long before suggestions are asked for. */
const DEBOUNCE_MS = 150;

const GROUPS: Array<{ label: string; kinds: Suggestion['kind'][] }> = [
  { label: 'Businesses', kinds: ['business'] },
  { label: 'Categories', kinds: ['category'] },
  { label: 'Places', kinds: ['city', 'country'] },
];

const ICONS = { business: Building2, category: Tag, city: MapPin, country: MapPin } as const;

/**
 * The query field of the search block with suggestions as you type (WAI-ARIA combobox with a
 * listbox popup): businesses, categories and places in groups; ArrowDown/ArrowUp move through them,
 * Enter opens the chosen one's page (or submits the form when none is chosen), Escape closes.
 */
export function SuggestBox({ id, value, onChange, placeholder }: { id: string; value: string; onChange: (value: string) => void; placeholder: string }) {
  const navigate = useNavigate();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Asked for only once the visitor types: a box pre-filled from the URL asks for nothing.
  const [typing, setTyping] = useState(false);
  const typed = useDebounced(typing ? value.trim() : '', DEBOUNCE_MS);
  const suggestions = useSuggestions(typed);
  const items = typing && value.trim().length >= SUGGEST_MIN_CHARS ? (suggestions.data?.items ?? []) : [];
  // Grouped in a fixed order; the keyboard walks the same order.
  const groups = GROUPS.map((g) => ({ label: g.label, items: items.filter((s) => g.kinds.includes(s.kind)) })).filter((g) => g.items.length > 0);
  const flat = groups.flatMap((g) => g.items);
  const expanded = open && flat.length > 0;
  const optionId = (i: number) => `${listId}-o${i}`;

  // Keep the option the arrows reach in view inside the list's scroll box.
  useEffect(() => {
    if (expanded && active >= 0) document.getElementById(`${listId}-o${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [expanded, active, listId]);

  const choose = (s: Suggestion) => {
    setOpen(false);
    setActive(-1);
    navigate(s.path);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (flat.length === 0) return;
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      const n = flat.length;
      if (!expanded) {
        setOpen(true);
        setActive(step > 0 ? 0 : n - 1);
      } else {
        setActive((a) => (a + step >= n ? 0 : a + step < 0 ? n - 1 : a + step));
      }
    } else if (e.key === 'Enter' && expanded && active >= 0 && active < flat.length) {
      e.preventDefault();
      choose(flat[active]);
    } else if (e.key === 'Escape' && expanded) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  let index = -1;
  return (
    <div className="relative flex flex-1 items-center gap-2 rounded-md border border-gray-300 px-3">
      {icon(Search, 'h-4 w-4 shrink-0 text-gray-500')}
      <input
        id={id}
        name="q"
        // A text box: ARIA in HTML allows the combobox role on type=text, on type=search none.
        type="text"
        enterKeyHint="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setTyping(true);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        placeholder={placeholder}
        className="w-full bg-transparent py-2 text-gray-900 outline-none placeholder:text-gray-500"
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        className="absolute left-0 right-0 top-full z-30 mt-1 max-h-96 overflow-y-auto rounded-md border border-gray-200 bg-white py-1 text-left shadow-lg"
        data-suggestions=""
      >
        {groups.map((g) => (
          <div key={g.label} role="group" aria-labelledby={`${listId}-${g.label}`}>
            <div id={`${listId}-${g.label}`} role="presentation" className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-gray-600">
              {g.label}
            </div>
            {g.items.map((s) => {
              index += 1;
              const i = index;
              const Icon = ICONS[s.kind];
              return (
                <div
                  key={`${s.kind}:${s.path}`}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  // mousedown, not click: the input's blur would close the list first.
                  onMouseDown={(e) => {
                    e.preventDefault();
                    choose(s);
                  }}
                  onMouseMove={() => setActive(i)}
                  className={`flex cursor-pointer items-start gap-2 px-3 py-2 ${i === active ? 'bg-blue-50 text-blue-900' : 'text-gray-900'}`}
                >
                  {icon(Icon, 'mt-0.5 h-4 w-4 shrink-0 text-gray-500')}
                  <span className="min-w-0">
                    <span className="block truncate">{s.label}</span>
                    {s.detail && <span className="block truncate text-sm text-gray-600">{s.detail}</span>}
                  </span>
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
