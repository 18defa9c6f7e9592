import { Navigation } from 'lucide-react';
import { BusinessCard } from '@/components/business-card';
import { useNearby } from '../api/get-nearby';
import { SectionCard } from './section-card';

/**
 * "More nearby" on a business's page: the nearest other businesses with their distances,
 * server-rendered with the page. Nothing when there are none (a business placed only at its
 * city's centre is near nothing in particular) or while they load.
 */
export function MoreNearby({ slug }: { slug: string }) {
  const { data } = useNearby(slug);
  if (!data?.length) return null;
  return (
    <SectionCard title="More nearby" icon={Navigation}>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" data-more-nearby="">
        {data.map((b) => (
          <li key={b.id}>
            <BusinessCard business={b} variant="compact" />
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
