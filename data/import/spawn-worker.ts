/**
 * Starts a worker thread running the module at `moduleUrl` (the caller's own import.meta.url) with
 * `job` as its workerData. From the built JavaScript the worker loads that file directly; from
 * TypeScript sources (tests, tsx) it first registers tsx's loader, which a worker does not inherit
 * in Node 20. The import and the XLSX reader threads both start this way.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

export function spawnWorker(moduleUrl: string, job: unknown, limits: { heapMb: number; youngMb: number }): Worker {
  const resourceLimits: ResourceLimits = { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: limits.youngMb };
  if (!moduleUrl.endsWith('.ts')) return new Worker(new URL(moduleUrl), { workerData: job, resourceLimits });
  const tsx = createRequire(moduleUrl).resolve('tsx/esm/api').replace(/index\.cjs$/, 'index.mjs');
  const boot = `import(${JSON.stringify(pathToFileURL(tsx).href)}).then((m) => { m.register(); return import(${JSON.stringify(moduleUrl)}); })`;
  return new Worker(boot, { eval: true, workerData: job, resourceLimits });
}
