/**
 * The admin's writes to one business or a selection: edit, feature, verify (hide and
 * show are visibility.ts; delete moves to the trash, trash.ts). Each runs in one transaction under
 * the import lock, moves the counts of city, category and country with the business, and leaves a
 * business_versions row per business (the activity log; undo of an import leaves alone what was
 * written since).
 *
 * Queries go to the transaction's own pg connection, with $n placeholders (db/README.md).
 *
 * An edit obeys the same field rules as an imported row (data/business/business-rules.ts), strictly,
 * and is merged like one whose file carries the fields the form sent, with empty fields clearing: the admin means
 * what the form shows. The slug stays unless the admin changes it; the old one then redirects.
 */
import type pg from 'pg';
import type { Db } from '../../db/index.js';
import { DERIVED_COLUMNS, type Field, FIELDS, OPEN_WEEK_COLUMN, VALUE_COLUMNS, VALUE_KEYS } from '../../domain/business-columns.js';
import { openWeekText } from '../../domain/opening-status.js';
import { InputError } from '../../domain/errors.js';
import { slugifyText } from '../../domain/slug.js';
import { businessFromFields, fieldText, type FieldTexts } from '../business/business-rules.js';
import { ensureDims, newDimCache, rowCityKey } from './load-dims.js';
import { MAX_SLUG_LENGTH } from './load-copy.js';
import { APPLY_DELTAS, IMPORT_LOCK_SQL, mergedColumns, refs, writtenColumn } from './load-sql.js';

/** An edit: the business's fields as the form sends them (file headers as keys), and optionally a new slug. */
export interface BusinessEdit {
  fields: Partial<Record<Field, string | null>>;
  slug?: string;
}

const pgType = (sql: string) => sql.replace(/\s+NOT NULL$/, '');

/** What an edit's activity log leaves out of a row: what the database derives, and when it was written. */
const UNLOGGED = [...DERIVED_COLUMNS, 'updated_at'].map((c) => ` - '${c}'`).join('');

/** Edits business `id`; InputError 400 for a value the import would refuse, 404 unknown, 409 a clash. Returns the slug. */
export async function editBusiness(db: Db, id: number, edit: BusinessEdit, username: string | null): Promise<{ slug: string }> {
  const given = Object.keys(edit.fields).filter((f): f is Field => (FIELDS as readonly string[]).includes(f));
  if (!given.length && edit.slug === undefined) throw new InputError('Nothing to change');
  return db.transaction(async (trx) => {
    const conn = (await trx.client.acquireConnection()) as pg.PoolClient;
    await conn.query(IMPORT_LOCK_SQL);
    const current = (
      await conn.query<{ slug: string; name: string; address: string; place_id: string | null; identity_key: string }>(
        'SELECT slug, name, address, place_id, identity_key FROM businesses WHERE id = $1 FOR UPDATE',
        [id],
      )
    ).rows[0];
    if (!current) throw new InputError('Business not found', 404);

    // The stored name, address and place id stand in for fields the form did not send.
    const cells: Partial<Record<Field, string | null>> = { name: current.name, full_address: current.address, place_id: current.place_id, ...edit.fields };
    const texts: FieldTexts = {};
    for (const f of Object.keys(cells) as Field[]) texts[f] = fieldText(cells[f] ?? '', f);
    // Strict: a value the admin typed is stored as typed or refused (a 400 naming the field), never left out.
    const input = businessFromFields(texts, 0, { strict: true });
    // A file's row may leave them to its stored business; the form shows them, so empty means cleared.
    if (input.name === null) throw new InputError('name is empty');
    if (input.address === null) throw new InputError('full_address is empty');

    const clash = await conn.query('SELECT 1 FROM businesses WHERE identity_key = $1 AND id <> $2', [input.identityKey, id]);
    if (clash.rowCount) throw new InputError('Another business already has this place id, or this name at this address', 409);
    const slug = edit.slug === undefined || edit.slug === current.slug ? current.slug : await newSlug(conn, id, edit.slug);

    const dims = newDimCache();
    await ensureDims(conn, dims, [input]);
    const ids: Record<string, unknown> = {
      city_id: input.city ? (dims.cities.get(rowCityKey(input)!) ?? null) : null,
      category_id: input.category ? (dims.categories.get(input.category.toLowerCase()) ?? null) : null,
    };
    // One row shaped like the staging table, typed like it; the import's merge rule writes it.
    const params: unknown[] = [];
    const selects = VALUE_KEYS.map((k) => {
      const c: { column: string; sql: string; stored?: string } = VALUE_COLUMNS[k];
      const value = c.stored ? ids[c.stored] : k === 'businessHours' ? (input.businessHours === null ? null : JSON.stringify(input.businessHours)) : input[k];
      params.push(value);
      return `$${params.length}::${c.stored ? 'int' : pgType(c.sql)} AS ${writtenColumn(k)}`;
    });
    params.push(openWeekText(input.businessHours));
    selects.push(`$${params.length}::int4multirange AS ${OPEN_WEEK_COLUMN}`);
    const plan = { fields: new Set(given.filter((f) => f !== 'place_id' || edit.fields.place_id !== undefined)), clearEmpty: true };
    const merged = mergedColumns(plan);
    params.push(id, input.identityKey, slug, username);
    const [pId, pKey, pSlug, pUser] = [params.length - 3, params.length - 2, params.length - 1, params.length];
    await conn.query(
      `WITH s AS (SELECT ${selects.join(', ')}),
       old AS (SELECT b.* FROM businesses b WHERE b.id = $${pId}),
       ch AS (
         UPDATE businesses b SET ${merged.map((c) => `${c.column} = ${c.value}`).join(', ')},
                identity_key = $${pKey}, slug = $${pSlug}, content_hash = NULL, updated_at = now()
           FROM s WHERE b.id = $${pId}
         RETURNING b.*
       ),
       log AS (
         INSERT INTO business_versions (business_id, action, before, after, username)
         SELECT ch.id, 'edit',
                (SELECT jsonb_object_agg(o.key, o.value) FROM jsonb_each(to_jsonb(old)${UNLOGGED}) o WHERE o.value IS DISTINCT FROM to_jsonb(ch) -> o.key),
                (SELECT jsonb_object_agg(o.key, o.value) FROM jsonb_each(to_jsonb(ch)${UNLOGGED}) o WHERE o.value IS DISTINCT FROM to_jsonb(old) -> o.key),
                $${pUser}::text
           FROM ch, old
          -- A save that changed nothing the admin sees is no activity (content_hash is the import's own).
          WHERE to_jsonb(old)${UNLOGGED} - 'content_hash' IS DISTINCT FROM to_jsonb(ch)${UNLOGGED} - 'content_hash'
       ),
       delta AS (${refs('old', -1)} UNION ALL ${refs('ch', 1)}),
       ${APPLY_DELTAS}
       SELECT 1`,
      params,
    );
    return { slug };
  });
}

/** A slug the admin chose: a clean slug nobody else holds; the old one redirects to it. */
async function newSlug(conn: pg.ClientBase, id: number, wanted: string): Promise<string> {
  const slug = wanted.trim();
  if (!slug || slug !== slugifyText(slug) || slug.length > MAX_SLUG_LENGTH) {
    throw new InputError(`The slug must be lowercase letters, digits and single hyphens, at most ${MAX_SLUG_LENGTH} characters (for example ${slugifyText(wanted) || 'my-business'})`);
  }
  const taken = await conn.query('SELECT 1 FROM businesses WHERE slug = $1 AND id <> $2 UNION ALL SELECT 1 FROM slug_redirects WHERE slug = $1 AND business_id <> $2', [slug, id]);
  if (taken.rowCount) throw new InputError(`The slug ${slug} is taken`, 409);
  await conn.query('DELETE FROM slug_redirects WHERE slug = $1', [slug]);
  await conn.query('INSERT INTO slug_redirects (slug, business_id) SELECT slug, id FROM businesses WHERE id = $1 ON CONFLICT (slug) DO UPDATE SET business_id = EXCLUDED.business_id', [id]);
  return slug;
}

/** Sets a flag (featured, verified) on the businesses that do not have it yet; returns how many changed. */
export async function setBusinessFlag(db: Db, ids: number[], flag: 'is_featured' | 'is_verified', value: boolean, username: string | null): Promise<number> {
  if (!ids.length) return 0;
  const action = { is_featured: ['feature', 'unfeature'], is_verified: ['verify', 'unverify'] }[flag][value ? 0 : 1];
  return db.transaction(async (trx) => {
    const conn = (await trx.client.acquireConnection()) as pg.PoolClient;
    await conn.query(IMPORT_LOCK_SQL);
    // Verification is an imported value too: the next import compares it again (no hash shortcut).
    const hash = flag === 'is_verified' ? ', content_hash = NULL' : '';
    const { rows } = await conn.query<{ n: number }>(
      `WITH ch AS (
         UPDATE businesses SET ${flag} = $1::boolean${hash}, updated_at = now()
          WHERE id = ANY($2::bigint[]) AND ${flag} <> $1::boolean RETURNING id
       ),
       log AS (
         INSERT INTO business_versions (business_id, action, before, after, username)
         SELECT id, $3, jsonb_build_object($4::text, NOT $1::boolean), jsonb_build_object($4::text, $1::boolean), $5::text FROM ch
       )
       SELECT count(*)::int AS n FROM ch`,
      [value, ids, action, flag, username],
    );
    return rows[0].n;
  });
}
