/**
 * What a preview (a dry run's batch, inside its transaction before the rollback) shows besides
 * the counts: the values an admin edited that the file would overwrite, and a sample of the new
 * businesses with the place each would land in.
 */
import type pg from 'pg';
import { CHANGE_LABELS } from '../../domain/activity.js';
import type { NewBusinessSample, OverwriteSample } from '../../domain/types.js';

/** Examples a preview shows of each. */
export const PREVIEW_SAMPLES = 5;

/** The highest business id now: the batch's new businesses come after it. */
export async function lastBusinessId(conn: pg.ClientBase): Promise<number> {
  return Number((await conn.query<{ id: string }>('SELECT coalesce(max(id), 0) AS id FROM businesses')).rows[0].id);
}

/** The first `limit` businesses this batch created (ids above `afterId`), with their place. */
export async function sampleNewBusinesses(conn: pg.ClientBase, afterId: number, limit: number): Promise<NewBusinessSample[]> {
  const { rows } = await conn.query<NewBusinessSample>(
    `SELECT b.name, c.name AS city, b.district, b.country FROM businesses b LEFT JOIN cities c ON c.id = b.city_id
      WHERE b.id > $1 ORDER BY b.id LIMIT $2`,
    [afterId, limit],
  );
  return rows.map((r) => ({ name: r.name, city: r.city, district: r.district, country: r.country }));
}

/**
 * The values this batch's merges change (its business_versions rows: created_at is the
 * transaction's start) that an admin set by hand since the business's last import: how many
 * businesses, and the first `limit` of them, value by value.
 */
export async function sampleOverwrites(conn: pg.ClientBase, limit: number): Promise<{ count: number; examples: OverwriteSample[] }> {
  const value = (side: string) => `CASE o.key
      WHEN 'city_id' THEN (SELECT name FROM cities WHERE id = (v.${side}->>'city_id')::int)
      WHEN 'category_id' THEN (SELECT name FROM categories WHERE id = (v.${side}->>'category_id')::int)
      ELSE v.${side}->>o.key END`;
  const { rows } = await conn.query<{ count: number; examples: (Omit<OverwriteSample, 'field'> & { key: string })[] }>(
    `WITH o AS MATERIALIZED (
       SELECT v.id, v.business_id, k.key, e.username
         FROM business_versions v
         CROSS JOIN LATERAL jsonb_object_keys(v.after) AS k(key)
         JOIN LATERAL (
           SELECT e.username FROM business_versions e
            WHERE e.business_id = v.business_id AND e.id < v.id AND e.action IN ('edit', 'verify', 'unverify') AND e.after ? k.key
              AND NOT EXISTS (SELECT 1 FROM business_versions l WHERE l.business_id = v.business_id AND l.action = 'import' AND l.id > e.id AND l.id < v.id)
            ORDER BY e.id DESC LIMIT 1
         ) e ON true
        WHERE v.created_at = now() AND v.action = 'import' AND k.key = ANY($2::text[])
     )
     SELECT (SELECT count(DISTINCT business_id)::int FROM o) AS count,
            (SELECT coalesce(jsonb_agg(x ORDER BY x.id), '[]') FROM (
               SELECT o.id, b.name AS business, o.key, ${value('before')} AS admin, ${value('after')} AS file, o.username
                 FROM o JOIN business_versions v ON v.id = o.id JOIN businesses b ON b.id = o.business_id
                ORDER BY o.id, o.key LIMIT $1) x) AS examples`,
    [limit, Object.keys(CHANGE_LABELS)],
  );
  const { count, examples } = rows[0];
  const shown = (key: string, v: string | null) => (key.startsWith('is_') && v !== null ? (v === 'true' ? 'yes' : 'no') : v);
  return {
    count,
    examples: examples.map((x) => ({ business: x.business, field: CHANGE_LABELS[x.key], admin: shown(x.key, x.admin), file: shown(x.key, x.file), username: x.username })),
  };
}
