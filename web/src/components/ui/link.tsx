/**
 * The app's links: React Router's Link and NavLink. In the server render (Vite's SSR build) a link
 * to an absolute path is drawn as the very <a> React Router's would give there, without the hooks
 * React Router runs for clicks, prefetching and relative paths: a server-rendered link is markup
 * only, and the browser hydrates it with React Router's own Link, which adds the click handling.
 * Those hooks were a sixth of a business page's render. Anything else (a relative or object `to`)
 * takes React Router's component on the server too. link.test.tsx renders each shape both ways.
 */
import { useContext } from 'react';
import { createPath, Link as RouterLink, NavLink as RouterNavLink, resolvePath, UNSAFE_NavigationContext, useLocation, type LinkProps, type NavLinkProps } from 'react-router-dom';

/**
 * Whether `to` is an absolute path of this app that React Router takes as it is ('/cities',
 * '/search?q=a'): then its href is `to` whatever the current route, under the router's root.
 */
function plainPath(to: LinkProps['to'], basename: string): to is string {
  return basename === '/' && typeof to === 'string' && to.startsWith('/') && !to.startsWith('//') && createPath(resolvePath(to)) === to;
}

/** Link on the server: React Router's markup (props, href, data-discover) for a plain path. */
export function ServerLink(props: LinkProps) {
  // What React Router's Link takes for itself; the rest goes onto the <a>.
  const { to, target, discover = 'render', prefetch = 'none', mask, reloadDocument: _r, replace: _p, state: _s, relative: _l, preventScrollReset: _k, viewTransition: _v, defaultShouldRevalidate: _d, onClick: _c, ...rest } = props;
  const { basename } = useContext(UNSAFE_NavigationContext);
  if (!plainPath(to, basename) || prefetch !== 'none' || mask !== undefined) return <RouterLink {...props} />;
  return <a {...rest} href={to} target={target} data-discover={discover === 'render' ? 'true' : undefined} />;
}

/** NavLink on the server: active as React Router decides it (aria-current, class) for an absolute path. */
export function ServerNavLink(props: NavLinkProps) {
  const { to, end = false, caseSensitive = false, className = '', style, children, 'aria-current': ariaCurrent = 'page', ...rest } = props;
  const location = useLocation();
  const { basename } = useContext(UNSAFE_NavigationContext);
  if (!plainPath(to, basename) || typeof style === 'function') return <RouterNavLink {...props} />;
  // React Router's rule (NavLink), with no navigation pending on the server.
  let toPathname = resolvePath(to).pathname;
  let here = location.pathname;
  if (!caseSensitive) {
    here = here.toLowerCase();
    toPathname = toPathname.toLowerCase();
  }
  const endSlash = toPathname !== '/' && toPathname.endsWith('/') ? toPathname.length - 1 : toPathname.length;
  const isActive = here === toPathname || (!end && here.startsWith(toPathname) && here.charAt(endSlash) === '/');
  const state = { isActive, isPending: false, isTransitioning: false };
  return (
    <ServerLink {...rest} aria-current={isActive ? ariaCurrent : undefined} className={typeof className === 'function' ? className(state) : [className, isActive ? 'active' : null].filter(Boolean).join(' ')} style={style} to={to}>
      {typeof children === 'function' ? children(state) : children}
    </ServerLink>
  );
}

export const Link = import.meta.env.SSR ? ServerLink : RouterLink;
export const NavLink = import.meta.env.SSR ? ServerNavLink : RouterNavLink;
