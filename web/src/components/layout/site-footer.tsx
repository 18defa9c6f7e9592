import { Mail, MapPin, Phone } from 'lucide-react';
import { icon } from '@/components/ui/icon';
import { Link } from '@/components/ui/link';
import { StaticPart } from '@/components/ui/static-part';
import { paths } from '@/config/paths';
import { useSiteConfig } from '@/lib/site-config';

/** A tel: link's target: the digits, and a leading + when written. */
const telHref = (phone: string) => `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;

/** Quick links, and the operator's contact details (CONTACT_*) only when configured. */
export function SiteFooter() {
  const { siteName, contact } = useSiteConfig();
  const hasContact = !!(contact.email || contact.phone || contact.address);
  // A page rendered (and cached) in one year may be hydrated in the next.
  const year = new Date().getFullYear();
  return (
    <StaticPart as="footer" className="mt-16 border-t border-gray-200 bg-gray-900 text-gray-300" cacheKey={JSON.stringify([siteName, contact.email, contact.phone, contact.address, year])}>
      {() => (
        <>
          <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
            <div>
              <p className="text-lg font-bold text-white">{siteName}</p>
              <p className="mt-2 text-sm">Find trusted local businesses, craftsmen and service providers in cities worldwide.</p>
            </div>
            <nav aria-label="Quick links">
              <h2 className="font-semibold text-white">Quick Links</h2>
              <ul className="mt-2 space-y-1 text-sm">
                <li><Link className="hover:text-white hover:underline" to={paths.home}>Home</Link></li>
                <li><Link className="hover:text-white hover:underline" to={paths.cities}>Cities</Link></li>
                <li><Link className="hover:text-white hover:underline" to={paths.categories}>Categories</Link></li>
                <li><Link className="hover:text-white hover:underline" to={paths.search()}>Search</Link></li>
                <li><Link className="hover:text-white hover:underline" to={paths.about}>About Us</Link></li>
              </ul>
            </nav>
            {hasContact && (
              <div data-site-contact="">
                <h2 className="font-semibold text-white">Contact</h2>
                <ul className="mt-2 space-y-1 text-sm">
                  {contact.email && (
                    <li className="flex items-center gap-2">{icon(Mail, 'h-4 w-4')}<a className="break-all hover:text-white hover:underline" href={`mailto:${contact.email}`}>{contact.email}</a></li>
                  )}
                  {contact.phone && (
                    <li className="flex items-center gap-2">{icon(Phone, 'h-4 w-4')}<a className="hover:text-white hover:underline" href={telHref(contact.phone)}>{contact.phone}</a></li>
                  )}
                  {contact.address && (
                    <li className="flex items-center gap-2">{icon(MapPin, 'h-4 w-4 shrink-0')}{contact.address}</li>
                  )}
                </ul>
              </div>
            )}
          </div>
          <p className="border-t border-gray-800 py-4 text-center text-xs text-gray-400" suppressHydrationWarning>
            {`© ${year} ${siteName}. All rights reserved.`}
          </p>
        </>
      )}
    </StaticPart>
  );
}
