/**
 * The kind of business a category names, for the placeholder shown when a business has no photo
 * or its photo fails. Pure: the server (its failure redirects) and the web client
 * (its <img>) pick the same family from the same category.
 */
import { memo } from './memo.js';
import { foldName } from './slug.js';

export const PHOTO_FAMILIES = [
  'food',
  'health',
  'pets',
  'beauty',
  'fitness',
  'lodging',
  'education',
  'auto',
  'trades',
  'professional',
  'shopping',
  'default',
] as const;

export type PhotoFamily = (typeof PHOTO_FAMILIES)[number];

/**
 * Words of category names (English and Turkish, folded to ASCII), in the order families are tried:
 * 'Pet Grooming' is pets before beauty, 'Car Wash' auto before anything else, 'Hardware Store' trades
 * before shopping. A word matches whole words (with an English plural: 'restaurants'); a word
 * ending in `*` matches any word it starts ('kuafor*' finds 'kuaforu'), kept for long stems only so
 * 'car' never finds 'cardiology' nor 'bar' 'barber'.
 */
const FAMILY_WORDS: ReadonlyArray<readonly [PhotoFamily, readonly string[]]> = [
  ['pets', ['pet', 'pets', 'veterin*', 'vet', 'animal', 'dog', 'cat', 'veteriner', 'evcil', 'kopek']],
  ['auto', ['auto', 'car', 'cars', 'automotive', 'mechanic', 'tire', 'tyre', 'garage', 'motorcycle', 'vehicle', 'parking', 'gas station', 'fuel', 'oto', 'araba', 'arac', 'lastik', 'otopark', 'akaryakit', 'benzin']],
  ['food', ['restaura*', 'cafe', 'coffee', 'bakery', 'bakkal', 'butcher', 'bar', 'pub', 'bistro', 'diner', 'pizza', 'pizzeria', 'kebab', 'burger', 'grill', 'food', 'catering', 'deli', 'patisserie', 'pastry', 'ice cream', 'tea', 'brewery', 'winery', 'juice', 'sushi', 'steakhouse', 'confectionery', 'sweets', 'restoran', 'lokanta*', 'kafe', 'kahve', 'firin', 'kasap', 'pastane', 'tatli', 'meyhane', 'kebap', 'doner', 'pide', 'cay', 'yemek', 'balik']],
  ['health', ['pharmac*', 'chemist', 'drugstore', 'dentist', 'dental', 'doctor', 'physician', 'clinic', 'hospital', 'medical', 'health', 'optician', 'optometrist', 'physiotherapist', 'physiotherapy', 'therapist', 'psychologist', 'laboratory', 'nurse', 'surgeon', 'pediatrician', 'eczane*', 'dis hekimi', 'doktor', 'klinik', 'hastane*', 'saglik', 'poliklinik', 'optik', 'fizyoterapi']],
  ['beauty', ['hair', 'salon', 'barber', 'beauty', 'nail', 'spa', 'cosmetic', 'cosmetics', 'makeup', 'tattoo', 'massage', 'hairdresser', 'kuafor*', 'berber', 'guzellik', 'masaj', 'cilt']],
  ['fitness', ['gym', 'fitness', 'yoga', 'pilates', 'crossfit', 'sports', 'sport', 'martial', 'boxing', 'dance', 'swimming', 'climbing', 'tennis', 'spor', 'dans', 'yuzme']],
  ['lodging', ['hotel', 'motel', 'hostel', 'inn', 'guest house', 'guesthouse', 'bed breakfast', 'resort', 'lodge', 'apartment rental', 'camping', 'otel', 'pansiyon', 'konaklama']],
  ['education', ['school', 'university', 'college', 'academy', 'tutor', 'tutoring', 'kindergarten', 'daycare', 'preschool', 'course', 'library', 'language', 'driving school', 'education', 'training', 'okul', 'universite*', 'kurs', 'dershane', 'kres', 'anaokulu', 'egitim', 'kutuphane']],
  ['trades', ['locksmith', 'plumber', 'plumbing', 'electrician', 'electrical', 'hardware', 'carpenter', 'painter', 'roofer', 'roofing', 'contractor', 'construction', 'handyman', 'hvac', 'heating', 'cleaning', 'cleaner', 'dry cleaner', 'laundry', 'tailor', 'repair', 'moving', 'mover', 'pest', 'glazier', 'welding', 'landscaping', 'gardener', 'cilingir', 'tesisat*', 'elektrikci', 'hirdavat', 'marangoz', 'boyaci', 'insaat', 'temizlik', 'kuru temizleme', 'camasir', 'terzi', 'tamir', 'nakliyat']],
  ['professional', ['accountant', 'accounting', 'lawyer', 'law', 'attorney', 'notary', 'consultant', 'consulting', 'agency', 'insurance', 'bank', 'finance', 'financial', 'real estate', 'realtor', 'architect', 'engineer', 'photograph*', 'studio', 'marketing', 'advertising', 'software', 'office', 'printing', 'travel', 'muhasebe*', 'avukat', 'hukuk', 'noter', 'danismanlik', 'sigorta', 'banka', 'emlak', 'mimar', 'fotograf*', 'ajans', 'matbaa', 'seyahat']],
  ['shopping', ['store', 'shop', 'market', 'supermarket', 'grocery', 'boutique', 'florist', 'flower', 'flowers', 'bookstore', 'book', 'books', 'clothing', 'fashion', 'shoe', 'shoes', 'jewelry', 'jeweler', 'electronics', 'furniture', 'gift', 'toy', 'mall', 'stationery', 'magaza', 'market', 'cicekci', 'cicek', 'kitapci', 'giyim', 'ayakkabi', 'kuyumcu', 'mobilya', 'butik', 'manav', 'carsi']],
];

function wordPattern(word: string): string {
  const stem = word.endsWith('*');
  const text = (stem ? word.slice(0, -1) : word).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return stem ? text : `${text}(?:s|es)?(?= |$)`;
}

const MATCHERS: ReadonlyArray<readonly [PhotoFamily, RegExp]> = FAMILY_WORDS.map(([family, words]) => [
  family,
  new RegExp(`(?:^| )(?:${words.map(wordPattern).join('|')})`),
]);

/** The placeholder family of a category (its reference, its name or its slug); 'default' when none fits. */
export function photoFamily(category: { name?: string | null; slug?: string | null } | string | null | undefined): PhotoFamily {
  const text = typeof category === 'string' ? category : [category?.name, category?.slug].filter(Boolean).join(' ');
  return familyOf(text);
}

/** A directory has few categories and each page asks for its own again and again: folded once each. */
const familyOf = memo('photo families', (text: string): PhotoFamily => {
  const words = foldName(text).replace(/[^a-z0-9]+/g, ' ').trim();
  if (!words) return 'default';
  for (const [family, pattern] of MATCHERS) if (pattern.test(words)) return family;
  return 'default';
}, 2_000);
