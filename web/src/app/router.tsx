import { lazy, Suspense } from 'react';
import { BrowserRouter, Outlet, Route, Routes } from 'react-router-dom';
import { ADMIN_PAGES, matchPage, slugRoute, STATIC_PAGES, type SlugPage, type StaticPage } from '@data/domain/paths';
import { PublicLayout } from './routes/public-layout';
import { NotFoundRoute } from './routes/not-found';
import { lazyRoute, type LazyRoute } from './lazy-route';

/**
 * Each public page in its own chunk, so a page ships the code it uses (issue 15); the matched one
 * is preloaded before rendering (entry-server.tsx, main.tsx). The not-found page stays in the main
 * chunk: any path can need it.
 */
export const PUBLIC_ROUTES: Record<StaticPage | SlugPage, LazyRoute> = {
  home: lazyRoute('src/app/routes/home.tsx', () => import('./routes/home').then((m) => m.HomeRoute)),
  details: lazyRoute('src/app/routes/business-detail.tsx', () => import('./routes/business-detail').then((m) => m.BusinessDetailRoute)),
  cities: lazyRoute('src/app/routes/cities.tsx', () => import('./routes/cities').then((m) => m.CitiesRoute)),
  city: lazyRoute('src/app/routes/city.tsx', () => import('./routes/city').then((m) => m.CityRoute)),
  categories: lazyRoute('src/app/routes/categories.tsx', () => import('./routes/categories').then((m) => m.CategoriesRoute)),
  category: lazyRoute('src/app/routes/category.tsx', () => import('./routes/category').then((m) => m.CategoryRoute)),
  country: lazyRoute('src/app/routes/country.tsx', () => import('./routes/country').then((m) => m.CountryRoute)),
  search: lazyRoute('src/app/routes/search.tsx', () => import('./routes/search').then((m) => m.SearchRoute)),
  about: lazyRoute('src/app/routes/about.tsx', () => import('./routes/about').then((m) => m.AboutRoute)),
};

/** The public page a path shows; null for admin screens and the not-found page. */
export function publicPageOf(pathname: string): StaticPage | SlugPage | null {
  const match = matchPage(pathname);
  return match && match.kind !== 'admin' ? match.page : null;
}

/** The public route a path shows; null for admin screens and the not-found page. */
export function publicRouteOf(pathname: string): LazyRoute | null {
  const page = publicPageOf(pathname);
  return page && PUBLIC_ROUTES[page];
}

// Admin screens are split out of the public bundle (CONTRACT §6 / issue 4) and never server-rendered.
const AdminLoginRoute = lazy(() => import('./routes/admin/login'));
const AdminDashboardRoute = lazy(() => import('./routes/admin/dashboard'));
const AdminBusinessesRoute = lazy(() => import('./routes/admin/businesses'));
const AdminCountriesRoute = lazy(() => import('./routes/admin/countries'));
const AdminSitemapRoute = lazy(() => import('./routes/admin/sitemap'));
// Only admin screens raise toasts: Radix Toast (≈8 KB gzipped) stays out of the public pages.
const Toaster = lazy(() => import('@/components/ui/toast').then((m) => ({ default: m.Toaster })));

function AdminLayout() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}

const page = (name: StaticPage | SlugPage) => {
  const { Component } = PUBLIC_ROUTES[name];
  return <Component />;
};

/** The public pages' route paths, in the order React Router is given them. */
const PUBLIC_PATHS: ReadonlyArray<[StaticPage | SlugPage, string]> = [
  ['home', STATIC_PAGES.home],
  ['details', slugRoute('details')],
  ['cities', STATIC_PAGES.cities],
  ['city', slugRoute('city')],
  ['categories', STATIC_PAGES.categories],
  ['category', slugRoute('category')],
  ['country', slugRoute('country')],
  ['search', STATIC_PAGES.search],
  ['about', STATIC_PAGES.about],
];

/**
 * The routes, under whichever router the caller gives (BrowserRouter here, StaticRouter on the
 * server). `only`: the one public page the server renders (its table of paths, matchPage, said
 * which). React Router flattens and ranks every route on each render, a tenth of a server render;
 * given that page's route alone it renders the same markup. The browser navigates: it gets all.
 */
export function AppRoutes({ only }: { only?: StaticPage | SlugPage }) {
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
          </Route>
        )}
      </Routes>
    </Suspense>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
