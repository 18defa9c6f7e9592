import { describe, expect, it } from 'vitest';
import { publicSession } from './public-session.js';
import { ISTANBUL, seedNearby } from '../data/reads/nearby.fixtures.js';

/**
 * "Near me": the browser's location asked only on the button, the search nearest it with the
 * distance on each card, approximate ones last; a refusal said in a toast; "More nearby" on a
 * business page in its server-rendered HTML.
 */
const s = publicSession({ app: { sample: false, seed: async (app) => { await seedNearby(app.db); await app.settle(); } }, noThirdParty: true });

const DESKTOP = { viewport: { width: 1280, height: 900 } };

describe('near me', () => {
  it('asks the location only on "Near me", then lists the nearest businesses first with their distances', async () => {
    const page = await s.reopen({ ...DESKTOP, geolocation: { latitude: ISTANBUL.lat, longitude: ISTANBUL.lng } });
    await s.context.grantPermissions(['geolocation'], { origin: s.app.url });
    await page.goto(`${s.app.url}/search`);
    await page.getByRole('button', { name: 'Near me' }).first().click();
    await page.waitForURL(/near=41\.0082,28\.9784/);
    const cards = page.locator('[data-business-card]');
    await expect.poll(() => cards.count()).toBe(6);
    const names = await cards.locator('h2, h3').allTextContents();
    expect(names).toEqual(['Sultanahmet Fırını', 'Galata Kahvesi', 'Kadıköy Kahvesi', 'Şile Fırını', 'Austin Coffee', 'Merkez Kahvesi']);
    const distances = await cards.locator('[data-distance]').allTextContents();
    // Metres, kilometres, miles in the United States, and "approximate" for a city's centre.
    expect(distances.slice(0, 4)).toEqual(['340 m', '2 km', '4.7 km', '56 km']);
    expect(distances[4]).toMatch(/^\d+ mi$/);
    expect(distances[5]).toBe('approximate');
  });

  it('lets a visitor choose how far, by keyboard: the URL and the cards follow, and "Clear filters" drops the point too', async () => {
    const page = await s.reopen(DESKTOP);
    await page.goto(`${s.app.url}/search?near=41.0082,28.9784`);
    const filters = page.getByRole('navigation', { name: 'Filters' });
    await filters.getByRole('link', { name: 'Within 2 km' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/[?&]radius=2(&|$)/);
    const cards = page.locator('[data-business-card]');
    await expect.poll(() => cards.count()).toBe(3);
    expect(await cards.locator('h2, h3').allTextContents()).toEqual(['Sultanahmet Fırını', 'Galata Kahvesi', 'Merkez Kahvesi']);
    const distances = await cards.locator('[data-distance]').allTextContents();
    expect(distances.at(-1)).toBe('approximate');
    for (const d of distances.slice(0, -1)) expect(Number(/^([\d.]+) km$/.exec(d)?.[1] ?? (/^\d+ m$/.test(d) ? 0 : NaN)), d).toBeLessThanOrEqual(2);
    expect(await filters.getByRole('link', { name: 'Within 2 km' }).getAttribute('aria-current')).toBe('true');

    // On a city's page too, and clearing them leaves the city's whole list.
    await page.goto(`${s.app.url}/city/istanbul?near=41.0082,28.9784&radius=2`);
    await expect.poll(() => cards.count()).toBe(3);
    await filters.getByRole('link', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => url.pathname === '/city/istanbul' && url.search === '');
    await expect.poll(() => cards.count()).toBe(6);
  });

  it('server-renders the radius choices as plain links, in miles where the nearest business\'s country uses them', async () => {
    const istanbul = await (await fetch(`${s.app.url}/search?near=41.0082,28.9784`)).text();
    expect(istanbul).toContain('radius=2"');
    expect(istanbul).toContain('Within 25 km');
    const austin = await (await fetch(`${s.app.url}/search?near=30.2672,-97.7431`)).text();
    expect(austin).toContain('Within 2 mi');
    expect(austin).toContain('radius=3.218688');
    // A radius the choices do not hold (the map's "Search this area") shows as the chosen one.
    expect(await (await fetch(`${s.app.url}/search?near=41.0082,28.9784&radius=1.2`)).text()).toMatch(/aria-current="true"[^>]*>(?:(?!<\/a>).)*Within 1\.2 km/s);
  });

  it('says so in a toast when the location is refused, and stays on the page', async () => {
    const page = s.page;
    // The visitor says no: Chromium's own setting for the site, as its prompt would leave it.
    const cdp = await s.context.newCDPSession(page);
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    await cdp.send('Browser.setPermission', { permission: { name: 'geolocation' }, setting: 'denied', origin: s.app.url, browserContextId: targetInfo.browserContextId });
    await page.goto(`${s.app.url}/search`);
    await page.getByRole('button', { name: 'Near me' }).first().click();
    await page.getByTestId('toast').first().waitFor();
    expect(await page.getByTestId('toast').first().textContent()).toContain('Location access is off');
    expect(new URL(page.url()).searchParams.get('near')).toBeNull();
  });

  it('server-renders a list near a point and "More nearby" on a business page', async () => {
    const list = await (await fetch(`${s.app.url}/search?near=41.0082,28.9784&radius=10`)).text();
    expect(list).toContain('data-distance="3');
    expect(list.indexOf('Sultanahmet Fırını')).toBeLessThan(list.indexOf('Galata Kahvesi'));
    // A bad point is ignored by the page, never an error page.
    expect((await fetch(`${s.app.url}/search?near=91,0&radius=far`)).status).toBe(200);
    const detail = await (await fetch(`${s.app.url}/details/sultanahmet-firini`)).text();
    const nearby = detail.slice(detail.indexOf('data-more-nearby'));
    expect(nearby).toContain('Galata Kahvesi');
    expect(nearby).not.toContain('Merkez Kahvesi');
  });

  it('carries "More nearby" in the data island as its compact cards\' rows, and hydrates it as served without asking the API', async () => {
    const detail = await (await fetch(`${s.app.url}/details/sultanahmet-firini`)).text();
    const { queries } = JSON.parse(/<script type="application\/json" id="rehber-state">([\s\S]*?)<\/script>/.exec(detail)![1]) as { queries: Array<{ queryKey: unknown[]; state: { data: unknown } }> };
    const nearby = queries.find((q) => q.queryKey.at(-1) === 'nearby')!.state.data as Array<Record<string, unknown>>;
    expect(nearby.map((b) => b.name)).toContain('Galata Kahvesi');
    // What a compact card draws (domain/card-row.ts nearbyRow), its distance among it; nothing of the rest of the row (no address, phone or spot).
    const CARD_KEYS = ['id', 'slug', 'name', 'isVerified', 'photo', 'category', 'city', 'rating', 'reviewCount', 'openWeek', 'workingHours', 'timeZone', 'coordinatesApproximate', 'countryCode', 'distance'];
    for (const row of nearby) {
      expect(Object.keys(row).filter((k) => !CARD_KEYS.includes(k))).toEqual([]);
      expect(typeof row.distance).toBe('number');
    }
    for (const field of ['about', 'email', 'website', 'services', 'images', 'createdAt', 'phoneE164', 'phoneDisplay', 'address', 'latitude']) expect(JSON.stringify(nearby), field).not.toContain(`"${field}":`);

    const page = await s.reopen(DESKTOP);
    const problems: string[] = [];
    const apiCalls: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(r.url());
    });
    await page.goto(`${s.app.url}/details/sultanahmet-firini`, { waitUntil: 'networkidle' });
    await page.locator('[data-more-nearby] [data-business-card]').first().waitFor();
    expect(await page.locator('[data-more-nearby] [data-business-card]').count()).toBe(nearby.length);
    expect(await page.locator('[data-more-nearby] [data-distance]').count()).toBe(nearby.length);
    expect(problems).toEqual([]);
    expect(apiCalls).toEqual([]);
  });
});
