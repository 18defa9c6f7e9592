import { useEffect, useState } from 'react';

/** `value` once it has stopped changing for `ms` (the timer runs in an effect, never during render). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}
