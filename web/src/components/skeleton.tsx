/** Grey blocks that hold the layout while data loads; hidden from screen readers (one status says it). */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div className={`animate-pulse rounded-md bg-gray-200 ${className}`} aria-hidden="true" />;
}

export function LoadingStatus({ label = 'Loading...' }: { label?: string }) {
  return (
    <span role="status" className="sr-only">
      {label}
    </span>
  );
}

/** `count` placeholder cards, each marked data-skeleton so tests can count them. */
export function SkeletonCards({ count, className = 'h-40' }: { count: number; className?: string }) {
  return (
    <>
      <LoadingStatus />
      {Array.from({ length: count }, (_, i) => (
        <div key={i} data-skeleton="" className={`animate-pulse rounded-lg border border-gray-200 bg-white p-4 ${className}`} aria-hidden="true">
          <div className="mb-3 h-4 w-2/3 rounded bg-gray-200" />
          <div className="mb-2 h-3 w-1/2 rounded bg-gray-200" />
          <div className="h-3 w-1/3 rounded bg-gray-200" />
        </div>
      ))}
    </>
  );
}
