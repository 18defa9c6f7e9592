import type { Knex } from 'knex';
import * as createSchema from './20261121A-create-schema.js';
import * as createUploads from './20261121D-create-uploads.js';
import * as addSlugPrefixIndex from './20261121B-add-slug-prefix-index.js';
import * as addSearchIndexes from './20261121B-add-search-indexes.js';
import * as addListingIndexes from './20261121I-add-listing-indexes.js';
import * as addImportHeartbeat from './20261121J-add-import-heartbeat.js';

/**
 * Every migration, in order. Listed here rather than found on disk so they load the same way
 * from TypeScript sources (tests, tsx) and from the built JavaScript.
 * Add a new migration at the end; never edit a shipped one.
 */
export const migrations: Record<string, Knex.Migration> = {
  '20261121A-create-schema': createSchema,
  '20261121D-create-uploads': createUploads,
  '20261121B-add-slug-prefix-index': addSlugPrefixIndex,
  '20261121B-add-search-indexes': addSearchIndexes,
  '20261121I-add-listing-indexes': addListingIndexes,
  '20261121J-add-import-heartbeat': addImportHeartbeat,
};
