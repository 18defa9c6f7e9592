import type { ReactNode } from 'react';
import { cardClass } from '@/components/ui/card';

export function SectionCard({ title, icon, children }: { title: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <section className={cardClass('p-5')}>
      <h2 className="mb-3 flex items-center gap-2 text-lg font-semibold text-gray-900">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}
