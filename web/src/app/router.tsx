import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
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
            <Route path="/" element={<HomeRoute />} />
            <Route path="/details/:slug" element={<BusinessDetailRoute />} />
            <Route path="/cities" element={<CitiesRoute />} />
            <Route path="/city/:slug" element={<CityRoute />} />
            <Route path="/categories" element={<CategoriesRoute />} />
            <Route path="/category/:slug" element={<CategoryRoute />} />
            <Route path="/country/:slug" element={<CountryRoute />} />
            <Route path="/search" element={<SearchRoute />} />
            <Route path="/about" element={<AboutRoute />} />
            <Route path="*" element={<NotFoundRoute />} />
          </Route>
          <Route path="/admin/login" element={<AdminLoginRoute />} />
          <Route path="/admin" element={<AdminDashboardRoute />} />
          <Route path="/admin/businesses" element={<AdminBusinessesRoute />} />
          <Route path="/admin/countries" element={<AdminCountriesRoute />} />
          <Route path="/admin/sitemap" element={<AdminSitemapRoute />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
