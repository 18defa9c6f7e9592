import { useSearchParams } from 'react-router-dom';

/** The list page number from ?page= (1 when missing or not a positive integer) and a setter that keeps other params. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('page'));
  const page = Number.isInteger(raw) && raw > 0 ? raw : 1;
  const setPage = (next: number) => {
    const p = new URLSearchParams(params);
    if (next > 1) p.set('page', String(next));
    else p.delete('page');
    setParams(p);
    window.scrollTo(0, 0);
  };
  return [page, setPage];
}
