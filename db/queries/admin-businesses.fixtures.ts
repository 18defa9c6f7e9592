/** For tests of the admin list and the export: a few businesses written straight into the tables. */
import type { Db } from '../index.js';
import { businessSlug, slugifyText } from '../../domain/slug.js';

export interface SeedBusiness {
  name: string;
  address: string;
  city?: string;
  state?: string;
  country?: string;
  category?: string;
  phone?: string;
  email?: string;
  website?: string;
  rating?: number;
  reviewCount?: number;
  placeId?: string;
  about?: string;
  services?: string[];
  isVerified?: boolean;
  latitude?: number;
}

export async function seedBusinesses(db: Db, rows: SeedBusiness[]): Promise<void> {
  const cityIds = new Map<string, number>();
  const categoryIds = new Map<string, number>();
  for (const r of rows) {
    let cityId: number | null = null;
    if (r.city) {
      const key = `${r.city}|${r.country ?? ''}`;
      if (!cityIds.has(key)) {
        const [c] = await db('cities')
          .insert({ name: r.city, state: r.state ?? null, country: r.country ?? 'United States', slug: slugifyText(`${r.city} ${r.country ?? ''}`) })
          .returning('id');
        cityIds.set(key, c.id);
      }
      cityId = cityIds.get(key)!;
    }
    let categoryId: number | null = null;
    if (r.category) {
      if (!categoryIds.has(r.category)) {
        const [c] = await db('categories').insert({ name: r.category, slug: slugifyText(r.category) }).returning('id');
        categoryIds.set(r.category, c.id);
      }
      categoryId = categoryIds.get(r.category)!;
    }
    await db('businesses').insert({
      name: r.name,
      slug: `${businessSlug(r.name, r.placeId)}${r.placeId ? '' : `-${Math.random().toString(36).slice(2, 8)}`}`,
      address: r.address,
      city_id: cityId,
      category_id: categoryId,
      state: r.state ?? null,
      country: r.country ?? null,
      phone: r.phone ?? null,
      email: r.email ?? null,
      website: r.website ?? null,
      rating: r.rating ?? 0,
      review_count: r.reviewCount ?? 0,
      place_id: r.placeId ?? null,
      about: r.about ?? null,
      services: r.services ?? [],
      is_verified: r.isVerified ?? false,
      latitude: r.latitude ?? null,
      identity_key: r.placeId ? `p:${r.placeId}` : `n:${r.name.toLowerCase()}|${r.address.toLowerCase()}`,
    });
  }
  // The per-country counts the import keeps, recounted the way it does.
  const counts = await db('businesses').whereNotNull('country').select('country').count<{ country: string; n: number }[]>({ n: '*' }).groupBy('country');
  for (const { country, n } of counts) {
    await db('countries')
      .insert({ name: country, slug: slugifyText(country), business_count: Number(n) })
      .onConflict('name')
      .merge(['business_count']);
  }
}
