import { describe, expect, it } from 'vitest';
import { publicSession } from './public-session.js';
import { importOpenNowRows } from '../server/routes/open-now.fixtures.js';

/**
 * "Open now" as a visitor sees it: the status on each card and on the business page in the
 * business's own zone, and the filter, with the server's clock and the browser's fixed at the same
 * instants (a day of the March change in Berlin, a night past midnight).
 */
let now = new Date();
const s = publicSession({ app: { sample: false, clock: () => now, seed: async (app) => {
  await importOpenNowRows(app.db);
  await app.settle();
} } });

const berlin = async () => (await s.app.db('cities').where({ name: 'Berlin' }).first('slug')).slug as string;

/** Sets the server's and the browser's time to `iso`. */
async function at(iso: string) {
  now = new Date(iso);
  await s.page.clock.setFixedTime(now);
}

/** Each card's name with its status line, once the browser drew the statuses. */
async function cardStatuses(): Promise<Record<string, string>> {
  const cards = s.page.locator('[data-business-card]');
  await cards.first().waitFor();
  await expect.poll(() => s.page.locator('[data-opening-status="pending"]').count()).toBe(0);
  const out: Record<string, string> = {};
  for (const card of await cards.all()) {
    const name = (await card.locator('h2, h3').first().innerText()).trim();
    const status = card.locator('[data-opening-status]');
    out[name] = (await status.count()) ? (await status.innerText()).trim() : '';
  }
  return out;
}

describe('open now', () => {
  it('shows each card its status on the day Berlin moves to summer time, and the filter keeps the open ones', async () => {
    // Sunday 29 March 2026, 01:30 UTC: 03:30 CEST, an hour after the clocks went forward.
    await at('2026-03-29T01:30:00Z');
    const city = await berlin();
    // The server's HTML holds no status (it would depend on the minute): a placeholder of one line.
    const html = await (await fetch(`${s.app.url}/city/${city}`)).text();
    expect(html).not.toContain('Open ·');
    expect(html).toContain('data-opening-status="pending"');

    await s.page.goto(`${s.app.url}/city/${city}`);
    expect(await cardStatuses()).toEqual({
      Immerauf: 'Open 24 hours',
      Nachtbar: 'Open · closes 04:00',
      Tagescafe: 'Closed · opens Mon 09:00',
      Sonntagsbäcker: 'Closed · opens Sun 09:00',
      'Rätselhaft': 'by appointment',
    });
    await s.page.getByRole('navigation', { name: 'Filters' }).getByRole('link', { name: 'Open now' }).click();
    await s.page.waitForURL((u) => u.searchParams.get('open') === '1');
    await expect.poll(async () => Object.keys(await cardStatuses()).sort()).toEqual(['Immerauf', 'Nachtbar']);
  });

  it('keeps a Friday night open after midnight, on the card and on the business page', async () => {
    await at('2026-06-12T23:00:00Z'); // Saturday 13 June, 01:00 CEST
    const city = await berlin();
    await s.page.goto(`${s.app.url}/city/${city}?open=1`);
    expect(await cardStatuses()).toEqual({ Immerauf: 'Open 24 hours', Nachtbar: 'Open · closes 02:00' });
    await s.page.getByRole('link', { name: 'Nachtbar', exact: true }).click();
    await s.page.locator('main h1').first().waitFor();
    await expect.poll(() => s.page.locator('[data-opening-status]').first().innerText()).toBe('Open · closes 02:00');
  });
});
