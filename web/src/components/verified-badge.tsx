import { BadgeCheck } from 'lucide-react';

export function VerifiedBadge({ withText = false }: { withText?: boolean }) {
  return (
    <span className="inline-flex items-center gap-1 text-blue-700" title="Verified">
      <BadgeCheck className="h-4 w-4" aria-hidden="true" />
      <span className={withText ? 'text-xs font-medium' : 'sr-only'}>Verified</span>
    </span>
  );
}
