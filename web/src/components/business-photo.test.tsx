import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { photoKey } from '@domain/photo-paths';
import { BusinessPhoto } from './business-photo';

/** The photo renders on the server (SSR) with no window or document, the same on every render. */
describe('BusinessPhoto on the server', () => {
  it('points a photo at rehber’s own /photos paths, WebP with a JPEG fallback, every width', () => {
    const url = 'http://photos.example.com/cafe.jpg';
    const html = renderToString(<BusinessPhoto photo={url} name="Blue Door Café" slug="blue-door-cafe" category={{ name: 'Café', slug: 'cafe' }} priority />);
    const key = photoKey(url);
    expect(html).toContain(`<source type="image/webp" srcSet="/photos/blue-door-cafe/${key}-160.webp 160w, `);
    expect(html).toContain(`/photos/blue-door-cafe/${key}-1280.jpg 1280w`);
    expect(html).toContain(`src="/photos/blue-door-cafe/${key}-640.jpg"`);
    expect(html).toContain('alt="Blue Door Café"');
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
    expect(html).not.toContain('photos.example.com');
    expect(renderToString(<BusinessPhoto photo={url} name="Blue Door Café" slug="blue-door-cafe" priority />)).toBe(html);
  });

  it('shows the drawing of the business’s kind without a photo, with an unsafe one, or without a slug', () => {
    for (const [photo, slug] of [[null, 'x'], ['javascript:alert(1)', 'x'], ['https://photos.example.com/a.jpg', undefined]] as const) {
      const html = renderToString(<BusinessPhoto photo={photo} name="Kadıköy Eczanesi" slug={slug} category="Pharmacy" className="h-36 w-full" />);
      expect(html).toContain('data-photo-placeholder=""');
      expect(html).toContain('background-image:url(/photos/placeholders/v1/health.svg)');
      expect(html).toContain('No photo of Kadıköy Eczanesi');
      expect(html).not.toMatch(/<img|example\.com|javascript:/);
    }
  });
});
