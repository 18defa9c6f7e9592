/**
 * For the search tests: a small fixed directory whose relevance is known, written straight into
 * the tables (the search document and the facet counts come from the triggers, as on any write).
 */
import type { Db } from '../../db/index.js';
import { slugifyText } from '../../domain/slug.js';

interface Place {
  name: string;
  country: string;
  state?: string;
  /** Every other name, e.g. 'Montreal' for 'Montréal'. */
  alt?: string[];
}

export interface SearchSeed {
  name: string;
  category: string;
  city: string;
  district?: string;
  postalCode?: string;
  about?: string;
  services?: string[];
  rating?: number;
  reviews?: number;
  verified?: boolean;
  phone?: string;
}

export const PLACES: Place[] = [
  { name: 'İstanbul', country: 'Türkiye', alt: ['Istanbul', 'Constantinople'] },
  { name: 'Montréal', state: 'QC', country: 'Canada', alt: ['Montreal'] },
  { name: 'Austin', state: 'TX', country: 'United States' },
  { name: 'Garden City', state: 'NY', country: 'United States' },
  { name: 'Denver', state: 'CO', country: 'United States' },
  { name: 'New York City', state: 'NY', country: 'United States', alt: ['New York', 'NYC'] },
  { name: 'York', country: 'United Kingdom' },
  { name: 'São Paulo', country: 'Brazil', alt: ['Sao Paulo', 'Sampa'] },
  // Once named after the other (as GeoNames gives Luanda's former names).
  { name: 'Luanda', country: 'Angola', alt: ['Sao Paulo de Loanda', 'Loanda'] },
  // A big city's own name among a smaller one's alternate names (Lomé's Japanese 'Rome'), and a
  // small city named after a big one's exonym (Vienna, Virginia).
  { name: 'Rome', country: 'Italy', alt: ['Roma'] },
  { name: 'Lomé', country: 'Togo', alt: ['Lome', 'Rome'] },
  { name: 'Wien', country: 'Austria', alt: ['Vienna'] },
  { name: 'Vienna', state: 'VA', country: 'United States' },
  // A city named as another's country (Mexico, Pampanga; Mexico City, in Mexico).
  { name: 'Mexico City', country: 'Mexico' },
  { name: 'Mexico', state: 'Pampanga', country: 'Philippines' },
];

export const SEEDS: SearchSeed[] = [
  { name: 'Çiçek Evi', category: 'Florist', city: 'İstanbul', district: 'Kadıköy', postalCode: '34710', rating: 4.8, reviews: 120, phone: '+90 216 000 00 00', verified: true },
  { name: 'Şişli Pastanesi', category: 'Bakery', city: 'İstanbul', district: 'Şişli', postalCode: '34360', rating: 4.1, reviews: 40 },
  { name: 'Moda Fırını', category: 'Bakery', city: 'İstanbul', district: 'Kadıköy', postalCode: '34710', rating: 3.6, reviews: 15, phone: '+90 216 111 11 11' },
  { name: 'Café Zoë', category: 'Café', city: 'Montréal', postalCode: 'H2X 1Y4', rating: 4.4, reviews: 300, verified: true, phone: '+1 514 555 0100' },
  { name: 'Serrurier Rapide', category: 'Locksmith', city: 'Montréal', postalCode: 'H3B 2Y5', rating: 4.0, reviews: 22 },
  { name: 'Keys Now', category: 'Locksmith', city: 'Austin', postalCode: '78701', rating: 4.9, reviews: 500, phone: '+1 512 555 0199' },
  { name: 'Austin Plumber Pros', category: 'Plumber', city: 'Austin', postalCode: '78702', rating: 3.2, reviews: 8 },
  { name: 'Clean Cuts', category: 'Hairdresser', city: 'Austin', postalCode: '78703', rating: 4.6, reviews: 75, verified: true },
  // The word 'garden' in a name, a category, a place and a description, best rated last to first.
  { name: 'Garden Bistro', category: 'Restaurant', city: 'Austin', rating: 1.0, reviews: 1 },
  { name: 'Greenleaf', category: 'Garden Center', city: 'Austin', rating: 2.0, reviews: 2 },
  { name: 'Main Street Tailor', category: 'Tailor', city: 'Garden City', rating: 3.0, reviews: 3 },
  { name: 'Blue Door', category: 'Restaurant', city: 'Austin', about: 'Dinner on a quiet garden terrace.', rating: 5.0, reviews: 4 },
  // A number in a name that is also another business's postal code.
  { name: 'Oak Shop 80202', category: 'Hardware Store', city: 'Denver', postalCode: '80203', rating: 3.0, reviews: 5 },
  { name: 'Oak Shop Two', category: 'Hardware Store', city: 'Denver', postalCode: '80202', rating: 5.0, reviews: 50 },
  // A place of several words, one of them another place's name; a name with a connector in it.
  { name: "Joe's", category: 'Pizzeria', city: 'New York City', postalCode: '10012', rating: 4.5, reviews: 900 },
  { name: 'Minster Slice', category: 'Pizzeria', city: 'York', rating: 4.0, reviews: 30 },
  { name: 'Inn at the Park', category: 'Hotel', city: 'Denver', rating: 4.2, reviews: 60 },
  { name: 'Padaria Real', category: 'Bakery', city: 'São Paulo', rating: 4.0, reviews: 10 },
  { name: 'Pastelaria Ilha', category: 'Bakery', city: 'Luanda', rating: 4.9, reviews: 10 },
  { name: 'Forno Campo', category: 'Baker', city: 'Rome', rating: 4.1, reviews: 12 },
  { name: 'Osteria Tre', category: 'Trattoria', city: 'Rome', rating: 4.3, reviews: 40 },
  { name: 'Maquis Lagune', category: 'Trattoria', city: 'Lomé', rating: 4.8, reviews: 9 },
  { name: 'Kaffeehaus Ring', category: 'Coffeehouse', city: 'Wien', rating: 4.6, reviews: 80 },
  { name: 'Heuriger Grinzing', category: 'Trattoria', city: 'Wien', rating: 4.4, reviews: 30 },
  { name: 'Maple Coffeehouse', category: 'Coffeehouse', city: 'Vienna', rating: 4.0, reviews: 5 },
  { name: 'Taquería Sol', category: 'Taqueria', city: 'Mexico City', rating: 4.7, reviews: 70 },
  { name: 'Kusina Pampanga', category: 'Taqueria', city: 'Mexico', rating: 4.2, reviews: 11 },
];

export async function seedSearch(db: Db, seeds: SearchSeed[] = SEEDS): Promise<void> {
  for (const p of PLACES) {
    const names = [p.name, ...(p.alt ?? [])].map((n) => slugifyText(n).replace(/-/g, ' '));
    await db('cities').insert({ name: p.name, state: p.state ?? null, country: p.country, slug: slugifyText(p.name), alt_names: `|${[...new Set(names)].join('|')}|` });
    await db('countries').insert({ name: p.country, slug: slugifyText(p.country) }).onConflict('name').ignore();
  }
  for (const name of new Set(seeds.map((s) => s.category))) await db('categories').insert({ name, slug: slugifyText(name) });
  const cities = new Map((await db('cities').select('id', 'name')).map((r) => [r.name as string, r.id as number]));
  const categories = new Map((await db('categories').select('id', 'name')).map((r) => [r.name as string, r.id as number]));
  await db('businesses').insert(
    seeds.map((s, i) => {
      const place = PLACES.find((p) => p.name === s.city)!;
      return {
        name: s.name,
        slug: `${slugifyText(s.name)}-${i}`,
        address: `${i + 1} Long Road`,
        category_id: categories.get(s.category),
        city_id: cities.get(s.city),
        district: s.district ?? null,
        postal_code: s.postalCode ?? null,
        state: place.state ?? null,
        country: place.country,
        about: s.about ?? null,
        services: s.services ?? [],
        rating: s.rating ?? 0,
        review_count: s.reviews ?? 0,
        is_verified: s.verified ?? false,
        phone: s.phone ?? null,
        identity_key: `n:seed-${i}`,
      };
    }),
  );
  // The counts an import keeps.
  for (const table of ['cities', 'categories'] as const) {
    const column = table === 'cities' ? 'city_id' : 'category_id';
    await db.raw(`UPDATE ${table} t SET business_count = (SELECT count(*) FROM businesses b WHERE b.${column} = t.id AND b.is_active)`);
  }
  await db.raw('UPDATE countries t SET business_count = (SELECT count(*) FROM businesses b WHERE b.country = t.name AND b.is_active)');
}
