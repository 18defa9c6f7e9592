import { SearchBox } from '@/components/ui/search-box';

/** The list's search box. */
export function BusinessSearchForm({ initial, onSearch }: { initial: string; onSearch: (text: string) => void }) {
  return <SearchBox label="Search businesses" placeholder="Search businesses by name, address, or city..." initial={initial} onSearch={onSearch} />;
}
