import { describe, expect, it } from 'vitest';
import { deepestPage, pageOf } from './paging.js';
import { MAX_LIST_DEPTH } from '../../domain/constants.js';

describe('a page of a list', () => {
  it('stops its pages at the deepest page given, so a pager never links past it', () => {
    expect(pageOf([], 50_000, { page: 3, limit: 24 }, deepestPage(24)).pagination).toEqual({ page: 3, limit: 24, total: 50_000, totalPages: 416 });
    expect(pageOf([], 500, { page: 3, limit: 24 }, deepestPage(24)).pagination.totalPages).toBe(21);
    expect(pageOf([], 0, { page: 1, limit: 24 }, deepestPage(24)).pagination.totalPages).toBe(1);
    expect(pageOf([], 50_000, { page: 3, limit: 24 }).pagination.totalPages).toBe(2084);
  });

  it('reaches at most MAX_LIST_DEPTH businesses at every page size, and always its first page', () => {
    for (const limit of [1, 24, 50, 99, 100]) {
      expect(deepestPage(limit) * limit).toBeLessThanOrEqual(MAX_LIST_DEPTH);
      expect((deepestPage(limit) + 1) * limit).toBeGreaterThan(MAX_LIST_DEPTH);
    }
    expect(deepestPage(MAX_LIST_DEPTH * 2)).toBe(1);
  });
});
