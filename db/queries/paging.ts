import type { Page } from '../../domain/types.js';

export interface PageRequest {
  /** 1-based. */
  page: number;
  limit: number;
}

/** Wraps one page of items with its pagination; an empty list still has one (empty) page. */
export function pageOf<T>(items: T[], total: number, { page, limit }: PageRequest): Page<T> {
  return { items, pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) } };
}
