import { SearchBox } from '@/components/ui/search-box';

/** Finds deleted businesses by name. */
export function TrashSearch({ onSearch }: { onSearch: (text: string) => void }) {
  return <SearchBox label="Search the trash" placeholder="Search deleted businesses by name..." onSearch={onSearch} />;
}
