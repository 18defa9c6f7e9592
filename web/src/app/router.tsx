import { lazy, Suspense, useContext } from 'react';
import { BrowserRouter, Outlet, renderMatches, Route, Routes, UNSAFE_NavigationContext, type Navigator, type RouteMatch, type RouteObject } from 'react-router-dom';
import { ADMIN_PAGES, matchPage, SLUG_PAGES, type SlugPage } from '@domain/paths';
import { PUBLIC_PAGES, publicRequest, type PageRequest, type PublicPage } from '@domain/public-pages';
import { IconSheet } from '@/components/ui/icon';
import { PublicLayout } from './routes/public-layout';
import { NotFoundRoute } from './routes/not-found';
import { lazyRoute, type LazyRoute } from './lazy-route';

/**
 * Each public page's component (domain/public-pages.ts), in its own chunk, so a page ships the code
 * it uses; the matched one is preloaded before rendering (entry-server.tsx, main.tsx). The
 * not-found page stays in the main chunk: any path can need it.
 */
export const PUBLIC_ROUTES: Record<PublicPage, LazyRoute> = {
  home: lazyRoute('src/app/routes/home.tsx', () => import('./routes/home').then((m) => m.HomeRoute)),
  details: lazyRoute('src/app/routes/business-detail.tsx', () => import('./routes/business-detail').then((m) => m.BusinessDetailRoute)),
  cities: lazyRoute('src/app/routes/cities.tsx', () => import('./routes/cities').then((m) => m.CitiesRoute)),
  city: lazyRoute('src/app/routes/city.tsx', () => import('./routes/city').then((m) => m.CityRoute)),
  categories: lazyRoute('src/app/routes/categories.tsx', () => import('./routes/categories').then((m) => m.CategoriesRoute)),
  category: lazyRoute('src/app/routes/category.tsx', () => import('./routes/category').then((m) => m.CategoryRoute)),
  country: lazyRoute('src/app/routes/country.tsx', () => import('./routes/country').then((m) => m.CountryRoute)),
  search: lazyRoute('src/app/routes/search.tsx', () => import('./routes/search').then((m) => m.SearchRoute)),
  about: lazyRoute('src/app/routes/about.tsx', () => import('./routes/about').then((m) => m.AboutRoute)),
  cityCategory: lazyRoute('src/app/routes/city-category.tsx', () => import('./routes/city-category').then((m) => m.CityCategoryRoute)),
  districtCategory: lazyRoute('src/app/routes/district-category.tsx', () => import('./routes/district-category').then((m) => m.DistrictCategoryRoute)),
  countryCategory: lazyRoute('src/app/routes/country-category.tsx', () => import('./routes/country-category').then((m) => m.CountryCategoryRoute)),
};

/** The public route a path shows (the browser's first page); null for admin screens and the not-found page. */
export function publicRouteOf(pathname: string): LazyRoute | null {
  const request = publicRequest(matchPage(pathname));
  return request && PUBLIC_ROUTES[request.page];
}

// Admin screens are split out of the public bundle and never server-rendered.
const AdminLoginRoute = lazy(() => import('./routes/admin/login'));
const AdminDashboardRoute = lazy(() => import('./routes/admin/dashboard'));
const AdminBusinessesRoute = lazy(() => import('./routes/admin/businesses'));
const AdminCountriesRoute = lazy(() => import('./routes/admin/countries'));
const AdminSitemapRoute = lazy(() => import('./routes/admin/sitemap'));
const AdminTrashRoute = lazy(() => import('./routes/admin/trash'));
// Only admin screens raise toasts: Radix Toast stays out of the public pages' scripts.
const Toaster = lazy(() => import('@/components/ui/toast').then((m) => ({ default: m.Toaster })));

function AdminLayout() {
  return (
    <>
      <IconSheet />
      <Outlet />
      <Toaster />
    </>
  );
}

const page = (name: PublicPage) => {
  const { Component } = PUBLIC_ROUTES[name];
  return <Component />;
};

/** A public page's route path, from the table of pages. */
const routePathOf = (name: PublicPage): string => PUBLIC_PAGES[name].route;

/** The public pages' route paths, in PUBLIC_ROUTES' order (React Router is given them so). */
const PUBLIC_PATHS = (Object.keys(PUBLIC_ROUTES) as PublicPage[]).map((name) => [name, routePathOf(name)] as const);

/**
 * The routes, under whichever router the caller gives (BrowserRouter here, StaticRouter on the
 * server). `only`: the one public page the server renders, when ServerRoutes does not build its
 * matches itself (a trailing slash); React Router flattens and ranks every route it is given on
 * each render. The browser navigates: it gets all.
 */
export function AppRoutes({ only }: { only?: PublicPage }) {
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route element={<PublicLayout />}>
          {/* Case-sensitive like the server's table of paths (matchPage), so both agree on 404s. */}
          {PUBLIC_PATHS.filter(([name]) => !only || name === only).map(([name, path]) => (
            <Route key={name} caseSensitive path={path} element={page(name)} />
          ))}
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
        {!only && (
          <Route element={<AdminLayout />}>
            <Route path={ADMIN_PAGES.login} element={<AdminLoginRoute />} />
            <Route path={ADMIN_PAGES.dashboard} element={<AdminDashboardRoute />} />
            <Route path={ADMIN_PAGES.businesses} element={<AdminBusinessesRoute />} />
            <Route path={ADMIN_PAGES.countries} element={<AdminCountriesRoute />} />
            <Route path={ADMIN_PAGES.sitemap} element={<AdminSitemapRoute />} />
            <Route path={ADMIN_PAGES.trash} element={<AdminTrashRoute />} />
          </Route>
        )}
      </Routes>
    </Suspense>
  );
}

/** A public page's route under the public layout, as <AppRoutes> declares them. */
export interface PageRoutes {
  layout: RouteObject;
  page: RouteObject;
}

const serverRoutes = new Map<PublicPage, PageRoutes>();

/** The route objects of one public page, built once (their elements are the same on every render). */
function serverRoutesOf(name: PublicPage): PageRoutes {
  let routes = serverRoutes.get(name);
  if (!routes) {
    const route: RouteObject = { caseSensitive: true, path: routePathOf(name), element: page(name) };
    routes = { layout: { element: <PublicLayout />, children: [route] }, page: route };
    serverRoutes.set(name, routes);
  }
  return routes;
}

/**
 * A path the navigator's encodeLocation gives back unchanged (a slug's letters, digits and dashes,
 * nothing a URL escapes or resolves: no dot, percent sign, space or backslash, not starting '//'):
 * its `new URL` is left out, as for a path with no navigator.
 */
const PLAIN_PATH = /^\/(?!\/)[A-Za-z0-9_~!$&'()*+,;=:@/-]*$/;

/**
 * What React Router's <Routes> matches for the path of a public page, from the page the server
 * matched it to (`request`, from the path table's matchPage): the public layout, then the page
 * with its slug (router.test.tsx compares the two). `encode`: the router's navigator's
 * encodeLocation, which <Routes> passes a matched path through. Null for any other path, and for
 * one with a trailing slash (React Router keeps it in one match and not the other), which
 * <AppRoutes> matches itself.
 */
export function pageMatches(
  pathname: string,
  encode: Navigator['encodeLocation'],
  routesOf: (name: PublicPage) => PageRoutes = serverRoutesOf,
  request: PageRequest | null = publicRequest(matchPage(pathname)),
): RouteMatch[] | null {
  if (!request || (pathname !== '/' && pathname.endsWith('/'))) return null;
  const { layout, page } = routesOf(request.page);
  let params: Record<string, string> = {};
  let path = pathname;
  if (request.page in SLUG_PAGES || request.page === 'cityCategory' || request.page === 'districtCategory' || request.page === 'countryCategory') {
    // React Router's decoding: a segment's own "/" stays "%2F" in the path and is "/" in the param.
    const prefix = request.page in SLUG_PAGES ? SLUG_PAGES[request.page as SlugPage] : request.page === 'countryCategory' ? SLUG_PAGES.country : SLUG_PAGES.city;
    const segments = pathname
      .slice(prefix.length)
      .split('/')
      .map((s) => decodeURIComponent(s).replace(/\//g, '%2F'));
    const decoded = segments.map((s) => s.replace(/%2F/g, '/'));
    const [slug] = decoded;
    params = decoded.length === 3 ? { slug, district: decoded[1], category: decoded[2] } : decoded.length === 2 ? { slug, category: decoded[1] } : { slug };
    path = prefix + segments.join('/');
  }
  // As <Routes> gives a matched path back: %, ? and # escaped, then through the navigator.
  path = path.replace(/%/g, '%25').replace(/\?/g, '%3F').replace(/#/g, '%23');
  path = (encode && !PLAIN_PATH.test(path) ? encode(path).pathname : path).replace(/\/\/+/g, '/');
  return [
    { params, pathname: '/', pathnameBase: '/', route: layout },
    { params, pathname: path, pathnameBase: path, route: page },
  ];
}

/**
 * The server render's routes (entry-server.tsx), for the page the server matched the request to.
 * A public page gets its matches from that match (pageMatches): React Router ranked and matched the
 * routes again on every render, a sixth of a business page's render. Admin screens, unknown paths
 * and trailing slashes get <AppRoutes>.
 */
export function ServerRoutes({ pathname, page }: { pathname: string; page: PageRequest | null }) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const matches = pageMatches(pathname, navigator.encodeLocation, serverRoutesOf, page);
  return matches ? <Suspense fallback={null}>{renderMatches(matches)}</Suspense> : <AppRoutes only={page?.page} />;
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
