/**
 * Runs one bench job in its own Node process, so its peak memory (max RSS) is its own.
 * As a script: `node child.js <moduleUrl> <exportName> <argsJson>`; the job's return value comes
 * back on the last stdout line, after a marker.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const MARKER = '@@bench-result ';

export interface ChildResult<T> {
  value: T;
  /** Peak resident memory of the child process, in MB. */
  maxRssMb: number;
}

export function runInChild<T>(moduleUrl: string, exportName: string, args: unknown): Promise<ChildResult<T>> {
  const self = fileURLToPath(import.meta.url);
  const execArgv = self.endsWith('.ts') ? ['--import', 'tsx'] : [];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...execArgv, self, moduleUrl, exportName, JSON.stringify(args)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith(MARKER));
      if (code !== 0 || !line) return reject(new Error(`bench job ${exportName} failed (exit ${code})`));
      resolve(JSON.parse(line.slice(MARKER.length)) as ChildResult<T>);
    });
  });
}

async function main(): Promise<void> {
  const [moduleUrl, exportName, argsJson] = process.argv.slice(2);
  const mod = (await import(moduleUrl)) as Record<string, (args: unknown) => Promise<unknown>>;
  const value = await mod[exportName](JSON.parse(argsJson));
  // maxRSS is in kilobytes.
  const maxRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  process.stdout.write(`\n${MARKER}${JSON.stringify({ value, maxRssMb })}\n`);
  process.exit(0);
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) await main();
