import { BadgeCheck } from 'lucide-react';
import { icon } from '@/components/ui/icon';

export function VerifiedBadge({ withText = false }: { withText?: boolean }) {
  return (
    <span className="inline-flex items-center gap-1 text-blue-700" title="Verified">
      {icon(BadgeCheck, 'h-4 w-4')}
      <span className={withText ? 'text-xs font-medium' : 'sr-only'}>Verified</span>
    </span>
  );
}
