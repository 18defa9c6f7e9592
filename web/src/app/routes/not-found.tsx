import { useNavigate } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { GoBackButton } from '@/components/page-message';
import { paths } from '@/config/paths';
import { AdSlot } from '@/features/ads/components/ad-slot';
import { NOT_FOUND_META } from '@domain/page-meta';
import { useDocumentHead } from '@/lib/seo';

/** The not-found screen; the server already answered this URL with HTTP 404. */
export function NotFoundRoute() {
  const navigate = useNavigate();
  useDocumentHead(NOT_FOUND_META);
  const btn = 'inline-flex items-center rounded-md border px-4 py-2 font-medium';
  return (
    <div className="mx-auto max-w-2xl space-y-6 py-10 text-center">
      <p className="text-7xl font-extrabold text-blue-700" aria-hidden="true">404</p>
      <h1 className="text-3xl font-bold text-gray-900"><span className="sr-only">404 </span>Page Not Found</h1>
      <p className="text-gray-700">The page you are looking for does not exist or has been moved.</p>
      <AdSlot slot="notFound" className="mx-auto" />
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={paths.home} className={`${btn} border-blue-700 bg-blue-700 text-white hover:bg-blue-800`}>Go Home</Link>
        <Link to={paths.search()} className={`${btn} border-gray-300 bg-white text-gray-800 hover:bg-gray-50`}>Search Businesses</Link>
        <GoBackButton onClick={() => navigate(-1)} />
      </div>
      <nav aria-label="Helpful links">
        <ul className="flex flex-wrap justify-center gap-4 text-blue-700">
          <li><Link className="underline" to={paths.cities}>Browse Cities</Link></li>
          <li><Link className="underline" to={paths.categories}>Business Categories</Link></li>
          <li><Link className="underline" to={paths.about}>About Us</Link></li>
        </ul>
      </nav>
    </div>
  );
}
