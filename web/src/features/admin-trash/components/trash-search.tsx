import { Search } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button';

/** Finds deleted businesses by name; submitting hands the text to the caller (which resets to page 1). */
export function TrashSearch({ onSearch }: { onSearch: (text: string) => void }) {
  const [text, setText] = useState('');
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
        aria-label="Search the trash"
        placeholder="Search deleted businesses by name..."
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
