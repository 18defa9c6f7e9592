import { Clock } from 'lucide-react';
import type { BusinessHours } from '@domain/types';
import { hasWeeklySchedule, weeklySchedule, workingHoursDisplay, type DayLine } from '@/lib/working-hours';
import { SectionCard } from './section-card';
import { OpeningBadge } from '@/components/opening-badge';
import { StaticPart } from '@/components/ui/static-part';

const HOURS_TABLE = { 'data-hours-table': '' };

/** The weekly table's caption and rows, Monday to Sunday as `days` gives them. */
function HoursRows({ days }: { days: DayLine[] }) {
  return (
    <>
      <caption className="sr-only">Opening hours by day</caption>
      <tbody>
        {days.map((r) => (
          <tr key={r.day} className="border-b border-gray-100 last:border-0">
            <th scope="row" className="py-1 pr-4 font-medium">{r.day}</th>
            <td className={`py-1 ${r.closed ? 'text-red-700' : ''}`}>{r.hours}</td>
          </tr>
        ))}
      </tbody>
    </>
  );
}

/**
 * Working Hours, shown once: the weekly table Monday to Sunday when the schedule (businessHours) is
 * known, else the hours text as the page reads it ('Hours not available', days from JSON, or the
 * text split into lines).
 */
export function WorkingHoursCard({ workingHours, businessHours, timeZone }: { workingHours: string | null; businessHours: BusinessHours; timeZone?: string | null }) {
  const weekly = hasWeeklySchedule(businessHours);
  const shown = weekly ? null : workingHoursDisplay(workingHours);
  const textDays = shown?.kind === 'days' ? shown.days : null;
  return (
    <SectionCard title="Working Hours" icon={Clock}>
      {timeZone && <OpeningBadge hours={businessHours} workingHours={null} timeZone={timeZone} className="mb-2" />}
      {weekly || textDays ? (
        // Drawn once per week on the server, keyed by what it is drawn from (the schedule, worked
        // out only then, or the days of the hours text): the same hours are shared by many
        // businesses, and the table was about a tenth of a page's elements.
        <StaticPart
          as="table"
          className="w-full text-left text-gray-800"
          attributes={HOURS_TABLE}
          cacheKey={() => (weekly ? `week|${JSON.stringify(businessHours)}` : `days|${JSON.stringify(textDays)}`)}
        >
          {() => <HoursRows days={(weekly ? weeklySchedule(businessHours) : textDays) ?? []} />}
        </StaticPart>
      ) : shown?.kind === 'lines' ? (
        <ul className="space-y-1 text-gray-800" data-hours-lines="">
          {shown.lines.map((line, i) => <li key={i}>{line}</li>)}
        </ul>
      ) : (
        <p className="text-gray-700">Hours not available</p>
      )}
    </SectionCard>
  );
}
