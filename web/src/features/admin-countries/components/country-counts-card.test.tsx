import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { countryStatsKey } from '../api/get-country-stats';
import { COUNTRIES_SHOWN, CountryCountsCard } from './country-counts-card';

const render = (n: number) => {
  const client = new QueryClient();
  client.setQueryData(countryStatsKey, Array.from({ length: n }, (_, i) => ({ country: `Country ${i + 1}`, count: 1000 - i })));
  return renderToString(
    <QueryClientProvider client={client}>
      <CountryCountsCard />
    </QueryClientProvider>,
  );
};

describe('the Businesses by Country card', () => {
  it('lists the biggest countries and offers the rest', () => {
    const html = render(171);
    expect(html.match(/<li /g)).toHaveLength(COUNTRIES_SHOWN);
    expect(html).toMatch(new RegExp(`>Country ${COUNTRIES_SHOWN}<`));
    expect(html).not.toMatch(new RegExp(`>Country ${COUNTRIES_SHOWN + 1}<`));
    expect(html).toMatch(/aria-expanded="false"[^>]*>Show all 171 countries</);
  });
  it('lists every country, with no button, when they are few', () => {
    const html = render(COUNTRIES_SHOWN);
    expect(html.match(/<li /g)).toHaveLength(COUNTRIES_SHOWN);
    expect(html).not.toContain('Show all');
  });
});
