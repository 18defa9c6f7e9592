/**
 * Lighthouse scores (issue 4: 90 or more each) of the home page and a business page, on the
 * bundled sample in a database of its own, with Debian's Chromium. Needs dist/web (make build).
 */
import { createDb } from '../../db/index.js';
import { migrateLatest } from '../../db/migrate.js';
import { withDatabase } from '../../db/test-db.js';
import type { BenchContext } from './context.js';
import { lighthouseScores, serveSample } from '../lighthouse.js';

const DATABASE = 'rehber_bench_lighthouse';

export async function run(ctx: BenchContext): Promise<void> {
  const admin = createDb(ctx.adminUrl, { max: 1 });
  await admin.raw(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.raw(`CREATE DATABASE ${DATABASE} OWNER ??`, [decodeURIComponent(new URL(ctx.dbUrl).username)]);
  const db = createDb(withDatabase(ctx.dbUrl, DATABASE));
  try {
    await migrateLatest(db);
    const server = await serveSample(db);
    try {
      for (const r of await lighthouseScores([`${server.url}/`, server.url + server.businessPath])) {
        const page = r.page === '/' ? 'home' : 'business page';
        ctx.report({ name: `Lighthouse ${page} performance`, value: r.performance, unit: '/100' });
        ctx.report({ name: `Lighthouse ${page} accessibility`, value: r.accessibility, unit: '/100' });
        ctx.report({ name: `Lighthouse ${page} best practices`, value: r.bestPractices, unit: '/100' });
        ctx.report({ name: `Lighthouse ${page} SEO`, value: r.seo, unit: '/100' });
      }
    } finally {
      await server.close();
    }
  } finally {
    await db.destroy();
    await admin.raw(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`).catch(() => {});
    await admin.destroy();
  }
}
