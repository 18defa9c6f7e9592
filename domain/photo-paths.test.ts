import { describe, expect, it } from 'vitest';
import { businessPhotoPath, parsePhotoFile, photoKey, photoPath, photoSrcSet, placeholderPath } from './photo-paths.js';

describe('photo paths', () => {
  it('key a URL by 16 hex digits that change with the URL', () => {
    const key = photoKey('https://example.com/a.jpg');
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    expect(photoKey('https://example.com/a.jpg')).toBe(key);
    expect(photoKey('https://example.com/b.jpg')).not.toBe(key);
    expect(photoKey('http://example.com/a.jpg')).not.toBe(key);
  });

  it('name the business, the key and a width, and parse back', () => {
    const key = photoKey('https://example.com/a.jpg');
    expect(photoPath('cafe-x', key, 320, 'webp')).toBe(`/photos/cafe-x/${key}-320.webp`);
    expect(parsePhotoFile(`${key}-320.webp`)).toEqual({ key, width: 320, format: 'webp' });
    expect(parsePhotoFile(`${key}-1280.jpg`)).toEqual({ key, width: 1280, format: 'jpg' });
    expect(photoSrcSet('cafe-x', key, 'jpg').split(', ')).toHaveLength(6);
  });

  it('parse no width rehber does not make, no other format and no other name', () => {
    const key = photoKey('https://example.com/a.jpg');
    for (const name of [`${key}-321.webp`, `${key}-99999.webp`, `${key}-320.png`, `${key}-320.webp.exe`, `../${key}-320.webp`, `${key.slice(1)}-320.webp`, `${key.toUpperCase()}-320.webp`]) {
      expect(parsePhotoFile(name), name).toBeNull();
    }
  });

  it("give a business's photo for crawlers as a JPEG path, and none for a missing or unsafe URL", () => {
    const key = photoKey('http://example.com/a.jpg');
    expect(businessPhotoPath({ slug: 'cafe-x', photo: 'http://example.com/a.jpg' })).toBe(`/photos/cafe-x/${key}-1280.jpg`);
    expect(businessPhotoPath({ slug: 'cafe-x', photo: null })).toBeNull();
    expect(businessPhotoPath({ slug: 'cafe-x', photo: 'javascript:alert(1)' })).toBeNull();
  });

  it('version the placeholder drawings', () => {
    expect(placeholderPath('food')).toBe('/photos/placeholders/v1/food.svg');
  });
});
