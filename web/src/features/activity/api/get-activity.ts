import { useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityKind, ActivityPage } from '@domain/activity';
import { apiGet, query } from '@/lib/api';

/** What the admin narrowed the log to; dates are the admin's own days. */
export interface ActivityView {
  business?: { id: number; name: string };
  admin?: string;
  kind?: ActivityKind;
  /** YYYY-MM-DD, the first and last day shown (both included). */
  from?: string;
  to?: string;
}

/** The start of a local day as an instant, `days` later. */
const dayStart = (day: string, days = 0) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d + days).toISOString();
};

export const getActivity = (view: ActivityView, before: string | null) =>
  apiGet<ActivityPage>(
    `/api/admin/activity${query({
      business: view.business?.id,
      admin: view.admin,
      kind: view.kind,
      since: view.from ? dayStart(view.from) : undefined,
      until: view.to ? dayStart(view.to, 1) : undefined,
      before,
    })}`,
  );

/** The log, newest first, one page at a time: each older page asked for with the last page's cursor. */
export const useActivity = (view: ActivityView) =>
  useInfiniteQuery({
    queryKey: ['api', 'admin', 'activity', view],
    queryFn: ({ pageParam }) => getActivity(view, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
