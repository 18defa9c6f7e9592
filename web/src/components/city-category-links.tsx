import type { CityCategoryLink } from '@domain/types';
import { ComboLinks } from '@/components/combo-links';
import { paths } from '@/config/paths';

/** Links to categories in a city ('Cafés in İstanbul (12)'), from a city, a category or a country. */
export function CityCategoryLinks({ title, links }: { title: string; links: CityCategoryLink[] | undefined }) {
  const items = (links ?? []).map((l) => ({ key: `${l.citySlug}/${l.categorySlug}`, to: paths.cityCategory(l.citySlug, l.categorySlug), category: l.category, categoryPluralName: l.categoryPluralName, place: l.city, count: l.count }));
  return <ComboLinks title={title} links={items} marker="data-city-categories" />;
}
