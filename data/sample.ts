import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import type { Db } from '../db/index.js';
import { businessSlug, slugifyText } from './slug.js';
import type { BusinessHours, DayHours } from './types.js';

/**
 * The bundled sample directory. Sources live in data/, the build in dist/data/: the CSV stays in
 * data/samples/ in both cases, so look beside this module first, then two levels up.
 */
export const SAMPLE_FILE: string = [
  new URL('./samples/businesses.csv', import.meta.url),
  new URL('../../data/samples/businesses.csv', import.meta.url),
]
  .map((u) => fileURLToPath(u))
  .find((p) => fs.existsSync(p)) ?? fileURLToPath(new URL('./samples/businesses.csv', import.meta.url));

type SampleRow = Record<string, string>;

/**
 * Loads the sample into the database. A stand-in until the import pipeline lands, which then
 * replaces this body (same signature): it inserts new businesses only and fixes every count.
 */
export async function loadSample(db: Db): Promise<{ imported: number }> {
  const text = fs.readFileSync(SAMPLE_FILE, 'utf8');
  const { data } = Papa.parse<SampleRow>(text, { header: true, skipEmptyLines: true });
  return db.transaction(async (trx) => {
    const categoryIds = await ensureNamed(trx, 'categories', unique(data.map((r) => r.category)));
    await ensureNamed(trx, 'countries', unique(data.map((r) => r.country)));
    const cityIds = await ensureCities(trx, data);

    const slugs = new Set<string>((await trx('businesses').pluck('slug')) as string[]);
    const rows = data.map((r) => {
      const slug = uniqueSlug(businessSlug(r.name, r.place_id || null), slugs);
      return {
        name: r.name.trim(),
        slug,
        category_id: r.category ? categoryIds.get(r.category) : null,
        city_id: cityIds.get(cityKey(r.city, r.state, r.country)) ?? null,
        address: r.full_address,
        postal_code: r.postal_code || null,
        state: r.state || null,
        country: r.country || null,
        phone: r.phone || null,
        email: r.email || null,
        website: r.website || null,
        rating: Number(r.rating) || 0,
        review_count: Number(r.reviews) || 0,
        about: r.about || null,
        working_hours: r.working_hours || null,
        business_hours: JSON.stringify(businessHours(r.working_hours)),
        photo: r.photo || null,
        location_link: r.location_link || null,
        place_id: r.place_id || null,
        services: r.services ? r.services.split(/[,;|]/).map((s) => s.trim()).filter(Boolean) : [],
        is_verified: r.is_verified === 'true',
        identity_key: identityKey(r.name, r.full_address, r.place_id),
      };
    });
    let imported = 0;
    for (let i = 0; i < rows.length; i += 500) {
      const inserted = await trx('businesses').insert(rows.slice(i, i + 500)).onConflict('identity_key').ignore().returning('id');
      imported += inserted.length;
    }
    await refreshCounts(trx);
    return { imported };
  });
}

/** Every city's, category's and country's business_count, recomputed from the businesses. */
export async function refreshCounts(db: Db): Promise<void> {
  await db.raw(`UPDATE cities c SET business_count = coalesce((SELECT count(*) FROM businesses b WHERE b.city_id = c.id), 0)`);
  await db.raw(`UPDATE categories c SET business_count = coalesce((SELECT count(*) FROM businesses b WHERE b.category_id = c.id), 0)`);
  await db.raw(`UPDATE countries c SET business_count = coalesce((SELECT count(*) FROM businesses b WHERE b.country = c.name), 0)`);
}

function identityKey(name: string, address: string, placeId: string): string {
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
  return placeId ? `p:${placeId}` : `n:${norm(name)}|${norm(address)}`;
}

function uniqueSlug(base: string, taken: Set<string>): string {
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

const unique = (values: string[]) => [...new Set(values.map((v) => v?.trim()).filter(Boolean))];
const cityKey = (name: string, state: string, country: string) => [name, state ?? '', country].map((s) => (s ?? '').toLowerCase()).join('|');

async function ensureNamed(db: Db, table: 'categories' | 'countries', names: string[]): Promise<Map<string, number>> {
  const rows = (await db(table).select('id', 'name', 'slug')) as Array<{ id: number; name: string; slug: string }>;
  const slugs = new Set(rows.map((r) => r.slug));
  const fresh = names.filter((n) => !rows.some((r) => r.name === n));
  if (fresh.length) await db(table).insert(fresh.map((name) => ({ name, slug: uniqueSlug(slugifyText(name) || 'item', slugs) })));
  const all = (await db(table).select('id', 'name')) as Array<{ id: number; name: string }>;
  return new Map(all.map((r) => [r.name, r.id]));
}

/** Cities by (name, state, country); a name already taken elsewhere gets its state or country in the slug. */
async function ensureCities(db: Db, data: SampleRow[]): Promise<Map<string, number>> {
  const existing = (await db('cities').select('id', 'name', 'state', 'country', 'slug')) as Array<{ id: number; name: string; state: string | null; country: string; slug: string }>;
  const ids = new Map(existing.map((c) => [cityKey(c.name, c.state ?? '', c.country), c.id]));
  const slugs = new Set(existing.map((c) => c.slug));
  for (const r of data) {
    if (!r.city) continue;
    const key = cityKey(r.city, r.state, r.country);
    if (ids.has(key)) continue;
    const base = slugifyText(r.city) || 'city';
    const slug = !slugs.has(base) ? base : uniqueSlug(`${base}-${slugifyText(r.state || r.country)}`, slugs);
    slugs.add(slug);
    const [row] = await db('cities').insert({ name: r.city, state: r.state || null, country: r.country, slug }).returning('id');
    ids.set(key, row.id);
  }
  return ids;
}

const DAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** {"Monday":"9AM-5PM","Sunday":"Closed"} → {monday:{open,close}, sunday:{closed:true}}; other text → {}. */
function businessHours(text: string): BusinessHours {
  if (!text?.trim().startsWith('{')) return {};
  try {
    const parsed = JSON.parse(text) as Record<string, string>;
    const out: BusinessHours = {};
    for (const [day, value] of Object.entries(parsed)) {
      const key = day.toLowerCase() as (typeof DAY_NAMES)[number];
      if (!DAY_NAMES.includes(key) || typeof value !== 'string') continue;
      const [open, close] = value.split('-').map((s) => s.trim());
      const hours: DayHours = /^closed$/i.test(value.trim()) ? { closed: true } : { open, close, closed: false };
      out[key] = hours;
    }
    return out;
  } catch {
    return {};
  }
}
