/** Every route of the SPA in one place (SPEC §2, CONTRACT §6). */
export const paths = {
  home: '/',
  details: (slug: string) => `/details/${slug}`,
  cities: '/cities',
  city: (slug: string) => `/city/${slug}`,
  categories: '/categories',
  category: (slug: string) => `/category/${slug}`,
  country: (slug: string) => `/country/${slug}`,
  search: (q = '', location = '') => {
    const p = new URLSearchParams();
    if (q) p.set('q', q);
    if (location) p.set('location', location);
    const s = p.toString();
    return s ? `/search?${s}` : '/search';
  },
  about: '/about',
  admin: {
    login: '/admin/login',
    dashboard: '/admin',
    businesses: '/admin/businesses',
    sitemap: '/admin/sitemap',
    countries: '/admin/countries',
  },
} as const;
