import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { cardRow, nearbyRow, type CardRow, type NearbyRow } from '@domain/card-row';
import { business } from '@domain/card-row.fixtures';
import type { Business } from '@domain/types';
import { BusinessCard, type BusinessCardVariant } from './business-card';

const draw = (b: CardRow, variant: BusinessCardVariant) =>
  renderToString(<StaticRouter location="/">{variant === 'compact' ? <BusinessCard business={b} variant="compact" /> : <BusinessCard business={b} variant={variant} />}</StaticRouter>);
const drawCompact = (b: NearbyRow) => renderToString(<StaticRouter location="/"><BusinessCard business={b} variant="compact" /></StaticRouter>);

describe('BusinessCard', () => {
  it("draws a compact card from a neighbour's row as from a list's card row, and what each case is about", () => {
    const cases: Array<Partial<Business>> = [
      {},
      { businessHours: { monday: { open: 'noonish', close: 'late' } }, workingHours: 'noonish till late' },
      { timeZone: null },
      { phone: null, phoneE164: null, phoneDisplay: null, isVerified: false, city: null, category: null },
      { distance: 1234, reviewCount: 0, photo: 'https://photos.example.com/a.jpg' },
      { workingHours: '{"monday":"9-5"}', businessHours: {} },
    ];
    for (const over of cases) {
      const b = business(over);
      // "More nearby" keeps a compact card's row only: the same card.
      expect(drawCompact(nearbyRow(b)), `nearby ${JSON.stringify(over)}`).toBe(draw(cardRow(b), 'compact'));
    }
    // The cases draw what they are about: the status line, the hours' text, the phone, the distance.
    expect(draw(cardRow(business()), 'row')).toContain('data-opening-status="pending"');
    expect(draw(cardRow(business({ timeZone: null })), 'row')).toContain('Mon-Tue 09:00-18:00');
    expect(draw(cardRow(business({ businessHours: { monday: { open: 'noonish', close: 'late' } }, workingHours: 'noonish till late' })), 'tile')).toContain('data-opening-status="unknown">noonish till late');
    expect(draw(cardRow(business({ workingHours: '{"monday":"9-5"}', businessHours: {} })), 'tile')).not.toContain('data-opening-status');
    expect(draw(cardRow(business()), 'row')).toContain('(0216) 555 12 12');
    expect(draw(cardRow(business({ distance: 1234 })), 'row')).toContain('data-distance="1234"');
  });
});
