import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Showing } from './showing';

const text = (total: number, shown: number, capped = false, approx = false) =>
  renderToString(<Showing pagination={{ page: 1, limit: 50, total, totalPages: Math.max(1, Math.ceil(total / 50)) }} shown={shown} capped={capped} approx={approx} />)
    .replace(/<[^>]+>|<!-- -->/g, '')
    .replace(/\s+/g, ' ');

describe('the list summary', () => {
  it('counts one business in the singular and the rest in the plural', () => {
    expect(text(1, 1)).toBe('Showing 1 to 1 of 1 business');
    expect(text(0, 0)).toBe('Showing 0 to 0 of 0 businesses');
    expect(text(1234, 50)).toBe('Showing 1 to 50 of 1,234 businesses');
    expect(text(1050, 50, true)).toBe('Showing 1 to 50 of 1,050+ businesses');
    // A total counted up to a cap is a floor: '1+' is more than one.
    expect(text(1, 1, true)).toBe('Showing 1 to 1 of 1+ businesses');
  });

  it('says the estimated total of a broad search as one', () => {
    expect(text(124000, 50, false, true)).toBe('Showing 1 to 50 of about 124,000 businesses');
  });
});
