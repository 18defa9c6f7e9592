import { Tag } from 'lucide-react';
import { icon } from '@/components/ui/icon';
import { Link } from '@/components/ui/link';
import { countOf } from '@domain/plural';
import { EmptyMessage, ErrorMessage } from '@/components/page-message';
import { SkeletonCards } from '@/components/skeleton';
import { paths } from '@/config/paths';
import { useCategories } from '@/features/categories/api/get-categories';
import { STATIC_META } from '@domain/page-meta';
import { useDocumentHead } from '@/lib/seo';
import { cardClass } from '@/components/ui/card';

const GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

export function CategoriesRoute() {
  const categories = useCategories();
  useDocumentHead(STATIC_META.categories);
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-3xl font-bold text-gray-900">Business Categories</h1>
        <p className="mt-1 text-gray-700">Browse local businesses by what they do.</p>
      </header>
      {categories.isPending ? (
        <div className={GRID}><SkeletonCards count={12} className="h-20" /></div>
      ) : categories.isError ? (
        <ErrorMessage />
      ) : categories.data.length === 0 ? (
        <EmptyMessage>No categories yet</EmptyMessage>
      ) : (
        <ul className={GRID}>
          {categories.data.map((c) => (
            <li key={c.id}>
              <Link to={paths.category(c.slug)} className={cardClass('flex items-center gap-3 p-4 hover:border-blue-300 hover:shadow-md')} data-category-card="">
                {icon(Tag, 'h-5 w-5 shrink-0 text-blue-700')}
                <span>
                  <span className="block font-semibold text-gray-900">{c.name}</span>
                  <span className="block text-sm text-gray-700">{countOf(c.businessCount, 'business')}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
