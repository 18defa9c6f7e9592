import { cardClass } from '@/components/ui/card';
/** A labelled figure in a card, as on the admin overview pages. */
export function StatCard({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className={cardClass('p-4')}>
      <p className="text-sm text-gray-500">{label}</p>
      <p className="text-2xl font-bold" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

/** 'Total Businesses' → 'total-businesses', for test ids. */
export const kebab = (label: string) => label.toLowerCase().replace(/ /g, '-');
