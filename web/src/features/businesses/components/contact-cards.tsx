import { ExternalLink, Globe, Mail, MapPin, Phone } from 'lucide-react';
import { icon } from '@/components/ui/icon';
import { directionsUrl, mailtoHref, safeHttpUrl } from '@domain/safe-url';
import type { Business } from '@domain/types';
import { addressLines } from './address-lines';
import { SectionCard } from './section-card';

const link = 'text-blue-700 hover:underline break-all';

const directions = new WeakMap<Business, string | null>();

/**
 * The business's directions link, worked out once for the address card and the quick actions of
 * one page (a URL parsed each time).
 */
function directionsOf(b: Business): string | null {
  let map = directions.get(b);
  if (map === undefined) directions.set(b, (map = directionsUrl(b.locationLink, [b.address, b.postalCode, b.country].filter(Boolean).join(', '))));
  return map;
}

/** The address once, with the parts it leaves out, and a View on Map link (http(s) only). */
export function AddressCard({ business: b }: { business: Business }) {
  const map = directionsOf(b);
  return (
    <SectionCard title="Address" icon={MapPin}>
      <address className="not-italic text-gray-800" data-address="">
        {addressLines(b).map((line) => <p key={line}>{line}</p>)}
      </address>
      {map && (
        <a href={map} target="_blank" rel="noopener noreferrer nofollow" className={`mt-2 inline-flex items-center gap-1 ${link}`}>
          View on Map {icon(ExternalLink, 'h-4 w-4')}
        </a>
      )}
    </SectionCard>
  );
}

/** Phone, email and website; a value that cannot be a safe link is shown as plain text. */
export function ContactCard({ business: b }: { business: Business }) {
  const tel = b.phoneE164 ? `tel:${b.phoneE164}` : null;
  const mail = mailtoHref(b.email);
  const web = safeHttpUrl(b.website);
  const none = !b.phone && !b.email && !b.website;
  return (
    <SectionCard title="Contact Information" icon={Phone}>
      {none ? (
        <p className="text-gray-700">No contact details available</p>
      ) : (
        <ul className="space-y-2 text-gray-800">
          {b.phone && (
            <li className="flex items-center gap-2">
              {icon(Phone, 'h-4 w-4 shrink-0')}
              {tel ? <a href={tel} className={link}>{b.phoneDisplay ?? b.phone}</a> : <span>{b.phone}</span>}
            </li>
          )}
          {b.email && (
            <li className="flex items-center gap-2">
              {icon(Mail, 'h-4 w-4 shrink-0')}
              {mail ? <a href={mail} className={link}>{b.email}</a> : <span className="break-all">{b.email}</span>}
            </li>
          )}
          {b.website && (
            <li className="flex items-center gap-2">
              {icon(Globe, 'h-4 w-4 shrink-0')}
              {web ? (
                <a href={web} target="_blank" rel="noopener noreferrer nofollow ugc" className={link}>
                  {b.website}
                </a>
              ) : (
                <span className="break-all" data-unsafe-website="">{b.website}</span>
              )}
            </li>
          )}
        </ul>
      )}
    </SectionCard>
  );
}

/**
 * Call Now and Get Directions, each shown only when it can work. On phones a bar that
 * sticks to the bottom of the screen while the page scrolls (the caller puts it last, so it stays in
 * view down to the end of the page and never covers the footer); a card beside the page from lg up.
 */
export function QuickActions({ business: b, className = '' }: { business: Business; className?: string }) {
  const tel = b.phoneE164 ? `tel:${b.phoneE164}` : null;
  const map = directionsOf(b);
  if (!tel && !map) return null;
  const btn = 'flex flex-1 items-center justify-center gap-2 rounded-md px-4 py-2.5 font-medium lg:w-full lg:flex-none lg:py-2';
  return (
    <section
      aria-labelledby="quick-actions-h"
      className={`sticky bottom-0 z-20 -mx-4 border-t border-gray-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur lg:static lg:mx-0 lg:rounded-lg lg:border lg:bg-white lg:p-5 lg:shadow-sm ${className}`}
      data-quick-actions=""
    >
      <h2 id="quick-actions-h" className="sr-only lg:not-sr-only lg:mb-3 lg:text-lg lg:font-semibold lg:text-gray-900">Quick Actions</h2>
      <div className="flex gap-2 lg:flex-col">
        {tel && (
          <a href={tel} className={`${btn} bg-blue-700 text-white hover:bg-blue-800`}>
            {icon(Phone, 'h-4 w-4')} Call Now
          </a>
        )}
        {map && (
          <a href={map} target="_blank" rel="noopener noreferrer nofollow" className={`${btn} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`}>
            {icon(MapPin, 'h-4 w-4')} Get Directions
          </a>
        )}
      </div>
    </section>
  );
}
