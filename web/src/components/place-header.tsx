import type { ReactNode } from 'react';
import { Building2, MapPin } from 'lucide-react';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { LoadingStatus, Skeleton } from '@/components/skeleton';
import { cardClass } from '@/components/ui/card';
import { icon } from '@/components/ui/icon';

interface PlaceHeaderProps {
  /** The breadcrumbs; null while the page's data loads (a skeleton of the header's size stands in). */
  crumbs: Array<{ label: string; to?: string }> | null;
  heading: ReactNode;
  /** Lines under the heading (the state and country). */
  children?: ReactNode;
  /** How many businesses, beside a building icon; left out while unknown. */
  count?: ReactNode;
  /** What follows the header card (the links to its categories). */
  after?: ReactNode;
}

/** The head of a place's list (a city, a category in a city): breadcrumbs, a card with the H1 and its count. */
export function PlaceHeader({ crumbs, heading, children, count, after }: PlaceHeaderProps) {
  if (!crumbs) {
    return (
      <div className="space-y-2 rounded-lg border border-gray-200 bg-white p-5">
        <LoadingStatus />
        <Skeleton className="h-8 w-1/3" />
        <Skeleton className="h-4 w-1/4" />
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <Breadcrumbs items={crumbs} />
      <header className={cardClass('p-5')}>
        <h1 className="flex items-center gap-2 text-3xl font-bold text-gray-900">
          {icon(MapPin, 'h-7 w-7 text-blue-700')}
          {heading}
        </h1>
        {children}
        {count !== undefined && (
          <p className="mt-2 flex items-center gap-1 text-gray-800">
            {icon(Building2, 'h-4 w-4')}
            {count}
          </p>
        )}
      </header>
      {after}
    </div>
  );
}
