import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { SiteConfig } from '@domain/site-config';
import { AppProvider } from '@/app/provider';
import { DrawPartContext } from '@/components/ui/static-part';
import { partDrawer } from '@/entry-server';
import { createQueryClient } from '@/lib/query-client';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

const plain: SiteConfig = { siteName: 'Rehber', contact: {}, ads: { slots: {} } };
const other: SiteConfig = { siteName: 'Şehir <Rehberi> & Co', contact: { email: 'a@b.example', phone: '+90 212 555 00 00', address: 'Kadıköy' }, ads: { slots: {} } };
const withPhoneOnly: SiteConfig = { ...other, contact: { phone: '+90 212 555 00 00' } };

/** The header and footer at `location`, drawn by React element by element, or as the server render's kept parts. */
function layout(site: SiteConfig, location: string, kept: boolean): string {
  const client = createQueryClient();
  const parts = (
    <>
      <SiteHeader />
      <SiteFooter />
    </>
  );
  return renderToString(
    <AppProvider client={client} site={site}>
      <StaticRouter location={location}>{kept ? <DrawPartContext.Provider value={partDrawer(client, site, location)}>{parts}</DrawPartContext.Provider> : parts}</StaticRouter>
    </AppProvider>,
  );
}

describe('the header and footer kept by the server render', () => {
  it('are byte for byte what React draws, whichever page, link state and site settings came first', () => {
    const locations = ['/details/x', '/', '/cities', '/cities/', '/city/austin', '/categories', '/category/bakery', '/search?q=a', '/search', '/about', '/CITIES', '/citiesx', '/'];
    let drawn = 0;
    for (const site of [plain, other, withPhoneOnly, plain]) {
      for (const location of locations) {
        const expected = layout(site, location, false);
        expect(layout(site, location, true)).toBe(expected);
        drawn++;
      }
    }
    expect(drawn).toBe(52);
    // The active link differs between these, so a key that missed it would have served the wrong one.
    expect(layout(plain, '/cities', true)).toContain('aria-current="page"');
    expect(layout(plain, '/details/x', true)).not.toContain('aria-current');
  });
});
