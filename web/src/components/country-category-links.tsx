import type { CountryCategoryLink } from '@domain/types';
import { ComboLinks } from '@/components/combo-links';
import { paths } from '@/config/paths';

/** Links to categories in a country ('Cafés in Türkiye (120)'), from a country or a category. */
export function CountryCategoryLinks({ title, links }: { title: string; links: CountryCategoryLink[] | undefined }) {
  const items = (links ?? []).map((l) => ({ key: `${l.countrySlug}/${l.categorySlug}`, to: paths.countryCategory(l.countrySlug, l.categorySlug), category: l.category, categoryPluralName: l.categoryPluralName, place: l.country, count: l.count }));
  return <ComboLinks title={title} links={items} marker="data-country-categories" />;
}
