import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { readDbConfig, type DbConfig } from '../db/config.js';
import { CITY_CATEGORY_MIN_BUSINESSES, UPLOAD_MAX_BYTES } from '../domain/constants.js';
import { publicBaseUrl } from '../domain/base-url.js';
import { DEFAULT_SITE_NAME, type TwitterAccounts } from '../domain/site-config.js';
import { PHOTO_CACHE_MAX_MB } from '../data/photos/limits.js';
import { DEFAULT_BODY_LIMITS, DEFAULT_MIN_KB_PER_SECOND, type BodyLimits } from './middleware/body-deadline.js';
import { DEFAULT_READ_CONCURRENCY } from './middleware/read-queue.js';

/** Where uploads go when UPLOAD_DIR is unset (the backup command reads it too). */
export const DEFAULT_UPLOAD_DIR = './uploads';

/** An optional text setting: blank counts as unset. */
const optionalText = z.string().trim().optional().transform((v) => v || undefined);

/** An X (Twitter) handle, as '@name' or 'name'. */
const twitterHandle = optionalText.pipe(z.string().regex(/^@?\w{1,15}$/, 'must be an X (Twitter) handle such as @rehber').optional());

/**
 * The pages' X (Twitter) accounts as their twitter: tags write them ('@name'): the creator is the
 * site's own account unless another is named; nothing when neither is set.
 */
function twitterAccounts(site: string | undefined, creator = site): { twitter?: TwitterAccounts } {
  const at = (handle: string) => `@${handle.replace(/^@/, '')}`;
  if (!site && !creator) return {};
  return { twitter: { ...(site ? { site: at(site) } : {}), ...(creator ? { creator: at(creator) } : {}) } };
}

// A category in a city with fewer active businesses is served with noindex and left out of
// sitemaps (docs/public-site.md); the CLI's sitemap generate reads it too.
const cityCategoryMin = z.coerce.number().int().min(1).default(CITY_CATEGORY_MIN_BUSINESSES);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Processes serving requests on PORT (docs/scaling.md): one per core the server may use.
  SERVER_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  // Public reads a process runs at once (server/middleware/read-queue.ts); the rest wait their turn.
  READ_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(DEFAULT_READ_CONCURRENCY),
  HOST: z.string().min(1).default('localhost'),
  PUBLIC_BASE_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  UPLOAD_DIR: z.string().min(1).default(DEFAULT_UPLOAD_DIR),
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().optional(),
  UPLOAD_MIN_KB_PER_S: z.coerce.number().positive().default(DEFAULT_MIN_KB_PER_SECOND),
  AD_CLIENT: z.string().min(1).optional(),
  AD_SLOT_DETAIL: z.string().min(1).optional(),
  AD_SLOT_NOT_FOUND: z.string().min(1).optional(),
  AD_SLOT_BANNER: z.string().min(1).optional(),
  SITE_NAME: optionalText,
  CONTACT_EMAIL: optionalText.pipe(z.email().optional()),
  CONTACT_PHONE: optionalText,
  CONTACT_ADDRESS: optionalText,
  // The site's X (Twitter) account for twitter:site, and the account its pages' text is credited
  // to for twitter:creator: the site's own unless another is named (the pages are the site's
  // writing, made from its directory, not any one author's).
  SITE_TWITTER: twitterHandle,
  SITE_TWITTER_CREATOR: twitterHandle,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // 'true' or a count of proxies in front of the server (docs/security-accounts.md).
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(true|false|\d{1,2})$/, 'must be 0, true or the number of proxies in front of the server')
    .default('0'),
  DATABASE_REPLICA_URL: z.string().url().optional(),
  DATABASE_REPLICA_MAX_LAG: z.coerce.number().positive().default(30),
  // Photos (data/photos): where resized copies are kept; private hosts only for tests and intranets.
  PHOTO_CACHE_DIR: z.string().min(1).optional(),
  PHOTO_ALLOW_PRIVATE_HOSTS: z.enum(['0', '1', 'true', 'false']).default('0'),
  PHOTO_CACHE_MAX_MB: z.coerce.number().int().positive().default(PHOTO_CACHE_MAX_MB),
  // Prometheus metrics on a listener of their own, off unless a port is given (docs/operations.md).
  METRICS_PORT: optionalText.pipe(z.coerce.number<string | undefined>().int().min(0).max(65535).optional()),
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  COMBO_MIN_BUSINESSES: cityCategoryMin,
  // The map's tiles (docs/public-site.md#the-map): a URL template or a PMTiles file beside the server.
  MAP_TILE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^https?:\/\/[^/\s]+\/\S*$/, 'must be an http(s) URL')
      .refine((u) => ['{z}', '{x}', '{y}'].every((p) => u.includes(p)), 'must contain {z}, {x} and {y}')
      .optional(),
  ),
  MAP_PMTILES_FILE: optionalText.pipe(
    z
      .string()
      .refine((f) => fs.statSync(f, { throwIfNoEntry: false })?.isFile() ?? false, 'no such file')
      .optional(),
  ),
  MAP_ATTRIBUTION: optionalText,
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  /** How many processes serve requests (SERVER_PROCESSES): above 1, one primary and that many workers sharing the port. */
  processes: number;
  /** Public reads that miss the kept answers, run at once by each process (READ_CONCURRENCY); the rest wait in line. */
  readConcurrency: number;
  host: string;
  /** Absolute URLs in sitemaps, canonical links and JSON-LD start with this. */
  publicBaseUrl: string;
  sessionSecret: string;
  uploadDir: string;
  /** Uploads larger than this answer 413 (default UPLOAD_MAX_BYTES of domain/constants.ts). */
  uploadMaxBytes: number;
  /** How long request bodies may take (server/middleware/body-deadline.ts; UPLOAD_MIN_KB_PER_S). */
  bodyLimits: BodyLimits;
  ads: { client?: string; slots: { detail?: string; notFound?: string; banner?: string } };
  /** The site's name, the footer's contact details and the pages' twitter:site and twitter:creator ('@name'), each absent when unset. */
  site: { name: string; contact: { email?: string; phone?: string; address?: string }; twitter?: TwitterAccounts };
  logLevel: string;
  trustProxy: boolean;
  /**
   * With trustProxy, how many proxies append to X-Forwarded-For: the client is that many entries
   * from the right, since everything left of them was written by the client itself.
   */
  proxyHops: number;
  db: DbConfig;
  /**
   * A streaming replica of the database: public reads go there, admin reads, reads of a client
   * that writes and every write go to the primary (server/read-routing.ts).
   */
  replicaUrl?: string;
  /** A replica this far behind the primary (ms) is not read until it catches up (DATABASE_REPLICA_MAX_LAG, seconds). */
  replicaMaxLagMs: number;
  /** Photo cache folder (default beside the database's data folder) and whether sources on private addresses are fetched. */
  photos: { cacheDir: string; allowPrivateHosts: boolean; maxBytes: number };
  /**
   * Where /metrics is served (METRICS_PORT, METRICS_HOST): a listener apart from the site's, so
   * the public port never answers it. Absent: no metrics are kept at all.
   */
  metrics?: { port: number; host: string };
  /** COMBO_MIN_BUSINESSES: a category in a city with fewer active businesses is not indexed. */
  cityCategoryMin: number;
  /** The map's tiles: a URL template or a PMTiles file the server serves; absent, no map is drawn. */
  map?: { tileUrl: string; attribution?: string } | { pmtilesFile: string; attribution?: string };
}

/** COMBO_MIN_BUSINESSES alone, for the CLI: the server's rule and default; a bad value throws the same line. */
export function readCityCategoryMin(env: NodeJS.ProcessEnv = process.env): number {
  const parsed = cityCategoryMin.safeParse(env.COMBO_MIN_BUSINESSES);
  if (!parsed.success) throw new Error(`Invalid COMBO_MIN_BUSINESSES: ${parsed.error.issues[0].message}`);
  return parsed.data;
}

/** Reads the environment once; a bad value stops start-up with one line naming it. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid ${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.data;
  if (e.MAP_TILE_URL && e.MAP_PMTILES_FILE) throw new Error('Invalid MAP_TILE_URL: set MAP_TILE_URL or MAP_PMTILES_FILE, not both');
  const proxyHops = e.TRUST_PROXY === 'true' ? 1 : e.TRUST_PROXY === 'false' ? 0 : Number(e.TRUST_PROXY);
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET) throw new Error('SESSION_SECRET is required when NODE_ENV=production');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    processes: e.SERVER_PROCESSES,
    readConcurrency: e.READ_CONCURRENCY,
    publicBaseUrl: publicBaseUrl(e),
    // Outside production a per-process secret is fine: sessions live in PostgreSQL, only the
    // cookie signature changes, so a restart signs everyone out of a development server.
    sessionSecret: e.SESSION_SECRET ?? cryptoRandom(),
    uploadDir: e.UPLOAD_DIR,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES ?? UPLOAD_MAX_BYTES,
    bodyLimits: { ...DEFAULT_BODY_LIMITS, minBytesPerSecond: e.UPLOAD_MIN_KB_PER_S * 1024 },
    ads: { client: e.AD_CLIENT, slots: { detail: e.AD_SLOT_DETAIL, notFound: e.AD_SLOT_NOT_FOUND, banner: e.AD_SLOT_BANNER } },
    site: { name: e.SITE_NAME ?? DEFAULT_SITE_NAME, contact: { email: e.CONTACT_EMAIL, phone: e.CONTACT_PHONE, address: e.CONTACT_ADDRESS }, ...twitterAccounts(e.SITE_TWITTER, e.SITE_TWITTER_CREATOR) },
    logLevel: e.LOG_LEVEL,
    trustProxy: proxyHops > 0,
    proxyHops: Math.max(1, proxyHops),
    db: readDbConfig(env),
    replicaUrl: e.DATABASE_REPLICA_URL,
    replicaMaxLagMs: e.DATABASE_REPLICA_MAX_LAG * 1000,
    photos: {
      cacheDir: path.resolve(e.PHOTO_CACHE_DIR ?? path.join(path.dirname(readDbConfig(env).dataDir), 'photo-cache')),
      allowPrivateHosts: e.PHOTO_ALLOW_PRIVATE_HOSTS === '1' || e.PHOTO_ALLOW_PRIVATE_HOSTS === 'true',
      maxBytes: e.PHOTO_CACHE_MAX_MB * 1024 * 1024,
    },
    metrics: e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    cityCategoryMin: e.COMBO_MIN_BUSINESSES,
    map: e.MAP_PMTILES_FILE
      ? { pmtilesFile: path.resolve(e.MAP_PMTILES_FILE), attribution: e.MAP_ATTRIBUTION }
      : e.MAP_TILE_URL
        ? { tileUrl: e.MAP_TILE_URL, attribution: e.MAP_ATTRIBUTION }
        : undefined,
  };
}

function cryptoRandom(): string {
  return globalThis.crypto.randomUUID() + globalThis.crypto.randomUUID();
}

/** A config for tests and tools: defaults plus overrides. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...readConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}
