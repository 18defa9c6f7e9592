import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cardClass } from '@/components/ui/card';
import { icon as drawIcon } from '@/components/ui/icon';
import { StaticPart } from '@/components/ui/static-part';

const ICON_CLASS = 'h-5 w-5 text-blue-700';

/** A number for each icon a heading draws, to name it in the heading's key. */
const iconIds = new Map<LucideIcon, number>();
const iconId = (Icon: LucideIcon | undefined) => {
  if (!Icon) return '';
  let id = iconIds.get(Icon);
  if (id === undefined) iconIds.set(Icon, (id = iconIds.size + 1));
  return String(id);
};

/** A card of the business's page: its heading (the icon, then the title) drawn once per title and icon on the server. */
export function SectionCard({ title, icon, children }: { title: string; icon?: LucideIcon; children: ReactNode }) {
  return (
    <section className={cardClass('p-5')}>
      <StaticPart as="h2" className="mb-3 flex items-center gap-2 text-lg font-semibold text-gray-900" cacheKey={() => `${iconId(icon)}|${title}`}>
        {() => (
          <>
            {icon && drawIcon(icon, ICON_CLASS)}
            {title}
          </>
        )}
      </StaticPart>
      {children}
    </section>
  );
}
