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

/** The public route a path shows; null for admin screens and the not-found page. */
export function publicRouteOf(pathname: string): LazyRoute | null {
  const match = matchPage(pathname);
  return match && match.kind !== 'admin' ? PUBLIC_ROUTES[match.page] : null;
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

/** The routes, under whichever router the caller gives (BrowserRouter here, StaticRouter on the server). */
export function AppRoutes() {
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route element={<PublicLayout />}>
          {/* Case-sensitive like the server's table of paths (matchPage), so both agree on 404s. */}
          <Route caseSensitive path={STATIC_PAGES.home} element={page('home')} />
          <Route caseSensitive path={slugRoute('details')} element={page('details')} />
          <Route caseSensitive path={STATIC_PAGES.cities} element={page('cities')} />
          <Route caseSensitive path={slugRoute('city')} element={page('city')} />
          <Route caseSensitive path={STATIC_PAGES.categories} element={page('categories')} />
          <Route caseSensitive path={slugRoute('category')} element={page('category')} />
          <Route caseSensitive path={slugRoute('country')} element={page('country')} />
          <Route caseSensitive path={STATIC_PAGES.search} element={page('search')} />
          <Route caseSensitive path={STATIC_PAGES.about} element={page('about')} />
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
        <Route element={<AdminLayout />}>
          <Route path={ADMIN_PAGES.login} element={<AdminLoginRoute />} />
          <Route path={ADMIN_PAGES.dashboard} element={<AdminDashboardRoute />} />
          <Route path={ADMIN_PAGES.businesses} element={<AdminBusinessesRoute />} />
          <Route path={ADMIN_PAGES.countries} element={<AdminCountriesRoute />} />
          <Route path={ADMIN_PAGES.sitemap} element={<AdminSitemapRoute />} />
        </Route>
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
