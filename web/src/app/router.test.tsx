import { useContext } from 'react';
import { renderToString } from 'react-dom/server';
import { Outlet, renderMatches, Route, Routes, StaticRouter, UNSAFE_NavigationContext, UNSAFE_RouteContext, useParams, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CITY_CATEGORY_ROUTE, slugRoute, STATIC_PAGES } from '@domain/paths';
import { pageMatches } from './router';

/** What a route's element sees of React Router: the matches (params, paths, which route) and its params. */
function Probe({ name }: { name: string }) {
  const { matches } = useContext(UNSAFE_RouteContext);
  const params = useParams();
  const seen = matches.map((m) => ({ params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase, route: m.route.path ?? 'layout' }));
  return (
    <div data-name={name}>
      {JSON.stringify({ seen, params })}
      <Outlet />
    </div>
  );
}

const PATHS: Record<string, string> = { ...STATIC_PAGES, details: slugRoute('details'), city: slugRoute('city'), category: slugRoute('category'), country: slugRoute('country'), cityCategory: CITY_CATEGORY_ROUTE };

describe('the server’s page matches', () => {
  it('are what React Router’s <Routes> finds for the same path, slugs with escapes included', () => {
    const routesOf = (name: string) => {
      const page: RouteObject = { caseSensitive: true, path: PATHS[name], element: <Probe name={name} /> };
      return { layout: { element: <Probe name="layout" />, children: [page] }, page };
    };
    const paths = ['/', '/cities', '/categories', '/search', '/about', '/details/abc-123', '/details/%C3%A7i%C3%A7ek%20evi', '/details/a%2Fb', '/details/a%252Fb', '/details/100%25', '/details/a%3Fb%23c', '/details/a%5Cb', '/details/trailing%20', '/city/istanbul', '/city/istanbul/cafe', '/city/k%C3%B6ln/a%2Fb', '/category/cafe', '/country/t%C3%BCrkiye'];
    for (const path of paths) {
      let name = '';
      const Ours = () => {
        const matches = pageMatches(path, useContext(UNSAFE_NavigationContext).navigator.encodeLocation, routesOf as never);
        name = Object.keys(PATHS).find((n) => PATHS[n] === matches?.[1].route.path) ?? '';
        return renderMatches(matches);
      };
      const ours = renderToString(<StaticRouter location={`${path}?page=2`}><Ours /></StaticRouter>);
      expect(name, path).not.toBe('');
      const theirs = renderToString(
        <StaticRouter location={`${path}?page=2`}>
          <Routes>
            <Route element={<Probe name="layout" />}>
              <Route caseSensitive path={PATHS[name]} element={<Probe name={name} />} />
            </Route>
          </Routes>
        </StaticRouter>,
      );
      expect(ours, path).toBe(theirs);
    }
  });

  it('are left to <Routes> for admin screens, unknown paths and trailing slashes', () => {
    for (const path of ['/admin', '/admin/businesses', '/nowhere', '/details/', '/details/a/b', '/details/abc/', '/cities/', '/Cities', '/details/%E0%A4%A']) expect(pageMatches(path, undefined), path).toBeNull();
  });

  it('leave out the navigator’s encoding for a path it gives back unchanged, and the matches are the same', () => {
    let encoded = 0;
    type Encode = NonNullable<Parameters<typeof pageMatches>[1]>;
    let encodeLocation: Encode | undefined;
    const Grab = () => {
      encodeLocation = useContext(UNSAFE_NavigationContext).navigator.encodeLocation;
      return null;
    };
    renderToString(<StaticRouter location="/"><Grab /></StaticRouter>);
    const encode: Encode = (to) => {
      encoded++;
      return encodeLocation!(to);
    };
    for (const path of ["/details/abc-123-chij000", "/city/istanbul/cafe", "/details/a_b~c!$&'()*+,;=:@d"]) {
      const before = encoded;
      expect(pageMatches(path, encode), path).toEqual(pageMatches(path, encodeLocation));
      expect(pageMatches(path, encode)?.[1].pathname, path).toBe(new URL(path, 'http://localhost').pathname);
      expect(encoded, path).toBe(before);
    }
    // A path with an escape, a dot or a letter a URL escapes still goes through it.
    for (const path of ['/details/%C3%A7i%C3%A7ek', '/details/a.b', '/details/çiçek', '/details/a%5Cb']) {
      const before = encoded;
      pageMatches(path, encode);
      expect(encoded, path).toBe(before + 1);
    }
  });
});
