import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { Command } from 'commander';
import type { Db } from '../../db/index.js';
import { listCountryNames } from '../../db/queries/countries.js';
import { matchCountries } from '../../data/places/countries.js';
import { exportFileName } from '../../data/export/export-columns.js';
import { EXPORT_FORMATS, type ExportFormat } from '../../domain/constants.js';
import { publicBaseUrl } from '../../domain/base-url.js';
import { withDatabase } from '../database.js';
import { UsageError } from '../exit.js';

export interface ExportCliOptions {
  country?: string;
  format: ExportFormat;
  /** A file path, or '-' for stdout. */
  out: string;
}

/** Checks the options before anything runs; a bad value is a UsageError (exit 2). */
export function parseExportOptions(raw: { country?: string; format?: string; out?: string }, now = new Date()): ExportCliOptions {
  const format = (raw.format ?? 'xlsx').toLowerCase();
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`--format must be one of ${EXPORT_FORMATS.join(', ')} (got '${raw.format}')`);
  }
  const country = raw.country?.trim() || undefined;
  if (raw.out === '') throw new UsageError('--out needs a file name, or - for stdout');
  const out = raw.out ?? exportFileName(country, format as ExportFormat, now);
  return { country, format: format as ExportFormat, out };
}

export function registerExportCommand(program: Command): void {
  program
    .command('export')
    .description('export businesses as XLSX or CSV (all, or one country)')
    .option('--country <name>', 'only this country: its name in any case or language, or its ISO code')
    .option('--format <format>', `${EXPORT_FORMATS.join(' or ')}`, 'xlsx')
    .option('--out <file>', "output file, or - for stdout (default: businesses-<country>-<date>.<ext>)")
    .action(async (raw: { country?: string; format?: string; out?: string }) => {
      const options = parseExportOptions(raw);
      await runExport(options);
    });
}

async function runExport({ country, format, out }: ExportCliOptions): Promise<void> {
  const toStdout = out === '-';
  const file = toStdout ? null : path.resolve(out);
  // Progress only for a person watching: never into a pipe or a cron log.
  const showProgress = process.stderr.isTTY === true;
  // Loaded here, not at the top: exceljs is for this command only (an import from cron would carry it).
  const { exportBusinesses } = await import('../../data/export/export.js');
  await withDatabase(async ({ db }) => {
    const started = Date.now();
    const countries = country === undefined ? undefined : await storedCountries(db, country);
    const tmp = file ? `${file}.partial` : null;
    const stream: Writable = tmp ? fs.createWriteStream(tmp) : process.stdout;
    const baseUrl = publicBaseUrl();
    const onProgress = showProgress
      ? (rows: number) => process.stderr.write(`\rexporting: ${rows.toLocaleString('en-US')} rows, ${rate(rows, started)} rows/s`)
      : undefined;
    try {
      const { rows } = await exportBusinesses(db, { countries, format, baseUrl, onProgress }, stream);
      if (tmp && file) fs.renameSync(tmp, file);
      if (showProgress) process.stderr.write('\n');
      if (file) process.stdout.write(`${rows.toLocaleString('en-US')} businesses exported to ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    } catch (err) {
      // A half-written file is worse than none: remove it, once the stream has let go of it (a
      // stream still opening would otherwise create the file again after the removal).
      if (tmp) {
        await closed(stream);
        fs.rmSync(tmp, { force: true });
      }
      throw err;
    }
  });
}

/**
 * The stored country names `--country` means, whatever its case, language or ISO code; a country
 * the directory does not have is a usage error (exit 2) naming the ones it has, never an empty file.
 */
async function storedCountries(db: Db, country: string): Promise<string[]> {
  const stored = await listCountryNames(db);
  const matched = matchCountries(country, stored);
  if (!matched.length) throw new UsageError(`--country: no businesses in '${country}'; the directory has ${stored.join(', ') || 'no countries yet'}`);
  return matched;
}

/** Destroys the stream and resolves once it has closed its file. */
function closed(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    if (stream.closed) return resolve();
    stream.once('close', () => resolve());
    stream.destroy();
  });
}

function rate(rows: number, started: number): string {
  const s = (Date.now() - started) / 1000;
  return s > 0 ? Math.round(rows / s).toLocaleString('en-US') : '0';
}
