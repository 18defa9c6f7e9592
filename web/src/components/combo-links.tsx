import { categoryPlural } from '@domain/category-plural';
import { formatNumber } from '@domain/plural';
import { cardClass } from '@/components/ui/card';
import { Link } from '@/components/ui/link';

/** One link to a category in a place: 'Cafés in İstanbul (12)', 'Plumbers in Austin (7)'. */
export interface ComboLink {
  key: string;
  to: string;
  category: string;
  /** The category's plural as the admin set it; null: the rule's. */
  categoryPluralName: string | null;
  place: string;
  count: number;
}

/**
 * Links to categories in a place (a city, a country): how a visitor, and a crawler, go from a page
 * to the pages of its categories in a place. Only those that are pages for search engines are
 * given (the read leaves out the thin ones), in the read's order. `marker` names the list for tests.
 */
export function ComboLinks({ title, links, marker }: { title: string; links: ComboLink[]; marker: 'data-city-categories' | 'data-country-categories' }) {
  if (!links.length) return null;
  return (
    <nav aria-label={title} className={cardClass('p-4')}>
      <h2 className="mb-2 text-lg font-semibold text-gray-900">{title}</h2>
      <ul className="flex flex-wrap gap-2" {...{ [marker]: '' }}>
        {links.map((l) => (
          <li key={l.key}>
            <Link to={l.to} className="place-link">
              {`${categoryPlural({ name: l.category, pluralName: l.categoryPluralName })} in ${l.place} `}
              <span className="text-gray-700">{`(${formatNumber(l.count)})`}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
