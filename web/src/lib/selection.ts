/** Row selections of the admin's tables: each change is a new Set, so React sees it. */
export function toggled<T>(selected: Set<T>, id: T): Set<T> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** The selection without `gone` (rows an action has just moved or removed). */
export const without = <T,>(selected: Set<T>, gone: T[]): Set<T> => new Set([...selected].filter((id) => !gone.includes(id)));
