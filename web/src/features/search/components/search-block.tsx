import { MapPin } from 'lucide-react';
import { icon } from '@/components/ui/icon';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { SuggestBox } from './suggest-box';
import { NearMeButton } from './near-me-button';

export interface SearchPair {
  query: string;
  location: string;
}

/**
 * The reusable search block: two free-text fields and a Search button; no checks, it hands
 * whatever was typed to its caller (without JavaScript the form itself goes to /search). The query field suggests businesses, categories and places as
 * you type. Re-mount it (key) to change the defaults.
 */
export function SearchBlock({ defaultQuery = '', defaultLocation = '', onSearch }: { defaultQuery?: string; defaultLocation?: string; onSearch: (pair: SearchPair) => void }) {
  const [query, setQuery] = useState(defaultQuery);
  const [location, setLocation] = useState(defaultLocation);
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  // Text typed before the page hydrated is in the fields but not in the state (React leaves a
  // field's text alone when it hydrates): take it, or the next render would wipe it and Search
  // would send what the server rendered.
  useEffect(() => {
    const typed = (name: string) => (form.current?.elements.namedItem(name) as HTMLInputElement | null)?.value;
    const [q, loc] = [typed('q'), typed('location')];
    if (q !== undefined) setQuery(q);
    if (loc !== undefined) setLocation(loc);
  }, []);
  // Search sends what the fields hold, not the state: a click that comes after hydration but
  // before the effect above has re-rendered would otherwise send the server's defaults.
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const fields = new FormData(e.currentTarget);
    onSearch({ query: String(fields.get('q') ?? ''), location: String(fields.get('location') ?? '') });
  };
  return (
    <form ref={form} role="search" action={paths.search()} method="get" onSubmit={submit} className="flex w-full flex-col gap-2 rounded-lg bg-white p-2 shadow-md sm:flex-row">
      <label htmlFor={`${id}-q`} className="sr-only">What service do you need?</label>
      <SuggestBox id={`${id}-q`} value={query} onChange={setQuery} placeholder="What service do you need?" />
      <label htmlFor={`${id}-loc`} className="sr-only">Enter city or postal code</label>
      <div className="flex flex-1 items-center gap-2 rounded-md border border-gray-300 px-3">
        {icon(MapPin, 'h-4 w-4 shrink-0 text-gray-500')}
        <input id={`${id}-loc`} name="location" type="text" value={location} onChange={(e) => setLocation(e.target.value)} placeholder="Enter city or postal code" className="w-full bg-transparent py-2 text-gray-900 outline-none placeholder:text-gray-500" />
      </div>
      <button type="submit" className={buttonClass('primary')}>
        Search
      </button>
      <NearMeButton query={query} />
    </form>
  );
}
