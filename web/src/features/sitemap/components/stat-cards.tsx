import { Building2, FolderTree, Globe2, LayoutGrid, MapPin } from 'lucide-react';
import type { SitemapStats } from '@domain/types';
import { SITEMAP_MAX_URLS } from '@domain/constants';
import { filesText } from './messages';
import { cardClass } from '@/components/ui/card';

const filesFor = (n: number) => Math.ceil(n / SITEMAP_MAX_URLS);

/** Businesses, Cities and Categories in cities, districts and countries at 9,000 per file, Categories and Countries one file each. */
export function SitemapStatCards({ stats }: { stats: SitemapStats | undefined }) {
  const cards = [
    { label: 'Businesses', icon: Building2, count: stats?.totalBusinesses, files: filesText(filesFor(stats?.totalBusinesses ?? 0)) },
    { label: 'Categories', icon: FolderTree, count: stats?.totalCategories, files: filesText(1) },
    { label: 'Cities', icon: MapPin, count: stats?.totalCities, files: filesText(filesFor(stats?.totalCities ?? 0)) },
    { label: 'Countries', icon: Globe2, count: stats?.totalCountries, files: filesText(1) },
    {
      label: 'Categories in cities',
      testId: 'stat-city-categories',
      icon: LayoutGrid,
      count: stats?.totalCityCategories,
      files: filesText(filesFor(stats?.totalCityCategories ?? 0)),
    },
    {
      label: 'Categories in districts',
      testId: 'stat-district-categories',
      icon: LayoutGrid,
      count: stats?.totalDistrictCategories,
      files: filesText(filesFor(stats?.totalDistrictCategories ?? 0)),
    },
    {
      label: 'Categories in countries',
      testId: 'stat-country-categories',
      icon: LayoutGrid,
      count: stats?.totalCountryCategories,
      files: filesText(filesFor(stats?.totalCountryCategories ?? 0)),
    },
  ];
  return (
    <div className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-7">
      {cards.map(({ label, testId, icon: Icon, count, files }) => (
        <section key={label} className={cardClass('p-4')} data-testid={testId ?? `stat-${label.toLowerCase()}`}>
          <div className="flex items-center justify-between text-sm font-medium text-gray-600">
            <h2>{label}</h2>
            <Icon className="h-4 w-4" aria-hidden="true" />
          </div>
          <p className="mt-2 text-2xl font-bold">{count === undefined ? '—' : count.toLocaleString()}</p>
          <p className="text-xs text-gray-500">{files}</p>
        </section>
      ))}
    </div>
  );
}
