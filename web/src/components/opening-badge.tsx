import { useEffect, useState } from 'react';
import type { BusinessHours } from '@domain/types';
import { statusText, weekStatus, type Interval } from '@domain/opening-status';
import { openWeek } from '@domain/card-row';

/**
 * The time in the browser, from after hydration on, moved at each new minute; null during the
 * server render and the hydration (which must render what the server did).
 */
function useMinute(): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const at = new Date();
      setNow(at);
      timer = setTimeout(tick, 60_000 - (at.getTime() % 60_000) + 50);
    };
    tick();
    return () => clearTimeout(timer);
  }, []);
  return now;
}

/** The status line's classes (`status-line` of index.css), without an empty one at the end. */
const line = (tone: string, extra: string) => `status-line ${tone}${extra ? ` ${extra}` : ''}`;

/**
 * "Open · closes 18:00" / "Closed · opens Mon 09:00", in the business's own zone. Drawn only in the
 * browser, after hydration: a page then depends on its data alone, not on the minute it was rendered
 * in, so the server's answer caches keep it per data version and the hydration never disagrees with
 * the server's HTML. Until then a line of the same height holds its place. Hours not read for
 * certain (or a business without a known zone) show their text instead, decided by the data alone,
 * so that line is in the server's HTML too.
 */
export function OpeningBadge({ hours, ...rest }: { hours: BusinessHours; workingHours: string | null; timeZone: string | null | undefined; className?: string }) {
  return <WeekBadge week={openWeek(hours)} {...rest} />;
}

/** OpeningBadge from the week's open intervals (openWeek), as a card row carries them. */
export function WeekBadge({ week, workingHours, timeZone, className = '' }: { week: readonly Interval[] | null; workingHours: string | null; timeZone: string | null | undefined; className?: string }) {
  const now = useMinute();
  if (!timeZone || !week) {
    const text = workingHours?.trim();
    if (!text || text.startsWith('{')) return null;
    return <p className={line('text-gray-600', className)} data-opening-status="unknown">{text}</p>;
  }
  const status = now ? weekStatus(week, timeZone, now) : null;
  const open = status?.state === 'open' || status?.state === 'always';
  return (
    <p className={line(open ? 'font-medium text-green-800' : 'font-medium text-red-700', className)} data-opening-status={status ? (open ? 'open' : 'closed') : 'pending'}>
      {status ? statusText(status) : ' '}
    </p>
  );
}
