import { Calendar, Clock } from 'lucide-react';
import type { BusinessHours } from '@data/domain/types';
import { weeklySchedule, workingHoursDisplay } from '@/lib/working-hours';
import { SectionCard } from './section-card';

/** SPEC §2: 'Hours not available', days Monday to Sunday, or the text split into lines. */
export function WorkingHoursCard({ workingHours }: { workingHours: string | null }) {
  const shown = workingHoursDisplay(workingHours);
  return (
    <SectionCard title="Working Hours" icon={<Clock className="h-5 w-5 text-blue-700" aria-hidden="true" />}>
      {shown.kind === 'none' && <p className="text-gray-700">Hours not available</p>}
      {shown.kind === 'lines' && (
        <ul className="space-y-1 text-gray-800" data-hours-lines="">
          {shown.lines.map((line, i) => <li key={i}>{line}</li>)}
        </ul>
      )}
      {shown.kind === 'days' && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-gray-800">
          {shown.days.map((d) => (
            <div key={d.day} className="contents">
              <dt className="font-medium">{d.day}</dt>
              <dd className={d.closed ? 'text-red-700' : ''}>{d.hours}</dd>
            </div>
          ))}
        </dl>
      )}
    </SectionCard>
  );
}

/** Shown only when businessHours has at least one day (SPEC §2). */
export function WeeklyScheduleCard({ businessHours }: { businessHours: BusinessHours }) {
  const rows = weeklySchedule(businessHours);
  if (!rows) return null;
  return (
    <SectionCard title="Weekly Schedule" icon={<Calendar className="h-5 w-5 text-blue-700" aria-hidden="true" />}>
      <table className="w-full text-left text-gray-800">
        <caption className="sr-only">Opening hours by day</caption>
        <tbody>
          {rows.map((r) => (
            <tr key={r.day} className="border-b border-gray-100 last:border-0">
              <th scope="row" className="py-1 pr-4 font-medium">{r.day}</th>
              <td className={`py-1 ${r.closed ? 'text-red-700' : ''}`}>{r.hours}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </SectionCard>
  );
}
