import type { Knex } from 'knex';

/**
 * Countries get the names a visitor knows: 'China', not "People's Republic of China" (ISO's first
 * English name, which data/places/countries.ts gave until its short names grew). A country's name
 * is stored as text on its row, its cities, its businesses and their versions (an undo writes a
 * version's values back), so each place is renamed here, and the country page's former slug
 * redirects to the new one. Frozen: the names are written out, not read from countryName.
 */
const RENAMES: [from: string, to: string, slug: string][] = [
  ["People's Republic of China", 'China', 'china'],
  ["Cote d'Ivoire", "Côte d'Ivoire", 'cote-d-ivoire'],
  ['Republic of The Gambia', 'Gambia', 'gambia'],
  ['Holy See (Vatican City State)', 'Vatican City', 'vatican-city'],
  ['Falkland Islands (Malvinas)', 'Falkland Islands', 'falkland-islands'],
  ['Pitcairn', 'Pitcairn Islands', 'pitcairn-islands'],
  ['Reunion', 'Réunion', 'reunion'],
  ['Sao Tome and Principe', 'São Tomé and Príncipe', 'sao-tome-and-principe'],
  ['Virgin Islands, British', 'British Virgin Islands', 'british-virgin-islands'],
  ['Virgin Islands, U.S.', 'U.S. Virgin Islands', 'u-s-virgin-islands'],
  ['Saint Martin (French part)', 'Saint Martin', 'saint-martin'],
  ['Sint Maarten (Dutch part)', 'Sint Maarten', 'sint-maarten'],
  ['Bonaire, Sint Eustatius and Saba', 'Caribbean Netherlands', 'caribbean-netherlands'],
];

const SLUGS_BEFORE: Record<string, string> = {
  "People's Republic of China": 'people-s-republic-of-china',
  "Cote d'Ivoire": 'cote-d-ivoire',
  'Republic of The Gambia': 'republic-of-the-gambia',
  'Holy See (Vatican City State)': 'holy-see-vatican-city-state',
  'Falkland Islands (Malvinas)': 'falkland-islands-malvinas',
  Pitcairn: 'pitcairn',
  Reunion: 'reunion',
  'Sao Tome and Principe': 'sao-tome-and-principe',
  'Virgin Islands, British': 'virgin-islands-british',
  'Virgin Islands, U.S.': 'virgin-islands-u-s',
  'Saint Martin (French part)': 'saint-martin-french-part',
  'Sint Maarten (Dutch part)': 'sint-maarten-dutch-part',
  'Bonaire, Sint Eustatius and Saba': 'bonaire-sint-eustatius-and-saba',
};

async function rename(knex: Knex, renames: [from: string, to: string, slug: string][]): Promise<void> {
  // Each country's rows: its row under the old name, and any under the new one in another case
  // (a name typed in a file before names were read as countries). They become one.
  const groups = [];
  for (const [from, to, slug] of renames) {
    const rows: { id: number; name: string; slug: string; business_count: number }[] = await knex('countries')
      .where({ name: from })
      .orWhereRaw('lower(name) = lower(?)', [to])
      .orderBy('id')
      .select('id', 'name', 'slug', 'business_count');
    const keeper = rows.find((r) => r.name === to) ?? rows.find((r) => r.name === from) ?? rows[0];
    groups.push({ to, slug, keeper, others: rows.filter((r) => r !== keeper), former: [from, ...rows.map((r) => r.name).filter((n) => n !== to && n !== from)] });
  }
  const from = groups.flatMap((g) => g.former);
  const to = groups.flatMap((g) => g.former.map(() => g.to));
  const pairs = 'unnest(?::text[], ?::text[]) r(from_name, to_name)';
  // The businesses' documents hold the country's words: the row trigger writes them again.
  await knex.raw(`UPDATE businesses b SET country = r.to_name, updated_at = now() FROM ${pairs} WHERE b.country = r.from_name`, [from, to]);
  await knex.raw(`UPDATE cities c SET country = r.to_name FROM ${pairs} WHERE c.country = r.from_name`, [from, to]);
  for (const side of ['before', 'after']) {
    await knex.raw(
      `UPDATE business_versions v SET ${side} = jsonb_set(v.${side}, '{country}', to_jsonb(r.to_name)) FROM ${pairs}
        WHERE v.${side}->>'country' = r.from_name`,
      [from, to],
    );
  }
  for (const { to: name, slug: wanted, keeper, others } of groups) {
    if (!keeper) continue;
    for (const other of others) {
      await knex('countries').where({ id: keeper.id }).increment('business_count', other.business_count);
      await knex('page_redirects').where({ kind: 'country', target_id: other.id }).update({ target_id: keeper.id });
      await knex('countries').where({ id: other.id }).delete();
      await redirect(knex, other.slug, keeper.id);
    }
    const taken = await knex('countries').where({ slug: wanted }).whereNot({ id: keeper.id }).first('id');
    const slug = taken ? keeper.slug : wanted;
    await knex('countries').where({ id: keeper.id }).update({ name, slug });
    if (slug !== keeper.slug) {
      // A slug in use again stops redirecting elsewhere.
      await knex('page_redirects').where({ kind: 'country', slug }).delete();
      await redirect(knex, keeper.slug, keeper.id);
    }
  }
}

async function redirect(knex: Knex, slug: string, targetId: number): Promise<void> {
  await knex.raw(
    `INSERT INTO page_redirects (kind, slug, target_id) VALUES ('country', ?, ?) ON CONFLICT (kind, slug) DO UPDATE SET target_id = EXCLUDED.target_id`,
    [slug, targetId],
  );
}

export async function up(knex: Knex): Promise<void> {
  await rename(knex, RENAMES);
}

export async function down(knex: Knex): Promise<void> {
  await rename(
    knex,
    RENAMES.map(([from, to]) => [to, from, SLUGS_BEFORE[from]]),
  );
}
