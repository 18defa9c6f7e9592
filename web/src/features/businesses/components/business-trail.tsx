import type { Business } from '@domain/types';
import { businessTrails } from '@domain/business-trail';
import { Breadcrumbs } from '@/components/breadcrumbs';

/**
 * Where a business sits: Home › its country › its city › its category in the city (› in its
 * district) › the business, the trail its JSON-LD declares (domain/business-trail.ts). Its category
 * in its country, the trail's other way down, is a "More … in {country}" link in the hero.
 */
export function BusinessTrail({ business }: { business: Business }) {
  const { place } = businessTrails(business);
  return <Breadcrumbs items={place.map((step, i) => (i < place.length - 1 ? { label: step.label, to: step.path } : { label: step.label }))} />;
}
