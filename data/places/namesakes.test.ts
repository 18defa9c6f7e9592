/** Towns of one name: the row's state, postal code and coordinates say which one it means. */
import { describe, expect, it } from 'vitest';
import { resolvePlace, type PlaceInput } from './resolve.js';
import { NAMESAKES, SPOTS } from './namesakes.fixtures.js';

const placeOf = (input: PlaceInput) => {
  const r = resolvePlace(input);
  return r.place?.id ?? null;
};

describe('places of one name', () => {
  it('takes the state column to choose, as an abbreviation or written out', () => {
    expect(placeOf({ address: '1 Main St', city: 'Springfield', state: 'IL', country: 'United States' })).toBe(NAMESAKES.springfieldIL);
    expect(placeOf({ address: '1 Main St', city: 'Springfield', state: 'Illinois', country: 'United States' })).toBe(NAMESAKES.springfieldIL);
    expect(placeOf({ address: '1 Main St', city: 'Springfield', state: 'MO', country: 'United States' })).toBe(NAMESAKES.springfieldMO);
    expect(placeOf({ address: '1 Main St', city: 'springfield', state: 'il', country: 'usa' })).toBe(NAMESAKES.springfieldIL);
    expect(placeOf({ address: '1 Main St', city: 'SPRINGFIELD', state: ' Ill. ', country: 'US' })).toBe(NAMESAKES.springfieldIL);
    expect(placeOf({ address: '1 Main St', city: 'Portland', state: 'Maine', country: 'US' })).toBe(NAMESAKES.portlandME);
    expect(placeOf({ address: '1 Congress St', city: 'Portland', state: 'ME', country: 'US' })).toBe(NAMESAKES.portlandME);
    expect(placeOf({ address: '1 Congress St', city: 'Portland', state: 'Oregon', country: 'US' })).toBe(NAMESAKES.portlandOR);
    // No country column: a US state names the country before Paris, France, the bigger Paris, does.
    expect(placeOf({ address: '1 Main St', city: 'Paris', state: 'TX' })).toBe(NAMESAKES.parisTX);
    expect(placeOf({ address: '5 Rue de Rivoli', city: 'Paris', country: 'France' })).toBe(NAMESAKES.parisFR);
    expect(placeOf({ address: 'Calle 1', city: 'Córdoba', state: 'Andalucía', country: 'Spain' })).toBe(NAMESAKES.cordobaES);
    expect(placeOf({ address: 'Calle 1', city: 'Córdoba', state: 'Córdoba', country: 'Argentina' })).toBe(NAMESAKES.cordobaAR);
  });

  it('takes the postal code column to choose in the US', () => {
    expect(placeOf({ address: '1 Congress St, Portland', postalCode: '04101', country: 'United States' })).toBe(NAMESAKES.portlandME);
    expect(placeOf({ address: '1 Main St', city: 'Springfield', postalCode: '62701', country: 'United States' })).toBe(NAMESAKES.springfieldIL);
    expect(placeOf({ address: '1 Main St', city: 'Portland', postalCode: '97204', country: 'United States' })).toBe(NAMESAKES.portlandOR);
  });

  it("reads the state and postal code of each country's usual layout, the state written out too", () => {
    expect(placeOf({ address: '123 Main St, Springfield, MO 65806, United States' })).toBe(NAMESAKES.springfieldMO);
    expect(placeOf({ address: '123 Main St, Springfield, IL 62701, United States' })).toBe(NAMESAKES.springfieldIL);
    expect(placeOf({ address: '123 Main St, Springfield, Missouri 65806, United States' })).toBe(NAMESAKES.springfieldMO);
    expect(placeOf({ address: '123 Main St, Springfield, Illinois 62701, USA' })).toBe(NAMESAKES.springfieldIL);
    expect(placeOf({ address: '1 Congress St, Portland, Maine 04101' })).toBe(NAMESAKES.portlandME);
    expect(placeOf({ address: '1 Congress St, Portland, 04101, USA' })).toBe(NAMESAKES.portlandME);
    expect(placeOf({ address: '1 SW Main St, Portland, OR 97204, United States' })).toBe(NAMESAKES.portlandOR);
    expect(placeOf({ address: '1 Main St, Paris, Texas' })).toBe(NAMESAKES.parisTX);
    expect(placeOf({ address: '1 Main St, Paris, TX 75460, United States' })).toBe(NAMESAKES.parisTX);
    expect(placeOf({ address: '5 Rue de Rivoli, 75001 Paris, France' })).toBe(NAMESAKES.parisFR);
    expect(placeOf({ address: 'Av. Colón 100, X5000 Córdoba, Argentina' })).toBe(NAMESAKES.cordobaAR);
    expect(placeOf({ address: 'Calle Cruz Conde 1, 14001 Córdoba, España' })).toBe(NAMESAKES.cordobaES);
  });

  it('lets the coordinates alone choose, with or without a country', () => {
    expect(placeOf({ address: '1 Main St', city: 'Springfield', country: 'United States', coordinates: SPOTS.springfieldIL })).toBe(NAMESAKES.springfieldIL);
    expect(placeOf({ address: '1 Main St, Springfield, United States', coordinates: SPOTS.springfieldMO })).toBe(NAMESAKES.springfieldMO);
    expect(placeOf({ address: '1 Congress St, Portland, United States', coordinates: SPOTS.portlandME })).toBe(NAMESAKES.portlandME);
    expect(placeOf({ address: '1 Main St, Paris', coordinates: SPOTS.parisTX })).toBe(NAMESAKES.parisTX);
    expect(placeOf({ address: '5 Rue de Rivoli, Paris', coordinates: SPOTS.parisFR })).toBe(NAMESAKES.parisFR);
    expect(placeOf({ address: 'Calle Cruz Conde 1', city: 'Córdoba', coordinates: SPOTS.cordobaES })).toBe(NAMESAKES.cordobaES);
    expect(placeOf({ address: 'Av. Colón 100, Córdoba', coordinates: SPOTS.cordobaAR })).toBe(NAMESAKES.cordobaAR);
    // The coordinates win over a state that names another Springfield.
    expect(placeOf({ address: '1 Main St', city: 'Springfield', state: 'IL', country: 'US', coordinates: SPOTS.springfieldMO })).toBe(NAMESAKES.springfieldMO);
  });

  it('leaves the town unknown when the state rules out every place of its name, rather than taking the biggest', () => {
    const r = resolvePlace({ address: '1 Main St', city: 'Springfield', state: 'AK', country: 'United States' });
    expect([r.place, r.city, r.state, r.countryCode]).toEqual([null, 'Springfield', 'AK', 'US']);
    // Coordinates far from every Portland say nothing; the state still decides.
    expect(placeOf({ address: '1 Main St', city: 'Portland', state: 'ME', country: 'US', coordinates: SPOTS.parisFR })).toBe(NAMESAKES.portlandME);
  });

  it('gives a US business the state of its town when the row names none', () => {
    expect(resolvePlace({ address: '1 Congress St, Portland, 04101, USA' }).state).toBe('ME');
    expect(resolvePlace({ address: '1 Main St, Springfield, Missouri 65806, United States' })).toMatchObject({ state: 'MO', postalCode: '65806' });
  });
});
