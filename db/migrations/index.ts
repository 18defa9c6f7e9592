import type { Knex } from 'knex';
import * as createSchema from './20261121A-create-schema.js';
import * as createUploads from './20261121D-create-uploads.js';
import * as addSlugPrefixIndex from './20261121B-add-slug-prefix-index.js';
import * as addSearchIndexes from './20261121B-add-search-indexes.js';
import * as addListingIndexes from './20261121I-add-listing-indexes.js';
import * as addImportHeartbeat from './20261121J-add-import-heartbeat.js';
import * as addPlaces from './20261124A-add-places.js';
import * as addBusinessVersions from './20261124B-add-business-versions.js';
import * as addSlugRedirects from './20261124C-add-slug-redirects.js';
import * as addSitemapFileErrors from './20261124D-add-sitemap-file-errors.js';
import * as addPlaceRedirects from './20261124E-add-place-redirects.js';
import * as addDataVersion from './20261124F-add-data-version.js';
import * as pruneBusinessIndexes from './20261124G-prune-business-indexes.js';
import * as addSearchDocument from './20261124H-add-search-document.js';
import * as addBusinessFacets from './20261124I-add-business-facets.js';
import * as addNamePrefixIndex from './20261124J-add-name-prefix-index.js';
import * as addNamesakeIndex from './20261125E-add-namesake-index.js';
import * as letBulkLoadsWriteSearchDocuments from './20261126I-let-bulk-loads-write-search-documents.js';
import * as cityLexemeInSearchDocuments from './20261127A-city-lexeme-in-search-documents.js';
import * as cityCountsUpdateInPlace from './20261128A-city-counts-update-in-place.js';
import * as countryDisplayNames from './20261129A-country-display-names.js';
import * as addPlaceIndex from './20261130A-add-place-index.js';
import * as foldedGroupNames from './20261130B-folded-group-names.js';
import * as cityFoldedNameIndex from './20261201A-city-folded-name-index.js';
import * as addBusinessTrash from './20261202A-add-business-trash.js';
import * as addUploadPreviewOptions from './20261202B-add-upload-preview-options.js';
import * as addLoginAttemptsWindowIndex from './20261202D-add-login-attempts-window-index.js';
import * as recordGroupMerges from './20261202E-record-group-merges.js';
import * as addGroupEvents from './20261203G-add-group-events.js';
import * as addNameWordIndex from './20261203M-add-name-word-index.js';
import * as addBusinessQuality from './20261205A-add-business-quality.js';
import * as addOpeningHours from './20261205B-add-opening-hours.js';
import * as addNearbyIndex from './20261205C-add-nearby-index.js';
import * as recordDataChanges from './20261205H-record-data-changes.js';
import * as addFacetCoveringIndexes from './20261206B-add-facet-covering-indexes.js';
import * as inlineEarthFunctions from './20261206C-inline-earth-functions.js';
import * as addOpenMinute from './20261206D-add-open-minute.js';
import * as rereadSplitShifts from './20261206D-reread-split-shifts.js';
import * as addNearbyCategoryIndex from './20261207C-add-nearby-category-index.js';
import * as rankSearchIndexByQuality from './20261208A-rank-search-index-by-quality.js';
import * as addCountryCategoryListingIndex from './20261208C-add-country-category-listing-index.js';
import * as addCityCategoryListingIndex from './20261208D-add-city-category-listing-index.js';
import * as rereadBareHours from './20261208F-reread-bare-hours.js';
import * as addCityCategoryCounts from './20261208G-add-city-category-counts.js';
import * as addCountryCategoryCounts from './20261209D-add-country-category-counts.js';
import * as trimImportIndexes from './20261209G-trim-import-indexes.js';
import * as addReresolveRuns from './20261209H-add-reresolve-runs.js';
import * as trimImportBtrees from './20261210I-trim-import-btrees.js';
import * as keyCategoryFacetsByCity from './20261210K-key-category-facets-by-city.js';
import * as indexCityCentresOnce from './20261210N-index-city-centres-once.js';
import * as addNearbyCityIndex from './20261211N-add-nearby-city-index.js';
import * as carryWeekInListingIndexes from './20261211O-carry-week-in-listing-indexes.js';
import * as addOpenHours from './20261212O-add-open-hours.js';
import * as lockCityForOpenHours from './20261213O-lock-city-for-open-hours.js';
import * as addDistrictListingIndex from './20261214C-add-district-listing-index.js';
import * as vacuumBusinesses from './20261214O-vacuum-businesses.js';
import * as addIdRangeIndex from './20261215A-add-id-range-index.js';
import * as tuneBusinessesAutovacuum from './20261215H-tune-businesses-autovacuum.js';
import * as addCategoryPluralName from './20261216P-add-category-plural-name.js';
import * as recordAnyGroupChange from './20261217C-record-any-group-change.js';
import * as recordCountryOfChanges from './20261218Y-record-country-of-changes.js';

/**
 * The first migrations as they shipped, in the order they ran: their letters were given per
 * working branch (A, D, B, B, I, J), so their names do not sort in that order. Databases already
 * migrated recorded them in this order; renaming them would make knex see unknown migrations.
 */
export const SHIPPED_OUT_OF_ORDER = [
  '20261121A-create-schema',
  '20261121D-create-uploads',
  '20261121B-add-slug-prefix-index',
  '20261121B-add-search-indexes',
  '20261121I-add-listing-indexes',
  '20261121J-add-import-heartbeat',
] as const;

/**
 * Every migration, in order. Listed here rather than found on disk so they load the same way
 * from TypeScript sources (tests, tsx) and from the built JavaScript. From here on a migration's
 * name sorts after every earlier one (YYYYMMDD + the next free letter) and it is added at the
 * end; registry.test.ts checks both. Never edit a shipped one.
 */
export const migrations: Record<string, Knex.Migration> = {
  '20261121A-create-schema': createSchema,
  '20261121D-create-uploads': createUploads,
  '20261121B-add-slug-prefix-index': addSlugPrefixIndex,
  '20261121B-add-search-indexes': addSearchIndexes,
  '20261121I-add-listing-indexes': addListingIndexes,
  '20261121J-add-import-heartbeat': addImportHeartbeat,
  '20261124A-add-places': addPlaces,
  '20261124B-add-business-versions': addBusinessVersions,
  '20261124C-add-slug-redirects': addSlugRedirects,
  '20261124D-add-sitemap-file-errors': addSitemapFileErrors,
  '20261124E-add-place-redirects': addPlaceRedirects,
  '20261124F-add-data-version': addDataVersion,
  '20261124G-prune-business-indexes': pruneBusinessIndexes,
  '20261124H-add-search-document': addSearchDocument,
  '20261124I-add-business-facets': addBusinessFacets,
  '20261124J-add-name-prefix-index': addNamePrefixIndex,
  '20261125E-add-namesake-index': addNamesakeIndex,
  '20261126I-let-bulk-loads-write-search-documents': letBulkLoadsWriteSearchDocuments,
  '20261127A-city-lexeme-in-search-documents': cityLexemeInSearchDocuments,
  '20261128A-city-counts-update-in-place': cityCountsUpdateInPlace,
  '20261129A-country-display-names': countryDisplayNames,
  '20261130A-add-place-index': addPlaceIndex,
  '20261130B-folded-group-names': foldedGroupNames,
  '20261201A-city-folded-name-index': cityFoldedNameIndex,
  '20261202A-add-business-trash': addBusinessTrash,
  '20261202B-add-upload-preview-options': addUploadPreviewOptions,
  '20261202D-add-login-attempts-window-index': addLoginAttemptsWindowIndex,
  '20261202E-record-group-merges': recordGroupMerges,
  '20261203G-add-group-events': addGroupEvents,
  '20261203M-add-name-word-index': addNameWordIndex,
  '20261205A-add-business-quality': addBusinessQuality,
  '20261205B-add-opening-hours': addOpeningHours,
  '20261205C-add-nearby-index': addNearbyIndex,
  '20261205H-record-data-changes': recordDataChanges,
  '20261206B-add-facet-covering-indexes': addFacetCoveringIndexes,
  '20261206C-inline-earth-functions': inlineEarthFunctions,
  '20261206D-add-open-minute': addOpenMinute,
  '20261206D-reread-split-shifts': rereadSplitShifts,
  '20261207C-add-nearby-category-index': addNearbyCategoryIndex,
  '20261208A-rank-search-index-by-quality': rankSearchIndexByQuality,
  '20261208C-add-country-category-listing-index': addCountryCategoryListingIndex,
  '20261208D-add-city-category-listing-index': addCityCategoryListingIndex,
  '20261208F-reread-bare-hours': rereadBareHours,
  '20261208G-add-city-category-counts': addCityCategoryCounts,
  '20261209D-add-country-category-counts': addCountryCategoryCounts,
  '20261209G-trim-import-indexes': trimImportIndexes,
  '20261209H-add-reresolve-runs': addReresolveRuns,
  '20261210I-trim-import-btrees': trimImportBtrees,
  '20261210K-key-category-facets-by-city': keyCategoryFacetsByCity,
  '20261210N-index-city-centres-once': indexCityCentresOnce,
  '20261211N-add-nearby-city-index': addNearbyCityIndex,
  '20261211O-carry-week-in-listing-indexes': carryWeekInListingIndexes,
  '20261212O-add-open-hours': addOpenHours,
  '20261213O-lock-city-for-open-hours': lockCityForOpenHours,
  '20261214C-add-district-listing-index': addDistrictListingIndex,
  '20261214O-vacuum-businesses': vacuumBusinesses,
  '20261215A-add-id-range-index': addIdRangeIndex,
  '20261215H-tune-businesses-autovacuum': tuneBusinessesAutovacuum,
  '20261216P-add-category-plural-name': addCategoryPluralName,
  '20261217C-record-any-group-change': recordAnyGroupChange,
  '20261218Y-record-country-of-changes': recordCountryOfChanges,
};
