/** Places end to end: a file's addresses through the import into cities, districts and search. */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { searchBusinesses } from '../reads/search.js';
import { importCsvText } from '../import/import.fixtures.js';

const t = useTestDb();
beforeAll(async () => {
  const rows = [
    'name,full_address,country,location_link,place_id,phone',
    'Hofbräuhaus,"Platzl 9, 80331 München, Deutschland",,"https://www.google.com/maps/place/x/@48.13,11.57,17z/data=!3d48.137624!4d11.579797",P1,',
    'Viktualienmarkt Café,"Viktualienmarkt 3, 80331 Munich, Germany",,,P2,',
    'Moda Çay Bahçesi,"Moda Cd. No:12, 34710 Kadıköy/İstanbul, Türkiye",,,P3,0216 555 12 12',
    'Galata Kahve,"Galata Kulesi Sk. 1, 34421 Beyoğlu/İstanbul",TR,,P4,',
    'Court Deli,"123 Court St, Brooklyn, NY 11201",USA,,P5,',
  ];
  await importCsvText(t.db, rows.join('\n') + '\n', { source: 'cli', mode: 'upsert' });
});

const business = (placeId: string) =>
  t.db('businesses as b').leftJoin('cities as c', 'c.id', 'b.city_id').where('b.place_id', placeId)
    .first('c.name as city', 'c.geoname_id', 'b.district', 'b.country', 'b.country_code', 'b.latitude', 'b.longitude', 'b.coordinates_approximate');

describe('places through an import', () => {
  it('makes München and Munich one city, named as first met, counted twice', async () => {
    const cities = await t.db('cities').where({ geoname_id: 2867714 }).select('name', 'business_count', 'country_code', 'latitude');
    expect(cities).toEqual([{ name: 'München', business_count: 2, country_code: 'DE', latitude: 48.13743 }]);
    expect(await business('P2')).toMatchObject({ city: 'München', country: 'Germany', country_code: 'DE' });
  });

  it('keeps districts beside their city and the ISO code beside the country name', async () => {
    expect(await business('P3')).toMatchObject({ city: 'İstanbul', district: 'Kadıköy', country: 'Türkiye', country_code: 'TR' });
    expect(await business('P4')).toMatchObject({ city: 'İstanbul', district: 'Beyoğlu', country_code: 'TR' });
    expect(await business('P5')).toMatchObject({ city: 'New York City', district: 'Brooklyn', country: 'United States', country_code: 'US' });
    const countries = await t.db('countries').orderBy('name').select('name', 'code', 'business_count');
    expect(countries).toEqual([
      { name: 'Germany', code: 'DE', business_count: 2 },
      { name: 'Türkiye', code: 'TR', business_count: 2 },
      { name: 'United States', code: 'US', business_count: 1 },
    ]);
  });

  it("takes coordinates from the Maps link's pin, else the city's centre marked approximate", async () => {
    expect(await business('P1')).toMatchObject({ latitude: 48.137624, longitude: 11.579797, coordinates_approximate: false });
    expect(await business('P2')).toMatchObject({ latitude: 48.13743, longitude: 11.57549, coordinates_approximate: true });
  });

  it('finds a business by either name of its city and by its district', async () => {
    const names = async (location: string) => (await searchBusinesses(t.db, { location })).items.map((b) => b.name).sort();
    expect(await names('Munich')).toEqual(['Hofbräuhaus', 'Viktualienmarkt Café']);
    expect(await names('münchen')).toEqual(['Hofbräuhaus', 'Viktualienmarkt Café']);
    expect(await names('Kadıköy')).toEqual(['Moda Çay Bahçesi']);
    expect(await names('Istanbul')).toEqual(['Galata Kahve', 'Moda Çay Bahçesi']);
    expect(await names('Brooklyn')).toEqual(['Court Deli']);
    expect(await names('New York')).toEqual(['Court Deli']);
  });

  it('exposes district, ISO code, coordinates and phone forms in the API shape', async () => {
    const [b] = (await searchBusinesses(t.db, { location: 'Kadıköy' })).items;
    expect(b).toMatchObject({ district: 'Kadıköy', countryCode: 'TR', coordinatesApproximate: true, city: { name: 'İstanbul' } });
    // The phone as written, its tel: form read in the business's country, and its display form.
    expect(b).toMatchObject({ phone: '0216 555 12 12', phoneE164: '+902165551212', phoneDisplay: '(0216) 555 12 12' });
    expect(b.latitude).toBeCloseTo(41.01, 1);
  });
});
