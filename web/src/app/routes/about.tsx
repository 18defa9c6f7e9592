import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { STATIC_META } from '@domain/page-meta';
import { useDocumentHead } from '@/lib/seo';

export function AboutRoute() {
  useDocumentHead(STATIC_META.about);
  return (
    <article className="mx-auto max-w-3xl space-y-4 text-gray-800">
      <h1 className="text-3xl font-bold text-gray-900">About Us</h1>
      <p>
        rehber is a public directory of professional and local businesses worldwide: florists, bakers, plumbers, cafés, clinics and many more,
        with their addresses, phone numbers, working hours and ratings.
      </p>
      <p>
        Browse the <Link className="text-blue-700 underline" to={paths.cities}>cities</Link> or the{' '}
        <Link className="text-blue-700 underline" to={paths.categories}>business categories</Link>, or{' '}
        <Link className="text-blue-700 underline" to={paths.search()}>search</Link> for the service you need near you.
      </p>
      <p>Listings are imported from public business data and refreshed regularly. Ratings and review counts come from those sources.</p>
    </article>
  );
}
