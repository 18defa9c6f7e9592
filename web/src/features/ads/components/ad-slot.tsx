import { useEffect, useRef } from 'react';
import { AD_SLOT_HEIGHT, AD_SLOT_WIDTH } from '@domain/constants';
import { useSiteConfig } from '@/lib/site-config';
import { loadAdScript, type AdSlotName } from '../ads-config';

const SIZES: Record<AdSlotName, { width: number; height: number }> = {
  detail: { width: AD_SLOT_WIDTH, height: AD_SLOT_HEIGHT },
  notFound: { width: AD_SLOT_WIDTH, height: AD_SLOT_HEIGHT },
  // The leaderboard banner; it shrinks to the screen's width on phones.
  banner: { width: 728, height: 90 },
};

declare global {
  interface Window {
    adsbygoogle?: unknown[];
  }
}

/**
 * One ad slot of its fixed size. Without AD_CLIENT nothing at all: no box, no space, no
 * request.
 */
export function AdSlot({ slot, className = '' }: { slot: AdSlotName; className?: string }) {
  const { client, slots } = useSiteConfig().ads;
  const size = SIZES[slot];
  const pushed = useRef(false);

  useEffect(() => {
    if (!client || pushed.current) return;
    pushed.current = true;
    loadAdScript(client);
    (window.adsbygoogle = window.adsbygoogle || []).push({});
  }, [client]);

  const style = { width: size.width, height: size.height, maxWidth: '100%' };
  if (!client) return null;
  return (
    <div className={className} style={style} data-ad-slot-name={slot} aria-label="Advertisement">
      <ins className="adsbygoogle" style={{ display: 'block', ...style }} data-ad-client={client} data-ad-slot={slots[slot]} />
    </div>
  );
}
