import { describe, expect, it } from 'vitest';
import { clean, hasFilters, listFiltersParams, NO_FILTERS, parseListFilters, withFilters } from './list-filters';

describe('list filters in the URL', () => {
  it('reads the filters a URL names and leaves out values the list does not take', () => {
    const f = parseListFilters(new URLSearchParams('category=plumber&minRating=4&verified=true&hasPhone=1&sort=name&page=3&q=x'));
    expect(f).toEqual({ category: 'plumber', minRating: 4, verified: true, hasPhone: true, sort: 'name', page: 3 });
    expect(parseListFilters(new URLSearchParams('minRating=4.2&sort=random&page=-1&verified=no&district='))).toEqual({});
  });

  it('writes them back in a fixed order, without page 1 or the default sort', () => {
    expect(listFiltersParams({ sort: 'rating', page: 1, verified: true, category: 'a' }, 'rating')).toEqual({ category: 'a', verified: 'true' });
    expect(clean({ verified: false, district: undefined, city: 'x', page: 1 })).toEqual({ city: 'x' });
  });

  it('keeps other parameters and goes back to page 1 on any change but the page', () => {
    const current = new URLSearchParams('q=pizza&location=Ankara&page=4&sort=name');
    expect(withFilters(current, { verified: true }, 'relevance')).toBe('?q=pizza&location=Ankara&verified=true&sort=name');
    expect(withFilters(current, { page: 5 }, 'relevance')).toBe('?q=pizza&location=Ankara&sort=name&page=5');
    expect(withFilters(current, { sort: 'relevance' }, 'relevance')).toBe('?q=pizza&location=Ankara');
    expect(withFilters(new URLSearchParams('verified=true'), { verified: undefined }, 'rating')).toBe('');
  });

  it('reads a point and its radius, and ignores a bad point with its radius and the distance sort', () => {
    expect(parseListFilters(new URLSearchParams('near=41.0082,28.9784&radius=5&sort=distance'))).toEqual({ near: { lat: 41.0082, lng: 28.9784 }, radius: 5, sort: 'distance' });
    expect(parseListFilters(new URLSearchParams('near=91,0&radius=5&sort=distance'))).toEqual({});
    expect(parseListFilters(new URLSearchParams('near=41,29&radius=900'))).toEqual({ near: { lat: 41, lng: 29 } });
    expect(withFilters(new URLSearchParams('near=41.0082,28.9784&radius=5'), { verified: true }, 'distance')).toBe('?verified=true&near=41.0082%2C28.9784&radius=5');
  });

  it('clears every filter, the point and its radius among them, back to the plain list (the words and the sort kept)', () => {
    const current = new URLSearchParams('q=pizza&near=41.0082,28.9784&radius=2&verified=true&sort=rating');
    expect(hasFilters(parseListFilters(new URLSearchParams('near=41.0082,28.9784')))).toBe(true);
    expect(hasFilters(parseListFilters(new URLSearchParams('sort=rating&page=2')))).toBe(false);
    expect(withFilters(current, NO_FILTERS, 'relevance')).toBe('?q=pizza&sort=rating');
  });
});
