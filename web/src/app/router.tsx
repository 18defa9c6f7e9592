import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ADMIN_PAGES, slugRoute, STATIC_PAGES } from '@data/domain/paths';
import { PublicLayout } from './routes/public-layout';
import { HomeRoute } from './routes/home';
import { BusinessDetailRoute } from './routes/business-detail';
import { CitiesRoute } from './routes/cities';
import { CityRoute } from './routes/city';
import { CategoriesRoute } from './routes/categories';
import { CategoryRoute } from './routes/category';
import { CountryRoute } from './routes/country';
import { SearchRoute } from './routes/search';
import { AboutRoute } from './routes/about';
import { NotFoundRoute } from './routes/not-found';

// Admin screens are split out of the public bundle (CONTRACT §6 / issue 4).
const AdminLoginRoute = lazy(() => import('./routes/admin/login'));
const AdminDashboardRoute = lazy(() => import('./routes/admin/dashboard'));
const AdminBusinessesRoute = lazy(() => import('./routes/admin/businesses'));
const AdminCountriesRoute = lazy(() => import('./routes/admin/countries'));
const AdminSitemapRoute = lazy(() => import('./routes/admin/sitemap'));

export function AppRouter() {
  return (
    <BrowserRouter>
      <Suspense fallback={null}>
        <Routes>
          <Route element={<PublicLayout />}>
            <Route path={STATIC_PAGES.home} element={<HomeRoute />} />
            <Route path={slugRoute('details')} element={<BusinessDetailRoute />} />
            <Route path={STATIC_PAGES.cities} element={<CitiesRoute />} />
            <Route path={slugRoute('city')} element={<CityRoute />} />
            <Route path={STATIC_PAGES.categories} element={<CategoriesRoute />} />
            <Route path={slugRoute('category')} element={<CategoryRoute />} />
            <Route path={slugRoute('country')} element={<CountryRoute />} />
            <Route path={STATIC_PAGES.search} element={<SearchRoute />} />
            <Route path={STATIC_PAGES.about} element={<AboutRoute />} />
            <Route path="*" element={<NotFoundRoute />} />
          </Route>
          <Route path={ADMIN_PAGES.login} element={<AdminLoginRoute />} />
          <Route path={ADMIN_PAGES.dashboard} element={<AdminDashboardRoute />} />
          <Route path={ADMIN_PAGES.businesses} element={<AdminBusinessesRoute />} />
          <Route path={ADMIN_PAGES.countries} element={<AdminCountriesRoute />} />
          <Route path={ADMIN_PAGES.sitemap} element={<AdminSitemapRoute />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
