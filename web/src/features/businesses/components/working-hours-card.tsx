import { Clock } from 'lucide-react';
import { icon } from '@/components/ui/icon';
import type { BusinessHours } from '@domain/types';
import { weeklySchedule, workingHoursDisplay } from '@/lib/working-hours';
import { SectionCard } from './section-card';
import { OpeningBadge } from '@/components/opening-badge';

/**
 * Working Hours, shown once: the weekly table Monday to Sunday when the schedule (businessHours) is
 * known, else the hours text as the page reads it ('Hours not available', days from JSON, or the
 * text split into lines).
 */
export function WorkingHoursCard({ workingHours, businessHours, timeZone }: { workingHours: string | null; businessHours: BusinessHours; timeZone?: string | null }) {
  const rows = weeklySchedule(businessHours);
  const shown = rows ? null : workingHoursDisplay(workingHours);
  const days = rows ?? (shown?.kind === 'days' ? shown.days : null);
  return (
    <SectionCard title="Working Hours" icon={icon(Clock, 'h-5 w-5 text-blue-700')}>
      {timeZone && <OpeningBadge hours={businessHours} workingHours={null} timeZone={timeZone} className="mb-2" />}
      {days ? (
        <table className="w-full text-left text-gray-800" data-hours-table="">
          <caption className="sr-only">Opening hours by day</caption>
          <tbody>
            {days.map((r) => (
              <tr key={r.day} className="border-b border-gray-100 last:border-0">
                <th scope="row" className="py-1 pr-4 font-medium">{r.day}</th>
                <td className={`py-1 ${r.closed ? 'text-red-700' : ''}`}>{r.hours}</td>
              </tr>
            ))}
          </tbody>
        </table>
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
