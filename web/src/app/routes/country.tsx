import { useParams } from 'react-router-dom';
import { countOf } from '@domain/plural';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { paths } from '@/config/paths';
import { CityCategoryLinks } from '@/components/city-category-links';
import { CountryCategoryLinks } from '@/components/country-category-links';
import { EmptyMessage, NotFoundMessage } from '@/components/page-message';
import { SkeletonCards } from '@/components/skeleton';
import { useCountry } from '@/features/countries/api/get-country';
import { CountryCities } from '@/features/countries/components/country-cities';
import { countryMeta } from '@domain/page-meta';
import { useDocumentHead } from '@/lib/seo';

export function CountryRoute() {
  const { slug = '' } = useParams();
  const country = useCountry(slug);
  const c = country.data;
  useDocumentHead(c ? countryMeta(c) : null);

  if (country.isError) return <NotFoundMessage title="Country Not Found" text="The country you are looking for was not found or does not exist." />;
  return (
    <div className="space-y-6">
      {c && <Breadcrumbs items={[{ label: 'Home', to: paths.home }, { label: 'Cities', to: paths.cities }, { label: c.name }]} />}
      <header>
        <h1 className="text-3xl font-bold text-gray-900">{c ? c.name : <span className="sr-only">Loading...</span>}</h1>
        {c && <p className="mt-1 text-gray-700">{`${countOf(c.businessCount, 'business')} in ${countOf(c.cities.length, 'city')}`}</p>}
      </header>
      {c && <CountryCategoryLinks title={`Categories in ${c.name}`} links={c.countryCategories} />}
      {c && <CityCategoryLinks title={`Popular in ${c.name}`} links={c.cityCategories} />}
      {!c ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <SkeletonCards count={9} className="h-24" />
        </div>
      ) : (
        <CountryCities country={c.name} cities={c.cities} />
      )}
      {c && c.cities.length === 0 && <EmptyMessage>No cities found</EmptyMessage>}
    </div>
  );
}
