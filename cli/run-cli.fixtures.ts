import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
// tsx named by its path, so a run whose cwd is a temporary folder finds it.
const TSX = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  /** The standard output as written (an export streamed to `-`). */
  stdoutBytes: Buffer;
  stderr: string;
}

export interface CliOptions {
  /** The environment, over PATH and HOME only (nothing of the test process leaks in). */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Typed on standard input, which then closes. */
  input?: string;
  onSpawn?: (pid: number) => void;
}

/** For tests: the real `rehber` command in its own process, as a shell or cron runs it. */
export function runCli(args: string[], { env = {}, cwd = ROOT, input = '', onSpawn }: CliOptions = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', TSX, path.join(ROOT, 'cli/main.ts'), ...args], {
      cwd,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    if (child.pid !== undefined) onSpawn?.(child.pid);
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const stdoutBytes = Buffer.concat(out);
      resolve({ code, signal, stdout: stdoutBytes.toString('utf8'), stdoutBytes, stderr });
    });
    child.stdin.end(input);
  });
}
