import { describe, expect, it } from 'vitest';
import { businessMeta, excerpt, NOT_FOUND_META, STATIC_META } from './page-meta.js';

describe('page meta', () => {
  it('cuts the description at 150 characters of the about text', () => {
    const about = 'word '.repeat(100);
    expect(excerpt(about).length).toBeLessThanOrEqual(150);
    const meta = businessMeta({ name: 'Café Zoë', slug: 'cafe-zoe-chij3wu', about, address: 'A St 1', category: { name: 'Café' }, city: { name: 'Paris' } });
    expect(meta.description).toBe(excerpt(about));
    expect(meta.title).toBe('Café Zoë - Café in Paris | rehber');
    expect(meta.path).toBe('/details/cafe-zoe-chij3wu');
  });
  it('falls back to name, category, city and address without an about text', () => {
    const meta = businessMeta({ name: 'X', slug: 'x', about: null, address: 'A St 1', category: null, city: { name: 'Paris' } });
    expect(meta.description).toBe('X, in Paris. A St 1');
  });
  it('adds the place that tells namesakes in the same city apart', () => {
    const meta = businessMeta({ name: 'Keçiören Veteriner', slug: 'k', about: null, address: 'İstiklal Cd. No:110', category: { name: 'Veterinarian' }, city: { name: 'Ankara' }, titlePlace: 'İstiklal Cd. No:110' });
    expect(meta.title).toBe('Keçiören Veteriner (İstiklal Cd. No:110) - Veterinarian in Ankara | rehber');
  });
  it('gives the not-found page its own title and the Turkish cities page its language', () => {
    expect(NOT_FOUND_META.title).toBe('Page Not Found | rehber');
    expect(NOT_FOUND_META.title).not.toBe(STATIC_META.home.title);
    expect(STATIC_META.cities.lang).toBe('tr');
  });
});
