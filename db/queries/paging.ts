import type { Page } from '../../domain/types.js';
import { MAX_LIST_DEPTH } from '../../domain/constants.js';

export interface PageRequest {
  /** 1-based. */
  page: number;
  limit: number;
}

/** The deepest page of `limit` a public list shows (MAX_LIST_DEPTH says why); at least the first. */
export const deepestPage = (limit: number): number => Math.max(1, Math.floor(MAX_LIST_DEPTH / limit));

/**
 * Wraps one page of items with its pagination; an empty list still has one (empty) page.
 * `deepest`: the last page that may be asked (totalPages stops there, so a pager never links past it).
 */
export function pageOf<T>(items: T[], total: number, { page, limit }: PageRequest, deepest = Infinity): Page<T> {
  return { items, pagination: { page, limit, total, totalPages: Math.min(deepest, Math.max(1, Math.ceil(total / limit))) } };
}
