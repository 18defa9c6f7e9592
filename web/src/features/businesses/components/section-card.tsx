import type { ReactNode } from 'react';

export function SectionCard({ title, icon, children }: { title: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <h2 className="mb-3 flex items-center gap-2 text-lg font-semibold text-gray-900">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}
