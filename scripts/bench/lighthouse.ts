/**
 * Lighthouse scores (95 or more in performance, 100 in the others) and total blocking
 * time (search page under 200 ms) of the home page, a business page, the biggest city's page, its
 * biggest category in a city and a search page, each with its map drawn, on the bundled sample in a database of its own, with Debian's Chromium. Each page is
 * audited LIGHTHOUSE_RUNS times (default 3: a shared machine's load moves the performance score)
 * and the medians are reported. Needs dist/web and dist/ssr (make build).
 */
import { createDb } from '../../db/index.js';
import { migrateLatest } from '../../db/migrate.js';
import { withDatabase } from '../../db/test-db.js';
import type { BenchContext } from './context.js';
import { startTileServer } from '../../server/routes/map.fixtures.js';
import { auditPages, formatScores, medianScores, serveSample } from '../lighthouse.js';

const DATABASE = 'rehber_bench_lighthouse';

export async function run(ctx: BenchContext): Promise<void> {
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3) || 1);
  const admin = createDb(ctx.adminUrl, { max: 1 });
  await admin.raw(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.raw(`CREATE DATABASE ${DATABASE} OWNER ??`, [decodeURIComponent(new URL(ctx.dbUrl).username)]);
  const db = createDb(withDatabase(ctx.dbUrl, DATABASE));
  try {
    await migrateLatest(db);
    // Served as a directory with tiles configured serves it: the pages with a map draw it (from the
    // test tile server), so their scores count the map's cost.
    const tiles = await startTileServer();
    const server = await serveSample(db, { map: { tileUrl: tiles.template, attribution: 'Test tiles' } });
    try {
      for (const { page, runs: scores } of await auditPages(server.url, server.pages, runs)) {
        if (runs > 1) process.stdout.write(scores.map((s, k) => `  run ${k + 1}: ${formatScores([s])}\n`).join(''));
        const r = medianScores(scores);
        const of = runs > 1 ? ` (median of ${runs})` : '';
        ctx.report({ name: `Lighthouse ${page.label} performance${of}`, value: r.performance, unit: '/100' });
        ctx.report({ name: `Lighthouse ${page.label} accessibility${of}`, value: r.accessibility, unit: '/100' });
        ctx.report({ name: `Lighthouse ${page.label} best practices${of}`, value: r.bestPractices, unit: '/100' });
        ctx.report({ name: `Lighthouse ${page.label} SEO${of}`, value: r.seo, unit: '/100' });
        ctx.report({ name: `Lighthouse ${page.label} total blocking time${of}`, value: r.tbt, unit: 'ms' });
      }
    } finally {
      await server.close();
      await tiles.close();
    }
  } finally {
    await db.destroy();
    await admin.raw(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`).catch(() => {});
    await admin.destroy();
  }
}
