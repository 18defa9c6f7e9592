import { Info, Tag } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { businessMeta } from '@domain/page-meta';
import { NotFoundMessage } from '@/components/page-message';
import { useBusiness } from '@/features/businesses/api/get-business';
import { BusinessHero } from '@/features/businesses/components/business-hero';
import { BusinessTrail } from '@/features/businesses/components/business-trail';
import { AddressCard, ContactCard, QuickActions } from '@/features/businesses/components/contact-cards';
import { BusinessDetailSkeleton } from '@/features/businesses/components/detail-skeleton';
import { SectionCard } from '@/features/businesses/components/section-card';
import { WorkingHoursCard } from '@/features/businesses/components/working-hours-card';
import { MoreNearby } from '@/features/businesses/components/more-nearby';
import { AdSlot } from '@/features/ads/components/ad-slot';
import { BusinessMap } from '@/features/map/components/business-map';
import { useDocumentHead } from '@/lib/seo';

/** /details/:slug (the slug from the API, place-id suffix included or not). */
export function BusinessDetailRoute() {
  const { slug = '' } = useParams();
  const { data: b, isPending, isError } = useBusiness(slug);
  // The head is set by an effect, which never runs in the server render (the server writes the
  // crawler head from the same businessMeta itself): worked out in the browser only.
  useDocumentHead(b && !import.meta.env.SSR ? businessMeta(b) : null);

  if (isPending) return <BusinessDetailSkeleton />;
  if (isError || !b) {
    return <NotFoundMessage title="Business Not Found" text="The business you are looking for was not found or does not exist." />;
  }
  const about = b.about?.trim();
  const description = b.description?.trim();
  // Phones read one column: the page, then the contact cards, then the Call / Directions bar, which
  // sticks to the bottom of the screen all the way down. From lg up the grid puts the actions at the
  // top of the right column, above the contact cards.
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3 lg:grid-rows-[auto_1fr]">
      <div className="space-y-6 lg:col-span-2 lg:row-span-2">
        <BusinessTrail business={b} />
        <BusinessHero business={b} />
        {about && (
          <SectionCard title="About" icon={Info}>
            <p className="whitespace-pre-line text-gray-800">{about}</p>
          </SectionCard>
        )}
        {description && description !== about && (
          <SectionCard title="Description">
            <p className="whitespace-pre-line text-gray-800">{description}</p>
          </SectionCard>
        )}
        <AdSlot slot="banner" className="mx-auto" />
        <WorkingHoursCard workingHours={b.workingHours} businessHours={b.businessHours} timeZone={b.timeZone} />
        {b.services.length > 0 && (
          <SectionCard title="Services" icon={Tag}>
            <ul className="flex flex-wrap gap-2">
              {b.services.map((s) => (
                <li key={s} className="rounded-full bg-gray-100 px-3 py-1 text-sm text-gray-800">{s}</li>
              ))}
            </ul>
          </SectionCard>
        )}
        <MoreNearby slug={b.slug} />
      </div>
      <aside className="space-y-6 lg:col-start-3 lg:row-start-2" aria-label="Contact">
        <AdSlot slot="detail" className="mx-auto" />
        <AddressCard business={b} />
        <BusinessMap businesses={[b]} spot />
        <ContactCard business={b} />
      </aside>
      <QuickActions business={b} className="lg:col-start-3 lg:row-start-1 lg:self-start" />
    </div>
  );
}
