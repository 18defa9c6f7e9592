import { describe, expect, it } from 'vitest';
import { publicSession } from './public-session.js';

/**
 * Spreadsheet data is untrusted: a business imported with hostile values stays inert
 * in the crawler HTML and in the rendered page.
 */
const NAME = '</script><script>alert(1)</script>';
const ABOUT = '<script>alert(1)</script> <!-- <img src=x onerror=alert(2)> \u2028 & "quotes" \'single\'';
const SLUG = 'hostile-business';

const s = publicSession({
  app: {
    sample: false,
    seed: async (app) => {
      const [city] = await app.db('cities').insert({ name: '<b>Evil</b> City', country: 'Nowhere', slug: 'evil-city', business_count: 2 }).returning('id');
      await app.db('businesses').insert([
        {
          name: NAME,
          slug: SLUG,
          city_id: city.id,
          address: '"><svg onload=alert(3)>',
          phone: '"><img src=x onerror=alert(4)>',
          email: 'a@b.co?bcc=<script>alert(5)</script>',
          website: 'javascript:alert(1)',
          photo: 'javascript:alert(6)',
          location_link: 'javascript:alert(7)',
          about: ABOUT,
          description: '<iframe src="javascript:alert(8)"></iframe>',
          working_hours: '<img src=x onerror=alert(9)>',
          business_hours: JSON.stringify({ monday: { open: '</script><script>alert(10)</script>', close: '5PM', closed: false } }),
          services: ['<img src=x onerror=alert(11)>'],
          identity_key: 'n:hostile',
        },
        // A photo URL that fails to load: the placeholder replaces it.
        { name: 'Broken Photo', slug: 'broken-photo', city_id: city.id, address: 'A St 1', photo: 'PLACEHOLDER', identity_key: 'n:broken' },
      ]);
      await app.db('businesses').where({ slug: 'broken-photo' }).update({ photo: `${app.url}/assets/missing-photo.jpg` });
      await app.settle();
    },
  },
});

describe('hostile values', () => {
  it('stay inert in the crawler HTML', async () => {
    const res = await fetch(`${s.app.url}/details/${SLUG}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const head = html.slice(0, html.indexOf('</head>'));
    // Only the built module script, the two JSON-LD elements (LocalBusiness, BreadcrumbList) and the
    // server render's data island: nothing broke out of any of them.
    expect(html.match(/<script\b/g)).toHaveLength(4);
    for (const m of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) expect(m[1]).not.toMatch(/[<>]/);
    expect(html).not.toContain('<script>alert');
    // The rendered body draws its icons as <svg>, but no hostile element or handler got in.
    expect(html).not.toMatch(/<iframe\b/);
    // No image but rehber's own photo paths.
    expect([...html.matchAll(/<img\b[^>]*>/g)].filter((m) => !/\ssrc="\/photos\//.test(m[0]))).toEqual([]);
    expect(html).not.toMatch(/<svg[^>]*\bon\w+=/);
    // Shown as text on the page (and kept in its data), never as a link or a source.
    expect(html).not.toMatch(/(href|src|action)="\s*javascript:/i);
    expect(head).not.toContain('javascript:');
    expect(head).not.toMatch(/<!--(?!\/?head-->)/);
    const island = /<script type="application\/json" id="rehber-state">([\s\S]*?)<\/script>/.exec(html)![1];
    expect(island).not.toMatch(/[<>\u2028]/);
    expect(JSON.stringify(JSON.parse(island))).toContain(JSON.stringify(NAME).slice(1, -1));
    const ldText = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1];
    expect(ldText).not.toMatch(/[<>]/);
    const ld = JSON.parse(ldText);
    expect(ld.name).toBe(NAME);
    expect(ld.description).toBe(ABOUT);
    expect(ld.image).toBeUndefined();
    expect(ld.sameAs).toBeUndefined();
    expect(ld.openingHoursSpecification).toBeUndefined();
    const title = /<title>([^<]*)<\/title>/.exec(html)![1];
    expect(title).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<meta name="description" content="&lt;script&gt;alert(1)&lt;/script&gt; &lt;!-- &lt;img src=x onerror=alert(2)&gt;');
  });

  it('stay inert in the rendered page: no dialog, no javascript: link, no image', async () => {
    const page = s.page;
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    for (const path of [`/details/${SLUG}`, '/city/evil-city', `/search?q=${encodeURIComponent('alert')}`]) {
      await page.goto(s.app.url + path);
      await page.locator('main h1, main h2').filter({ hasText: NAME }).first().waitFor();
      // Hydrated (a server-rendered photo that failed is swapped for its placeholder then).
      await page.waitForFunction(() => Object.keys(document.querySelector('#root main h1') ?? {}).some((k) => k.startsWith('__reactFiber')));
      const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
      expect(hrefs.filter((h) => !/^(\/|https?:|tel:|mailto:|#)/.test(h)), path).toEqual([]);
      expect(hrefs.some((h) => /javascript:/i.test(h)), path).toBe(false);
      // No image but rehber's own photo paths (the Broken Photo business in the same city has one).
      await expect.poll(() => page.locator('main img:not([src^="/photos/"]), main iframe, main svg[onload]').count(), { message: path }).toBe(0);
    }
    // On the detail page the hostile texts are shown as text.
    await page.goto(`${s.app.url}/details/${SLUG}`);
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
    const body = await page.locator('main').innerText();
    expect(body).toContain('<script>alert(1)</script>');
    expect(body).toContain('javascript:alert(1)');
    expect(await page.locator('[data-unsafe-website]').innerText()).toBe('javascript:alert(1)');
    expect(await page.getByRole('link', { name: 'Call Now' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Get Directions' }).getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/search\//);
    expect(await page.locator('[data-photo-placeholder]').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.title)).toContain(NAME);
    expect(dialogs).toEqual([]);
  });

  it('a photo that fails to load is replaced by the placeholder', async () => {
    const page = s.page;
    const placeholders: number[] = [];
    page.on('response', (r) => void (r.url().includes('/photos/placeholders/') && placeholders.push(r.status())));
    await page.goto(`${s.app.url}/details/broken-photo`);
    await page.getByRole('heading', { level: 1, name: 'Broken Photo' }).waitFor();
    // rehber could not use the source: the photo's path redirects to the placeholder drawing.
    const photo = page.locator('main [data-photo] img').first();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
    expect(placeholders).toContain(200);
  });
});
