import type { AdminBusiness } from '@data/domain/types';
import { badgeClass } from '@/components/ui/badge';

const dash = (v: string | null | undefined) => (v ? v : '-');

/** SPEC §2: Name, Address, City, Country, Category, Rating, Status; dashes for what is missing. */
export function BusinessTable({ businesses }: { businesses: AdminBusiness[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="business-table">
        <thead className="bg-gray-50 text-xs uppercase text-gray-500">
          <tr>
            {['Name', 'Address', 'City', 'Country', 'Category', 'Rating', 'Status'].map((h) => (
              <th key={h} className="px-3 py-2">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {businesses.map((b) => (
            <tr key={b.id} className="border-t border-gray-100">
              <td className="px-3 py-2 font-medium">{b.name}</td>
              <td className="max-w-xs truncate px-3 py-2" title={b.address}>
                {b.address}
              </td>
              <td className="px-3 py-2">{dash(b.city?.name)}</td>
              <td className="px-3 py-2">{dash(b.country)}</td>
              <td className="px-3 py-2">{dash(b.category?.name)}</td>
              <td className="px-3 py-2">{b.rating ? b.rating.toFixed(1) : '-'}</td>
              <td className="px-3 py-2">
                {b.isVerified ? (
                  <span className={badgeClass('green')}>Verified</span>
                ) : (
                  <span className={badgeClass('gray')}>Unverified</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
