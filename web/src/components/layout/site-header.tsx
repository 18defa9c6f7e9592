import { Menu, X } from 'lucide-react';
import { icon } from '@/components/ui/icon';
import { useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Link, NavLink, navLinkActive } from '@/components/ui/link';
import { StaticPart } from '@/components/ui/static-part';
import { paths } from '@/config/paths';
import { useSiteConfig } from '@/lib/site-config';

const LINKS = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.cities, label: 'Cities', end: false },
  { to: paths.categories, label: 'Categories', end: false },
  { to: paths.search(), label: 'Search', end: false },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-blue-50 text-blue-800' : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900'}`;

export function SiteHeader() {
  const location = useLocation();
  // The menu belongs to the page it was opened on: navigating closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const button = useRef<HTMLButtonElement>(null);
  const { siteName } = useSiteConfig();
  // What the header draws from: the name, which links are active here, and the menu's state.
  const drawnFrom = `${siteName}|${LINKS.map((l) => (navLinkActive(l.to, location.pathname, l.end) ? 1 : 0)).join('')}|${open}`;
  return (
    <StaticPart as="header" className="sticky top-0 z-20 border-b border-gray-200 bg-white/95 backdrop-blur" cacheKey={drawnFrom}>
      {() => (
        <>
          <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3">
            <Link to={paths.home} className="text-xl font-bold tracking-tight text-blue-800">
              {siteName}
            </Link>
            <nav aria-label="Main" className="hidden md:block">
              <ul className="flex gap-1">
                {LINKS.map((l) => (
                  <li key={l.label}>
                    <NavLink to={l.to} end={l.end} className={linkClass}>
                      {l.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <button
              ref={button}
              type="button"
              className="rounded-md p-2 text-gray-700 hover:bg-gray-100 md:hidden"
              aria-expanded={open}
              aria-controls="mobile-menu"
              aria-label={open ? 'Close menu' : 'Open menu'}
              onClick={() => setOpenAt(open ? null : location.key)}
            >
              {open ? icon(X, 'h-6 w-6') : icon(Menu, 'h-6 w-6')}
            </button>
          </div>
          {open && (
            <nav
              id="mobile-menu"
              aria-label="Mobile"
              className="border-t border-gray-200 px-4 pb-3 md:hidden"
              onKeyDown={(e) => {
                // Escape closes the menu and gives focus back to its button.
                if (e.key !== 'Escape') return;
                setOpenAt(null);
                button.current?.focus();
              }}
            >
              <ul className="flex flex-col gap-1 pt-2">
                {LINKS.map((l) => (
                  <li key={l.label}>
                    <NavLink to={l.to} end={l.end} className={(s) => `block ${linkClass(s)}`}>
                      {l.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </>
      )}
    </StaticPart>
  );
}
