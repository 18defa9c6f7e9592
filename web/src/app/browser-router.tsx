/**
 * React Router's BrowserRouter, but for a page the server rendered it starts at the address the
 * server rendered, not at wherever the address bar is when hydration reaches it. main.tsx hydrates
 * only once the route's chunk has come, in a transition that yields: a script's pushState, or a
 * Back, in that window moved the address, BrowserRouter rendered the other page against the
 * server's markup, and React threw away the page with a hydration error (#418). And BrowserRouter
 * listens for the address only from its layout effect: a popstate before it was lost, the page
 * stayed where the address no longer was. Here the page hydrates as served, and the address it
 * finds once it listens is the page it goes to.
 */
import { startTransition, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, type Location, type NavigationType } from 'react-router-dom';

type BrowserHistory = ReturnType<typeof createBrowserHistory>;

const sameAddress = (a: Location, b: Location) => a.pathname === b.pathname && a.search === b.search && a.hash === b.hash && a.key === b.key;

/**
 * `served`: the path and query string the page's HTML was rendered for (main.tsx reads it before
 * anything can move the address), or null when the browser renders the page itself.
 */
export function BrowserRouter({ served, children }: { served: string | null; children: ReactNode }) {
  const historyRef = useRef<BrowserHistory | null>(null);
  historyRef.current ??= createBrowserHistory({ v5Compat: true });
  const history = historyRef.current;
  const [state, setState] = useState<{ action: NavigationType; location: Location }>(() => {
    const now = history.location;
    if (served === null || now.pathname + now.search === served) return { action: history.action, location: now };
    const url = new URL(served, window.location.origin);
    return { action: history.action, location: { ...now, pathname: url.pathname, search: url.search } };
  });
  useLayoutEffect(() => {
    // As BrowserRouter: a navigation renders in a transition.
    const unlisten = history.listen((next) => startTransition(() => setState(next)));
    const now = history.location;
    if (!sameAddress(now, state.location)) startTransition(() => setState({ action: history.action, location: now }));
    return unlisten;
    // The first address only: later ones come through the listener.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [history]);
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      {children}
    </Router>
  );
}
