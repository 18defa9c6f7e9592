import { Search } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from './button';

/** A search box with its button; submitting hands the trimmed text to the caller (which resets to page 1). */
export function SearchBox({ label, placeholder, initial = '', onSearch }: { label: string; placeholder: string; initial?: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(initial);
  return (
    <form
      role="search"
      className="flex gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="flex-1 rounded-md border border-gray-300 px-3 py-2 text-sm focus:border-blue-500 focus:outline-none focus:ring-1 focus:ring-blue-500"
      />
      <button type="submit" className={buttonClass('primary')}>
        <Search className="h-4 w-4" aria-hidden="true" /> Search
      </button>
    </form>
  );
}
