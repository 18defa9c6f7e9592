import { useState } from 'react';

/** Row selections of the admin's tables: each change is a new Set, so React sees it. */
export function toggled<T>(selected: Set<T>, id: T): Set<T> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** The selection without `gone` (rows an action has just moved or removed). */
export const without = <T,>(selected: Set<T>, gone: T[]): Set<T> => new Set([...selected].filter((id) => !gone.includes(id)));

/** What a confirmation asks about: exactly these rows, fixed when it opened. */
export interface PendingRows {
  ids: number[];
  names: string[];
}

/**
 * A confirmation over chosen rows. `ask` opens it for these rows (not while one is open, not for
 * none); `take` closes it and hands its ids once, so a double click on Confirm acts once.
 */
export function usePendingRows() {
  const [pending, setPending] = useState<PendingRows | null>(null);
  const ask = (rows: Array<{ id: number; name: string }>) => {
    if (pending || !rows.length) return;
    setPending({ ids: rows.map((r) => r.id), names: rows.map((r) => r.name) });
  };
  const take = (): number[] | null => {
    if (!pending) return null;
    setPending(null);
    return pending.ids;
  };
  return { pending, ask, take, cancel: () => setPending(null) };
}
