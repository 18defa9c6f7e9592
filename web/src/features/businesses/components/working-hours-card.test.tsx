import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { BusinessHours } from '@domain/types';
import type { SiteConfig } from '@domain/site-config';
import { AppProvider } from '@/app/provider';
import { DrawPartContext, type DrawPart } from '@/components/ui/static-part';
import { partDrawer } from '@/entry-server';
import { createQueryClient } from '@/lib/query-client';
import { WorkingHoursCard } from './working-hours-card';

const site: SiteConfig = { siteName: 'Rehber', contact: {}, ads: { slots: {} } };
const location = '/details/a-business';

/** The card drawn by React element by element, or through `draw` as the server render does. */
function drawn(hours: BusinessHours, workingHours: string | null, draw?: DrawPart): string {
  const card = <WorkingHoursCard businessHours={hours} workingHours={workingHours} timeZone="Europe/Istanbul" />;
  return renderToString(
    <AppProvider client={createQueryClient()} site={site}>
      <StaticRouter location={location}>{draw ? <DrawPartContext.Provider value={draw}>{card}</DrawPartContext.Provider> : card}</StaticRouter>
    </AppProvider>,
  );
}

const day = (open: string, close: string) => ({ open, close, closed: false });
const week: BusinessHours = { monday: day('09:00', '18:00'), tuesday: day('09:00', '18:00'), wednesday: day('09:00', '18:00'), thursday: day('09:00', '18:00'), friday: day('09:00', '18:00'), saturday: day('10:00', '14:00'), sunday: { closed: true } };

describe('the working hours table in the server render', () => {
  it('is drawn once per week, byte for byte what React draws, and anew when a day changes', () => {
    const drawnKeys: string[] = [];
    const kept = partDrawer(createQueryClient(), site, location);
    const draw: DrawPart = (key, children) =>
      kept(key, () => {
        drawnKeys.push(key);
        return children();
      });
    // The tables drawn (the card's heading is a part of its own, drawn once for every card).
    const tables = () => drawnKeys.filter((k) => k.startsWith('table|')).length;
    const expected = drawn(week, null);
    expect(expected).toContain('data-hours-table');
    expect(expected).toContain('<td class="py-1 text-red-700">Closed</td>');
    expect(drawn(week, null, draw)).toBe(expected);
    expect(tables()).toBe(1);
    // Another business with the same week (its own copy of it): nothing drawn.
    expect(drawn(structuredClone(week), null, draw)).toBe(expected);
    expect(tables()).toBe(1);
    // Saturday's hours moved, Sunday opened, the week from the hours text: each drawn anew, as React draws it.
    const moved = { ...week, saturday: day('10:00', '15:00') };
    const opened = { ...week, sunday: day('12:00', '16:00') };
    for (const [hours, text] of [[moved, null], [opened, null], [{}, '{"Mon": "08:00-12:00", "Tue": "closed"}']] as const) {
      const before = tables();
      expect(drawn(hours, text, draw)).toBe(drawn(hours, text));
      expect(tables()).toBe(before + 1);
    }
    // Hours as lines of text are no table, and drawn by React as before.
    const before = tables();
    expect(drawn({}, 'Mon-Fri 9-5; Sat 10-2', draw)).toBe(drawn({}, 'Mon-Fri 9-5; Sat 10-2'));
    expect(tables()).toBe(before);
    expect(drawnKeys.filter((k) => k.startsWith('h2|'))).toEqual(['h2|1|Working Hours']);
  });
});
