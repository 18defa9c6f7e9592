import { ChevronRight } from 'lucide-react';
import { icon } from '@/components/ui/icon';
import { Link } from '@/components/ui/link';

/** Where a page sits: links up to it, the page itself last (not a link). */
export function Breadcrumbs({ items }: { items: Array<{ label: string; to?: string }> }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-gray-700">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, i) => (
          <li key={`${i}-${item.label}`} className="flex items-center gap-1">
            {i > 0 && icon(ChevronRight, 'h-4 w-4 text-gray-400')}
            {item.to ? (
              <Link to={item.to} className="text-blue-700 hover:underline">{item.label}</Link>
            ) : (
              <span aria-current="page">{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
