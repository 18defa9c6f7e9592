import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { cardRow } from '@domain/card-row';
import { business } from '@domain/card-row.fixtures';
import { BusinessList } from './business-list';

const draw = (over: { totalCapped?: boolean }) => {
  const items = Array.from({ length: 20 }, (_, i) => cardRow(business({ id: i + 1, slug: `b-${i + 1}` })));
  const data = { items, pagination: { page: 1, limit: 20, total: 220, totalPages: 11 }, ...over };
  return renderToString(
    <StaticRouter location="/">
      <BusinessList query={{ data, isPending: false, isError: false }} skeletons={3} hrefFor={(page) => `/city/x?page=${page}`} />
    </StaticRouter>,
  );
};

describe('BusinessList', () => {
  it('gives the last page only when the total is every match, not a count stopped at its cap', () => {
    expect(draw({})).toContain('Page 1 of 11');
    const capped = draw({ totalCapped: true });
    expect(capped).toContain('>Page 1<');
    expect(capped).not.toContain('Page 1 of');
  });
});
