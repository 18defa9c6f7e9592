import { LoadingStatus, Skeleton } from '@/components/skeleton';

export function BusinessDetailSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3" data-detail-skeleton="">
      <LoadingStatus />
      <div className="space-y-4 lg:col-span-2">
        <Skeleton className="h-72 w-full" />
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="h-32 w-full" />
      </div>
      <div className="space-y-4">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    </div>
  );
}
