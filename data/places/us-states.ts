/**
 * The United States' states and territories by postal abbreviation and name, and the state a ZIP
 * code belongs to. GeoNames gives US places their state as this abbreviation (admin1), so a state
 * or ZIP code a row carries picks among the many towns of one name (Springfield, Portland, Paris).
 * No package the project keeps has these tables; they are the USPS's, short and stable.
 */
import { foldName } from '../../domain/slug.js';
import { memo } from '../../domain/memo.js';

const STATES: [string, string][] = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'], ['CO', 'Colorado'],
  ['CT', 'Connecticut'], ['DE', 'Delaware'], ['FL', 'Florida'], ['GA', 'Georgia'], ['HI', 'Hawaii'], ['ID', 'Idaho'],
  ['IL', 'Illinois'], ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'], ['KY', 'Kentucky'], ['LA', 'Louisiana'],
  ['ME', 'Maine'], ['MD', 'Maryland'], ['MA', 'Massachusetts'], ['MI', 'Michigan'], ['MN', 'Minnesota'], ['MS', 'Mississippi'],
  ['MO', 'Missouri'], ['MT', 'Montana'], ['NE', 'Nebraska'], ['NV', 'Nevada'], ['NH', 'New Hampshire'], ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'], ['NY', 'New York'], ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'], ['OK', 'Oklahoma'],
  ['OR', 'Oregon'], ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'], ['SD', 'South Dakota'],
  ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'], ['VA', 'Virginia'], ['WA', 'Washington'],
  ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'], ['DC', 'District of Columbia'], ['PR', 'Puerto Rico'],
  ['GU', 'Guam'], ['VI', 'U.S. Virgin Islands'], ['AS', 'American Samoa'], ['MP', 'Northern Mariana Islands'],
];

/** The postal abbreviations ('IL', 'MO'). */
export const US_STATE_CODES: ReadonlySet<string> = new Set(STATES.map(([code]) => code));
const BY_NAME = new Map(STATES.map(([code, name]) => [foldName(name), code]));

/** The state a full name names ('Missouri', 'new york'), else null. */
export const usStateNamed = memo('US states by name', (text: string): string | null => BY_NAME.get(foldName(text)) ?? null, 5_000);

const LETTERS = STATES.map(([code, name]) => [code, name.toLowerCase().replace(/[^a-z]/g, '')]);

/**
 * The abbreviation of the state a state column or an address's state part names: 'MO', 'mo',
 * 'N.Y.', 'Missouri', or the start of one name only, as newspapers shorten them ('Ill.', 'Calif.',
 * not 'Miss.'); null otherwise. Not for any word of an address: there 'in', 'or' and 'me' are words.
 */
export const usState = (text: string | null | undefined): string | null => (text ? usStateMemo(text) : null);
const usStateMemo = memo('US states in addresses', readUsState, 5_000);

function readUsState(text: string): string | null {
  const named = usStateNamed(text);
  if (named) return named;
  const letters = text.toLowerCase().replace(/[^a-z]/g, '');
  if (letters.length === 2) return US_STATE_CODES.has(letters.toUpperCase()) ? letters.toUpperCase() : null;
  if (letters.length < 3 || letters.length !== text.replace(/[\s.]/g, '').length) return null;
  const starting = LETTERS.filter(([, name]) => name.startsWith(letters));
  return starting.length === 1 ? starting[0][0] : null;
}

// The first three digits of a ZIP code, by range, to the state (USPS sectional centres).
const ZIP_RANGES: [number, number, string][] = [
  [5, 5, 'NY'], [6, 7, 'PR'], [8, 8, 'VI'], [9, 9, 'PR'], [10, 27, 'MA'], [28, 29, 'RI'], [30, 38, 'NH'], [39, 49, 'ME'],
  [50, 54, 'VT'], [55, 55, 'MA'], [56, 59, 'VT'], [60, 69, 'CT'], [70, 89, 'NJ'], [100, 149, 'NY'], [150, 196, 'PA'],
  [197, 199, 'DE'], [200, 200, 'DC'], [201, 201, 'VA'], [202, 205, 'DC'], [206, 219, 'MD'], [220, 246, 'VA'], [247, 268, 'WV'],
  [270, 289, 'NC'], [290, 299, 'SC'], [300, 319, 'GA'], [320, 339, 'FL'], [341, 349, 'FL'], [350, 369, 'AL'], [370, 385, 'TN'],
  [386, 397, 'MS'], [398, 399, 'GA'], [400, 427, 'KY'], [430, 459, 'OH'], [460, 479, 'IN'], [480, 499, 'MI'], [500, 528, 'IA'],
  [530, 549, 'WI'], [550, 567, 'MN'], [570, 577, 'SD'], [580, 588, 'ND'], [590, 599, 'MT'], [600, 629, 'IL'], [630, 658, 'MO'],
  [660, 679, 'KS'], [680, 693, 'NE'], [700, 715, 'LA'], [716, 729, 'AR'], [730, 732, 'OK'], [733, 733, 'TX'], [734, 749, 'OK'],
  [750, 799, 'TX'], [800, 816, 'CO'], [820, 831, 'WY'], [832, 838, 'ID'], [840, 847, 'UT'], [850, 865, 'AZ'], [870, 884, 'NM'],
  [885, 885, 'TX'], [889, 898, 'NV'], [900, 961, 'CA'], [967, 968, 'HI'], [969, 969, 'GU'], [970, 979, 'OR'], [980, 994, 'WA'],
  [995, 999, 'AK'],
];

/** The state of a ZIP code ('65806', '04101-1234'); null when it is none. */
export function zipState(postal: string | null | undefined): string | null {
  const m = postal ? /^(\d{3})\d{2}(?:-\d{4})?$/.exec(postal.trim()) : null;
  if (!m) return null;
  const prefix = Number(m[1]);
  return ZIP_RANGES.find(([from, to]) => prefix >= from && prefix <= to)?.[2] ?? null;
}
