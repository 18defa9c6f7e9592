/** For tests of the loader and the business writes: a valid BusinessInput with defaults. */
import type { BusinessInput } from './pipeline.js';

export function biz(o: Partial<BusinessInput> & { name: string }): BusinessInput {
  const address = o.address ?? `1 ${o.name} Street, Austin, TX 78701, United States`;
  const placeId = o.placeId === undefined ? null : o.placeId;
  return {
    rowNumber: 2,
    identityKey: placeId ? `p:${placeId}` : `n:${o.name.toLowerCase()}|${address.toLowerCase()}`,
    address,
    postalCode: null,
    city: 'Austin',
    state: 'TX',
    country: 'United States',
    category: 'Plumber',
    phone: null,
    email: null,
    website: null,
    rating: 4.5,
    reviewCount: 10,
    about: null,
    description: null,
    workingHours: null,
    businessHours: {},
    photo: null,
    placeId,
    locationLink: null,
    services: [],
    latitude: null,
    longitude: null,
    isVerified: false,
    ...o,
  };
}
