/**
 * What a public answer shows, as the change keys of db/data-version.ts, so that the answer cache
 * (answer-cache.ts) keeps it through the writes that change none of it. The request's reads
 * (read-routing.ts requestReads) say it as they are made, each read with the keys it declares
 * (data/reads/change-keys.ts): a business page's read names its business and what its page shows
 * of others, a city's, a category's or a country's its row, its list and the others it names; every
 * other read (search, the home page, counts) everything. So does an answer that made no read
 * through them.
 */
import type { Context } from 'koa';
import type { ChangeKeys } from '../../data/reads/change-keys.js';

const DEPS = 'rehber.dependencies';

interface Recorded {
  keys: Set<string>;
  everything: boolean;
}

/** Notes that the request's answer shows what `keys` name (null: everything). */
export function dependsOn(ctx: Pick<Context, 'state'>, keys: ChangeKeys): void {
  const recorded = ((ctx.state[DEPS] as Recorded | undefined) ??= { keys: new Set(), everything: false });
  if (keys === null) recorded.everything = true;
  else for (const key of keys) recorded.keys.add(key);
}

/** The keys the request's answer depends on; null for everything (or when no read said). */
export function dependenciesOf(ctx: Pick<Context, 'state'>): string[] | null {
  const recorded = ctx.state[DEPS] as Recorded | undefined;
  return !recorded || recorded.everything ? null : [...recorded.keys];
}
