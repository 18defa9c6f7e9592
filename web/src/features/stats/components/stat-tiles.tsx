import { Hammer, Users, Wrench, Briefcase } from 'lucide-react';
import { icon } from '@/components/ui/icon';
import { CRAFTSMEN_FIGURE } from '@domain/constants';
import { cardClass } from '@/components/ui/card';

/** Craftsmen fixed at 150; every other tile is total businesses / 1000, floored. */
export function StatTiles({ totalBusinesses }: { totalBusinesses: number | undefined }) {
  const thousands = totalBusinesses === undefined ? undefined : Math.floor(totalBusinesses / 1000);
  const k = thousands === undefined ? '…' : `${thousands}K+`;
  const tiles = [
    { label: 'Service Providers', value: k, Icon: Briefcase },
    { label: 'Craftsmen', value: `${CRAFTSMEN_FIGURE}+`, Icon: Hammer },
    { label: 'Repair & Service', value: k, Icon: Wrench },
    { label: 'Local Experts', value: k, Icon: Users },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4" aria-label="Directory figures">
      {tiles.map(({ label, value, Icon }) => (
        <li key={label} className={cardClass('flex flex-col items-center p-3 text-center sm:p-4')} data-stat-tile="">
          {icon(Icon, 'mb-1 h-5 w-5 text-blue-700 sm:mb-2 sm:h-6 sm:w-6')}
          <span className="text-xl font-bold text-gray-900 sm:text-2xl">{value}</span>
          <span className="text-sm text-gray-700">{label}</span>
        </li>
      ))}
    </ul>
  );
}
