/**
 * The app's links: React Router's Link and NavLink. In the server render (Vite's SSR build) a link
 * to an absolute path is drawn as the very <a> React Router's would give there, without the hooks
 * React Router runs for clicks, prefetching and relative paths: a server-rendered link is markup
 * only, and the browser hydrates it with React Router's own Link, which adds the click handling.
 * Those hooks were a sixth of a business page's render. Anything else (a relative or object `to`)
 * takes React Router's component on the server too. link.test.tsx renders each shape both ways.
 */
import { useContext } from 'react';
import { jsx } from 'react/jsx-runtime';
// The one module that may take React Router's links (eslint.config.js sends every other here).
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { Link as RouterLink, NavLink as RouterNavLink, UNSAFE_NavigationContext, useLocation, type LinkProps, type NavLinkProps } from 'react-router-dom';

/**
 * An absolute path of this app that React Router takes as it is: segments without dots, an
 * optional query and hash ('/cities', '/details/a%20b', '/search?q=a'). Its href is the path itself
 * whatever the current route (React Router's resolvePath changes nothing in it: link.test.tsx).
 */
const PLAIN_PATH = /^\/(?:[^/?#.\\]+(?:\/[^/?#.\\]+)*\/?)?(?:\?[^#]+)?(?:#.+)?$/;

/** What React Router's Link takes for itself: everything else goes onto the <a>. */
const LINK_OWN = new Set(['to', 'target', 'discover', 'prefetch', 'mask', 'reloadDocument', 'replace', 'state', 'relative', 'preventScrollReset', 'viewTransition', 'defaultShouldRevalidate', 'onClick']);
/** What NavLink takes for itself (the rest it hands to Link). */
const NAV_LINK_OWN = new Set(['to', 'end', 'caseSensitive', 'className', 'style', 'children', 'aria-current']);

/** `props` without `own` (a loop: an object rest with a dozen excluded names cost more than the link). */
function without(props: object, own: Set<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) if (!own.has(key)) out[key] = value;
  return out;
}

/**
 * Link on the server: React Router's markup (props, href, data-discover) for a plain path. The <a>'s
 * props are built in one pass and handed to jsx(), which keeps the object it is given: the entries,
 * the rest object and a JSX spread's copy of it made this the render's costliest component (a
 * business page draws a dozen links).
 */
export function ServerLink(props: LinkProps) {
  const { to, discover = 'render', prefetch = 'none', mask } = props;
  const { basename } = useContext(UNSAFE_NavigationContext);
  if (basename !== '/' || typeof to !== 'string' || !PLAIN_PATH.test(to) || prefetch !== 'none' || mask !== undefined) return <RouterLink {...props} />;
  const a: Record<string, unknown> = {};
  for (const key in props) if (!LINK_OWN.has(key)) a[key] = props[key as keyof LinkProps];
  a.href = to;
  a.target = props.target;
  a['data-discover'] = discover === 'render' ? 'true' : undefined;
  return jsx('a', a);
}

/** Whether a NavLink to the plain path `to` is active at `pathname`: React Router's rule, with no navigation pending (the server's case). */
export function navLinkActive(to: string, pathname: string, end = false, caseSensitive = false): boolean {
  let toPathname = to.replace(/[?#].*/, '');
  let here = pathname;
  if (!caseSensitive) {
    here = here.toLowerCase();
    toPathname = toPathname.toLowerCase();
  }
  const endSlash = toPathname !== '/' && toPathname.endsWith('/') ? toPathname.length - 1 : toPathname.length;
  return here === toPathname || (!end && here.startsWith(toPathname) && here.charAt(endSlash) === '/');
}

/** NavLink on the server: active as React Router decides it (aria-current, class) for a plain path. */
export function ServerNavLink(props: NavLinkProps) {
  const { to, end = false, caseSensitive = false, className = '', style, children, 'aria-current': ariaCurrent = 'page' } = props;
  const location = useLocation();
  const { basename } = useContext(UNSAFE_NavigationContext);
  if (basename !== '/' || typeof to !== 'string' || !PLAIN_PATH.test(to) || typeof style === 'function') return <RouterNavLink {...props} />;
  const isActive = navLinkActive(to, location.pathname, end, caseSensitive);
  const state = { isActive, isPending: false, isTransitioning: false };
  return (
    <ServerLink {...without(props, NAV_LINK_OWN)} aria-current={isActive ? ariaCurrent : undefined} className={typeof className === 'function' ? className(state) : [className, isActive ? 'active' : null].filter(Boolean).join(' ')} style={style} to={to}>
      {typeof children === 'function' ? children(state) : children}
    </ServerLink>
  );
}

export const Link = import.meta.env.SSR ? ServerLink : RouterLink;
export const NavLink = import.meta.env.SSR ? ServerNavLink : RouterNavLink;
