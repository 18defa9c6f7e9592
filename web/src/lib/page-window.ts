/** The page numbers a pager shows: the first, the last, and `radius` pages each side of the current one, with gaps between. */
export type PageSlot = number | 'gap';

export function pageWindow(page: number, totalPages: number, radius = 1): PageSlot[] {
  if (totalPages < 1) return [];
  const current = Math.min(Math.max(1, page), totalPages);
  const wanted = new Set<number>([1, totalPages]);
  for (let p = current - radius; p <= current + radius; p++) if (p >= 1 && p <= totalPages) wanted.add(p);
  const sorted = [...wanted].sort((a, b) => a - b);
  const slots: PageSlot[] = [];
  for (const p of sorted) {
    const last = slots[slots.length - 1];
    // A gap of one page is shown as that page: '1 2 3' reads better than '1 … 3'.
    if (typeof last === 'number' && p - last === 2) slots.push(last + 1);
    else if (typeof last === 'number' && p - last > 2) slots.push('gap');
    slots.push(p);
  }
  return slots;
}
