/**
 * What a public answer shows, as the change keys of db/data-version.ts, so that the answer cache
 * (answer-cache.ts) keeps it through the writes that change none of it. The request's reads
 * (read-routing.ts requestReads) say it as they are made: a business page's read depends on its
 * business, its city's and category's names (breadcrumbs, links), its namesakes (its title tells
 * them apart) and, after an import batch too big to list its businesses, on any business of its
 * city. Every other read (lists, search, the home page, counts) depends on everything; so does an
 * answer that made no read through them, and a business found under a slug not its own (another
 * business may take that reading).
 */
import type { Context } from 'koa';
import { namesakesKey } from '../../db/data-version.js';
import type { ReadService } from '../../data/reads/public-reads.js';
import type { Business } from '../../domain/types.js';

const DEPS = 'rehber.dependencies';

interface Recorded {
  keys: Set<string>;
  everything: boolean;
}

/** Notes that the request's answer shows what `keys` name (null: everything). */
function dependsOn(ctx: Pick<Context, 'state'>, keys: readonly string[] | null): void {
  const recorded = ((ctx.state[DEPS] as Recorded | undefined) ??= { keys: new Set(), everything: false });
  if (keys === null) recorded.everything = true;
  else for (const key of keys) recorded.keys.add(key);
}

/** The keys the request's answer depends on; null for everything (or when no read said). */
export function dependenciesOf(ctx: Pick<Context, 'state'>): string[] | null {
  const recorded = ctx.state[DEPS] as Recorded | undefined;
  return !recorded || recorded.everything ? null : [...recorded.keys];
}

/** The keys of what a business's page shows. */
export function businessKeys(b: Pick<Business, 'id' | 'name' | 'cityId' | 'categoryId'>): string[] {
  const city = b.cityId ?? '-';
  return [`b:${b.id}`, `bc:${city}`, `c:${city}`, `k:${b.categoryId ?? '-'}`, namesakesKey(b.cityId, b.name)];
}

/** `reads`, each read noting what the request's answer depends on. */
export function recordingReads(reads: ReadService, ctx: Pick<Context, 'state'>): ReadService {
  const recording: Record<string, unknown> = {};
  for (const [name, read] of Object.entries(reads) as [string, (...args: unknown[]) => Promise<unknown>][]) {
    recording[name] = (...args: unknown[]) => {
      if (name !== 'business' && name !== 'moreNearby') dependsOn(ctx, null);
      return read(...args);
    };
  }
  const business: ReadService['business'] = async (slug) => {
    const found = await reads.business(slug);
    dependsOn(ctx, found && found.slug === slug ? businessKeys(found) : null);
    return found;
  };
  // A business page's "More nearby": what it shows (each neighbour's own key), and any change to
  // its own city's list (a new neighbour there). A new neighbour over a city's border shows once the
  // page is read again for another reason: a list that is not the newest, never a wrong one.
  const moreNearby: ReadService['moreNearby'] = async (b) => {
    const found = await reads.moreNearby(b);
    // A business with no precise spot of its own is near nothing: its empty list never changes.
    const precise = b.latitude !== null && b.longitude !== null && !b.coordinatesApproximate;
    dependsOn(ctx, [...(precise ? [`lc:${b.cityId ?? '-'}`] : []), ...found.map((n) => `b:${n.id}`)]);
    return found;
  };
  return { ...(recording as unknown as ReadService), business, moreNearby };
}
