import { useSearchParams } from 'react-router-dom';

/** The list page number from ?page=: 1 when missing or not a positive integer. */
export function pageFromParams(params: URLSearchParams): number {
  const raw = Number(params.get('page'));
  return Number.isInteger(raw) && raw > 0 ? raw : 1;
}

/** The list page number from ?page= (see pageFromParams) and a setter that keeps other params. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = pageFromParams(params);
  const setPage = (next: number) => {
    const p = new URLSearchParams(params);
    if (next > 1) p.set('page', String(next));
    else p.delete('page');
    setParams(p);
    window.scrollTo(0, 0);
  };
  return [page, setPage];
}
