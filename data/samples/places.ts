/**
 * The places and words the sample generator draws from. Real city names with their own spelling
 * (İstanbul, München, Kraków...) so the sample exercises folding, sorting and search on accents.
 */

export type AddressStyle = 'us' | 'tr' | 'eu' | 'uk';

export interface SampleCountry {
  name: string;
  style: AddressStyle;
  /** The language of local business names; others use English words. */
  lang: 'tr' | 'de' | 'fr' | 'es' | 'en';
  phone: (n: () => number) => string;
  postal: (n: () => number) => string;
  streets: string[];
  owners: string[];
  cities: Array<{ name: string; state?: string; districts?: string[] }>;
}

const digits = (n: () => number, count: number) => Array.from({ length: count }, () => Math.floor(n() * 10)).join('');

export const COUNTRIES: SampleCountry[] = [
  {
    name: 'United States', style: 'us', lang: 'en',
    phone: (n) => `+1 (${200 + Math.floor(n() * 700)}) ${digits(n, 3)}-${digits(n, 4)}`,
    postal: (n) => `${10000 + Math.floor(n() * 89999)}`,
    streets: ['Main St', 'Oak Ave', 'Congress Ave', 'Maple Dr', 'Broadway', 'Elm St', 'Sunset Blvd', '5th Ave'],
    owners: ['Johnson', 'Smith', 'Garcia', 'Miller', "O'Brien", 'Nguyen', 'Patel', 'Rodriguez', 'Williams', 'Kim'],
    cities: [
      { name: 'Austin', state: 'TX' }, { name: 'New York', state: 'NY' }, { name: 'Chicago', state: 'IL' },
      { name: 'Seattle', state: 'WA' }, { name: 'Denver', state: 'CO' }, { name: 'Boston', state: 'MA' },
      { name: 'Miami', state: 'FL' }, { name: 'San Francisco', state: 'CA' }, { name: 'Portland', state: 'OR' },
      { name: 'Atlanta', state: 'GA' },
    ],
  },
  {
    name: 'Türkiye', style: 'tr', lang: 'tr',
    phone: (n) => `+90 (${200 + Math.floor(n() * 300)}) ${digits(n, 3)} ${digits(n, 2)} ${digits(n, 2)}`,
    postal: (n) => `${10 + Math.floor(n() * 70)}${digits(n, 3)}`,
    streets: ['Bağdat Cd.', 'İstiklal Cd.', 'Atatürk Blv.', 'Cumhuriyet Cd.', 'Gazi Mustafa Kemal Blv.', 'Çarşı Sk.', 'Gül Sk.'],
    owners: ['Yılmaz', 'Öztürk', 'Şahin', 'Çelik', 'Doğan', 'Kılıç', 'Aydın', 'Özdemir', 'Güneş', 'Erdoğan'],
    cities: [
      { name: 'İstanbul', districts: ['Kadıköy', 'Şişli', 'Beşiktaş', 'Üsküdar', 'Beyoğlu'] },
      { name: 'Ankara', districts: ['Çankaya', 'Keçiören', 'Yenimahalle'] },
      { name: 'İzmir', districts: ['Karşıyaka', 'Bornova', 'Konak'] },
      { name: 'Bursa', districts: ['Osmangazi', 'Nilüfer'] },
      { name: 'Antalya', districts: ['Muratpaşa', 'Konyaaltı'] },
      { name: 'Eskişehir', districts: ['Odunpazarı', 'Tepebaşı'] },
      { name: 'Trabzon', districts: ['Ortahisar'] },
      { name: 'Gaziantep', districts: ['Şahinbey', 'Şehitkamil'] },
    ],
  },
  {
    name: 'Germany', style: 'eu', lang: 'de',
    phone: (n) => `+49 ${30 + Math.floor(n() * 60)} ${digits(n, 7)}`,
    postal: (n) => `${10000 + Math.floor(n() * 89999)}`,
    streets: ['Hauptstraße', 'Schloßallee', 'Bahnhofstraße', 'Gartenweg', 'Königstraße', 'Müllerstraße'],
    owners: ['Müller', 'Schäfer', 'Weiß', 'Groß', 'Köhler', 'Schröder', 'Krüger', 'Bäcker'],
    cities: [{ name: 'Berlin' }, { name: 'München' }, { name: 'Köln' }, { name: 'Hamburg' }, { name: 'Düsseldorf' }, { name: 'Frankfurt am Main' }],
  },
  {
    name: 'France', style: 'eu', lang: 'fr',
    phone: (n) => `+33 ${1 + Math.floor(n() * 5)} ${digits(n, 2)} ${digits(n, 2)} ${digits(n, 2)} ${digits(n, 2)}`,
    postal: (n) => `${10 + Math.floor(n() * 85)}${digits(n, 3)}`,
    streets: ['Rue de la Paix', 'Avenue des Champs-Élysées', 'Rue Saint-Honoré', 'Boulevard Haussmann', 'Rue de Lévis'],
    owners: ['Lefèvre', 'Moreau', 'Zoë', 'Beaumont', 'Gauthier', 'Bérénice', 'Étienne', 'Rousseau'],
    cities: [{ name: 'Paris' }, { name: 'Lyon' }, { name: 'Marseille' }, { name: 'Toulouse' }, { name: 'Nice' }],
  },
  {
    name: 'United Kingdom', style: 'uk', lang: 'en',
    phone: (n) => `+44 20 ${digits(n, 4)} ${digits(n, 4)}`,
    postal: (n) => `${['SW1A', 'EC2V', 'M1', 'EH1', 'BS1', 'LS2'][Math.floor(n() * 6)]} ${1 + Math.floor(n() * 9)}AA`,
    streets: ['High Street', 'Church Road', 'Station Road', 'Victoria Street', 'King’s Road'],
    owners: ['Smith', 'Taylor', 'Brown', 'Wilson', 'Evans', 'Thomas', 'Davies'],
    cities: [{ name: 'London' }, { name: 'Manchester' }, { name: 'Edinburgh' }, { name: 'Bristol' }, { name: 'Leeds' }],
  },
  {
    name: 'Spain', style: 'eu', lang: 'es',
    phone: (n) => `+34 9${digits(n, 2)} ${digits(n, 3)} ${digits(n, 3)}`,
    postal: (n) => `${10000 + Math.floor(n() * 40000)}`,
    streets: ['Calle Mayor', 'Avenida de la Constitución', 'Calle de Alcalá', 'Paseo de Gràcia', 'Calle Peñón'],
    owners: ['García', 'Martínez', 'López', 'Sánchez', 'Pérez', 'Muñoz', 'Ibáñez'],
    cities: [{ name: 'Madrid' }, { name: 'Barcelona' }, { name: 'Sevilla' }, { name: 'València' }, { name: 'Málaga' }],
  },
  {
    name: 'Italy', style: 'eu', lang: 'en',
    phone: (n) => `+39 0${digits(n, 2)} ${digits(n, 7)}`,
    postal: (n) => `${10000 + Math.floor(n() * 89999)}`,
    streets: ['Via Roma', 'Corso Vittorio Emanuele', 'Via Garibaldi', 'Piazza Navona', 'Via dei Fiori'],
    owners: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Niccolò', 'Romano'],
    cities: [{ name: 'Roma' }, { name: 'Milano' }, { name: 'Napoli' }, { name: 'Torino' }, { name: 'Firenze' }],
  },
  {
    name: 'Netherlands', style: 'eu', lang: 'en',
    phone: (n) => `+31 20 ${digits(n, 3)} ${digits(n, 4)}`,
    postal: (n) => `${1000 + Math.floor(n() * 8999)} AB`,
    streets: ['Damstraat', 'Prinsengracht', 'Kalverstraat', 'Oudegracht'],
    owners: ['de Jong', 'Jansen', 'de Vries', 'van Dijk', 'Bakker', 'Visser'],
    cities: [{ name: 'Amsterdam' }, { name: 'Rotterdam' }, { name: 'Utrecht' }, { name: 'Den Haag' }],
  },
  {
    name: 'Canada', style: 'us', lang: 'en',
    phone: (n) => `+1 (${400 + Math.floor(n() * 500)}) ${digits(n, 3)}-${digits(n, 4)}`,
    postal: (n) => `M${1 + Math.floor(n() * 9)}K ${1 + Math.floor(n() * 9)}A${Math.floor(n() * 10)}`,
    streets: ['Yonge St', 'Rue Sainte-Catherine', 'Granville St', 'Stephen Ave', 'Queen St W'],
    owners: ['Tremblay', 'Gagnon', 'Roy', 'Côté', 'Bouchard', 'MacDonald'],
    cities: [
      { name: 'Toronto', state: 'ON' }, { name: 'Montréal', state: 'QC' }, { name: 'Vancouver', state: 'BC' },
      { name: 'Calgary', state: 'AB' }, { name: 'Québec', state: 'QC' },
    ],
  },
  {
    name: 'Mexico', style: 'eu', lang: 'es',
    phone: (n) => `+52 55 ${digits(n, 4)} ${digits(n, 4)}`,
    postal: (n) => `${10000 + Math.floor(n() * 89999)}`,
    streets: ['Avenida Reforma', 'Calle Madero', 'Avenida Juárez', 'Calle Hidalgo'],
    owners: ['Hernández', 'González', 'Ramírez', 'Flores', 'Gómez', 'Díaz'],
    cities: [{ name: 'Ciudad de México' }, { name: 'Guadalajara' }, { name: 'Monterrey' }, { name: 'Mérida' }],
  },
  {
    name: 'Brazil', style: 'eu', lang: 'en',
    phone: (n) => `+55 11 ${digits(n, 5)}-${digits(n, 4)}`,
    postal: (n) => `${10000 + Math.floor(n() * 89999)}-${digits(n, 3)}`,
    streets: ['Avenida Paulista', 'Rua Augusta', 'Rua das Flores', 'Avenida Atlântica'],
    owners: ['Silva', 'Santos', 'Oliveira', 'Souza', 'Conceição', 'Araújo'],
    cities: [{ name: 'São Paulo' }, { name: 'Rio de Janeiro' }, { name: 'Belo Horizonte' }, { name: 'Curitiba' }],
  },
  {
    name: 'Poland', style: 'eu', lang: 'en',
    phone: (n) => `+48 ${digits(n, 3)} ${digits(n, 3)} ${digits(n, 3)}`,
    postal: (n) => `${10 + Math.floor(n() * 89)}-${digits(n, 3)}`,
    streets: ['ulica Marszałkowska', 'ulica Floriańska', 'ulica Piotrkowska', 'ulica Świdnicka'],
    owners: ['Nowak', 'Kowalski', 'Wiśniewski', 'Wójcik', 'Łukasz', 'Zieliński'],
    cities: [{ name: 'Warszawa' }, { name: 'Kraków' }, { name: 'Łódź' }, { name: 'Wrocław' }, { name: 'Gdańsk' }],
  },
  {
    name: 'Sweden', style: 'eu', lang: 'en',
    phone: (n) => `+46 8 ${digits(n, 3)} ${digits(n, 2)} ${digits(n, 2)}`,
    postal: (n) => `${100 + Math.floor(n() * 899)} ${digits(n, 2)}`,
    streets: ['Drottninggatan', 'Kungsgatan', 'Östra Hamngatan', 'Södra Förstadsgatan'],
    owners: ['Andersson', 'Johansson', 'Karlsson', 'Nilsson', 'Åberg', 'Öberg'],
    cities: [{ name: 'Stockholm' }, { name: 'Göteborg' }, { name: 'Malmö' }, { name: 'Uppsala' }],
  },
  {
    name: 'Portugal', style: 'eu', lang: 'en',
    phone: (n) => `+351 21 ${digits(n, 3)} ${digits(n, 4)}`,
    postal: (n) => `${1000 + Math.floor(n() * 8999)}-${digits(n, 3)}`,
    streets: ['Rua Augusta', 'Avenida da Liberdade', 'Rua de Santa Catarina', 'Praça do Comércio'],
    owners: ['Ferreira', 'Gonçalves', 'Simões', 'Magalhães', 'Antunes'],
    cities: [{ name: 'Lisboa' }, { name: 'Porto' }, { name: 'Coimbra' }, { name: 'Braga' }],
  },
  {
    name: 'Austria', style: 'eu', lang: 'de',
    phone: (n) => `+43 1 ${digits(n, 7)}`,
    postal: (n) => `${1000 + Math.floor(n() * 8999)}`,
    streets: ['Kärntner Straße', 'Mariahilfer Straße', 'Getreidegasse', 'Herrengasse'],
    owners: ['Gruber', 'Huber', 'Bauer', 'Wagner', 'Pölzl', 'Mößner'],
    cities: [{ name: 'Wien' }, { name: 'Graz' }, { name: 'Salzburg' }, { name: 'Innsbruck' }],
  },
  {
    name: 'Greece', style: 'eu', lang: 'en',
    phone: (n) => `+30 21 ${digits(n, 4)} ${digits(n, 4)}`,
    postal: (n) => `${100 + Math.floor(n() * 800)} ${digits(n, 2)}`,
    streets: ['Odos Ermou', 'Leoforos Syngrou', 'Odos Tsimiski'],
    owners: ['Papadopoulos', 'Georgiou', 'Nikolaidis', 'Dimitriou'],
    cities: [{ name: 'Athens' }, { name: 'Thessaloniki' }, { name: 'Patras' }],
  },
  {
    name: 'Australia', style: 'us', lang: 'en',
    phone: (n) => `+61 2 ${digits(n, 4)} ${digits(n, 4)}`,
    postal: (n) => `${2000 + Math.floor(n() * 4000)}`,
    streets: ['George St', 'Collins St', 'Queen St', 'Hay St'],
    owners: ['Jones', 'Murphy', 'Mitchell', 'Kelly', 'Walsh'],
    cities: [{ name: 'Sydney', state: 'NSW' }, { name: 'Melbourne', state: 'VIC' }, { name: 'Brisbane', state: 'QLD' }, { name: 'Perth', state: 'WA' }],
  },
  {
    name: 'Japan', style: 'eu', lang: 'en',
    phone: (n) => `+81 3 ${digits(n, 4)} ${digits(n, 4)}`,
    postal: (n) => `${100 + Math.floor(n() * 800)}-${digits(n, 4)}`,
    streets: ['Ginza 4-chōme', 'Shinsaibashi-suji', 'Shijō-dōri'],
    owners: ['Satō', 'Suzuki', 'Takahashi', 'Tanaka', 'Itō'],
    cities: [{ name: 'Tokyo' }, { name: 'Osaka' }, { name: 'Kyoto' }],
  },
  {
    name: 'Czechia', style: 'eu', lang: 'en',
    phone: (n) => `+420 ${digits(n, 3)} ${digits(n, 3)} ${digits(n, 3)}`,
    postal: (n) => `${100 + Math.floor(n() * 700)} ${digits(n, 2)}`,
    streets: ['Václavské náměstí', 'Karlova', 'Masarykova', 'Nádražní'],
    owners: ['Novák', 'Dvořák', 'Černý', 'Procházka', 'Kučera'],
    cities: [{ name: 'Praha' }, { name: 'Brno' }, { name: 'Ostrava' }],
  },
  {
    name: 'Switzerland', style: 'eu', lang: 'de',
    phone: (n) => `+41 44 ${digits(n, 3)} ${digits(n, 2)} ${digits(n, 2)}`,
    postal: (n) => `${1000 + Math.floor(n() * 8999)}`,
    streets: ['Bahnhofstrasse', 'Rue du Rhône', 'Freie Strasse', 'Marktgasse'],
    owners: ['Meier', 'Keller', 'Brunner', 'Zürcher', 'Favre'],
    cities: [{ name: 'Zürich' }, { name: 'Genève' }, { name: 'Basel' }, { name: 'Bern' }],
  },
];

/** Categories with the word a local business would put in its name, per language. */
export const CATEGORIES: Array<{ name: string; words: Record<'tr' | 'de' | 'fr' | 'es' | 'en', string>; services: string[] }> = [
  { name: 'Restaurant', words: { tr: 'Lokantası', de: 'Gasthaus', fr: 'Bistrot', es: 'Restaurante', en: 'Kitchen' }, services: ['Dine-in', 'Takeaway', 'Delivery', 'Catering'] },
  { name: 'Café', words: { tr: 'Kahvecisi', de: 'Café', fr: 'Café', es: 'Cafetería', en: 'Coffee House' }, services: ['Espresso', 'Pastries', 'Free Wi-Fi'] },
  { name: 'Bakery', words: { tr: 'Fırını', de: 'Bäckerei', fr: 'Boulangerie', es: 'Panadería', en: 'Bakery' }, services: ['Fresh bread', 'Cakes to order', 'Gluten-free'] },
  { name: 'Florist', words: { tr: 'Çiçekçi', de: 'Blumenladen', fr: 'Fleuriste', es: 'Floristería', en: 'Flowers' }, services: ['Bouquets', 'Wedding flowers', 'Same-day delivery'] },
  { name: 'Plumber', words: { tr: 'Tesisat', de: 'Sanitär', fr: 'Plomberie', es: 'Fontanería', en: 'Plumbing' }, services: ['Leak repair', 'Boiler service', 'Emergency call-out', 'Drain cleaning'] },
  { name: 'Electrician', words: { tr: 'Elektrik', de: 'Elektro', fr: 'Électricité', es: 'Electricidad', en: 'Electric' }, services: ['Wiring', 'Lighting', 'Fuse boxes', 'EV chargers'] },
  { name: 'Dentist', words: { tr: 'Diş Kliniği', de: 'Zahnarztpraxis', fr: 'Cabinet Dentaire', es: 'Clínica Dental', en: 'Dental Care' }, services: ['Check-ups', 'Whitening', 'Implants'] },
  { name: 'Hair Salon', words: { tr: 'Kuaför', de: 'Friseursalon', fr: 'Coiffure', es: 'Peluquería', en: 'Hair Studio' }, services: ['Haircut', 'Colouring', 'Blow-dry'] },
  { name: 'Auto Repair', words: { tr: 'Oto Servis', de: 'Autowerkstatt', fr: 'Garage', es: 'Taller Mecánico', en: 'Auto Repair' }, services: ['Oil change', 'Brakes', 'Tyres', 'Diagnostics'] },
  { name: 'Pharmacy', words: { tr: 'Eczanesi', de: 'Apotheke', fr: 'Pharmacie', es: 'Farmacia', en: 'Pharmacy' }, services: ['Prescriptions', 'Vaccinations', 'Health advice'] },
  { name: 'Hotel', words: { tr: 'Otel', de: 'Hotel', fr: 'Hôtel', es: 'Hotel', en: 'Hotel' }, services: ['Breakfast', 'Parking', 'Airport shuttle'] },
  { name: 'Bookstore', words: { tr: 'Kitabevi', de: 'Buchhandlung', fr: 'Librairie', es: 'Librería', en: 'Books' }, services: ['New books', 'Second-hand', 'Orders'] },
  { name: 'Gym', words: { tr: 'Spor Salonu', de: 'Fitnessstudio', fr: 'Salle de Sport', es: 'Gimnasio', en: 'Fitness' }, services: ['Personal training', 'Group classes', 'Sauna'] },
  { name: 'Veterinarian', words: { tr: 'Veteriner', de: 'Tierarztpraxis', fr: 'Vétérinaire', es: 'Veterinaria', en: 'Animal Clinic' }, services: ['Vaccinations', 'Surgery', 'Pet dental'] },
  { name: 'Locksmith', words: { tr: 'Çilingir', de: 'Schlüsseldienst', fr: 'Serrurerie', es: 'Cerrajería', en: 'Locksmith' }, services: ['Lockouts', 'Key cutting', 'Safe opening'] },
  { name: 'Law Firm', words: { tr: 'Hukuk Bürosu', de: 'Rechtsanwälte', fr: 'Avocats', es: 'Abogados', en: 'Law' }, services: ['Contracts', 'Family law', 'Real estate'] },
  { name: 'Accountant', words: { tr: 'Mali Müşavirlik', de: 'Steuerberatung', fr: 'Expert-Comptable', es: 'Asesoría', en: 'Accounting' }, services: ['Bookkeeping', 'Tax returns', 'Payroll'] },
  { name: 'Dry Cleaner', words: { tr: 'Kuru Temizleme', de: 'Reinigung', fr: 'Pressing', es: 'Tintorería', en: 'Dry Cleaning' }, services: ['Suits', 'Alterations', 'Wedding dresses'] },
  { name: 'Hardware Store', words: { tr: 'Hırdavat', de: 'Eisenwaren', fr: 'Quincaillerie', es: 'Ferretería', en: 'Hardware' }, services: ['Tools', 'Paint', 'Key cutting'] },
  { name: 'Pet Grooming', words: { tr: 'Pet Kuaför', de: 'Hundesalon', fr: 'Toilettage', es: 'Peluquería Canina', en: 'Pet Grooming' }, services: ['Bathing', 'Nail trimming', 'Styling'] },
  { name: 'Photographer', words: { tr: 'Fotoğrafçı', de: 'Fotostudio', fr: 'Photographe', es: 'Fotografía', en: 'Photography' }, services: ['Portraits', 'Weddings', 'Passport photos'] },
  { name: 'Tailor', words: { tr: 'Terzi', de: 'Schneiderei', fr: 'Couture', es: 'Sastrería', en: 'Tailoring' }, services: ['Alterations', 'Made to measure', 'Repairs'] },
  { name: 'Yoga Studio', words: { tr: 'Yoga Stüdyosu', de: 'Yogastudio', fr: 'Studio de Yoga', es: 'Estudio de Yoga', en: 'Yoga' }, services: ['Hatha', 'Vinyasa', 'Meditation'] },
  { name: 'Car Wash', words: { tr: 'Oto Yıkama', de: 'Autowäsche', fr: 'Lavage Auto', es: 'Lavado de Coches', en: 'Car Wash' }, services: ['Hand wash', 'Interior cleaning', 'Waxing'] },
  { name: 'Butcher', words: { tr: 'Kasabı', de: 'Metzgerei', fr: 'Boucherie', es: 'Carnicería', en: 'Butchers' }, services: ['Fresh meat', 'Marinated cuts', 'Halal'] },
];

/** Names written by hand so the sample always holds these edge cases (first rows of the file). */
export const FIXED_NAMES: Array<{ name: string; category: string; country: string; city: string }> = [
  { name: 'Şişli Çiçekçi', category: 'Florist', country: 'Türkiye', city: 'İstanbul' },
  { name: 'Café Zoë', category: 'Café', country: 'France', city: 'Paris' },
  { name: 'Müller Bäckerei', category: 'Bakery', country: 'Germany', city: 'Berlin' },
  { name: 'Ilıca Kuaför & Güzellik', category: 'Hair Salon', country: 'Türkiye', city: 'İzmir' },
  { name: 'Crème Brûlée Pâtisserie', category: 'Bakery', country: 'France', city: 'Lyon' },
  { name: 'Jalapeño Taquería', category: 'Restaurant', country: 'Mexico', city: 'Ciudad de México' },
  { name: 'Smörgås Köket', category: 'Restaurant', country: 'Sweden', city: 'Stockholm' },
  { name: 'Łódź Pierogarnia', category: 'Restaurant', country: 'Poland', city: 'Łódź' },
  { name: "Joe's Plumbing & Heating", category: 'Plumber', country: 'United States', city: 'Austin' },
  { name: 'Ağaoğlu Oto Servis', category: 'Auto Repair', country: 'Türkiye', city: 'Ankara' },
  { name: '!!!', category: 'Locksmith', country: 'United States', city: 'Chicago' },
  { name: 'Straße & Söhne Eisenwaren', category: 'Hardware Store', country: 'Germany', city: 'München' },
];
