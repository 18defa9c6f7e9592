import { Store } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { safeHttpUrl } from '@data/domain/safe-url';

/**
 * The business photo, or a neutral placeholder when there is none, it is not http(s), or it fails
 * to load (CONTRACT §6: never a broken image).
 */
export function BusinessPhoto({ photo, name, className = '' }: { photo: string | null; name: string; className?: string }) {
  const src = safeHttpUrl(photo);
  const [failed, setFailed] = useState<string | null>(null);
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // A server-rendered image can fail before hydration attaches onError: look once mounted.
    const el = img.current;
    if (el?.complete && el.naturalWidth === 0 && src) setFailed(src);
  }, [src]);
  if (!src || failed === src) {
    return (
      <div className={`flex items-center justify-center bg-gradient-to-br from-slate-100 to-slate-200 text-slate-400 ${className}`} data-photo-placeholder="">
        <Store className="h-1/3 max-h-16 w-1/3 max-w-16" aria-hidden="true" />
        <span className="sr-only">No photo of {name}</span>
      </div>
    );
  }
  return <img ref={img} src={src} alt={name} loading="lazy" decoding="async" referrerPolicy="no-referrer" onError={() => setFailed(src)} className={`object-cover ${className}`} />;
}
