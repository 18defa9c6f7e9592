/**
 * `rehber import` as an operator runs it: the built CLI started through its bin (so its launch
 * flags apply), output piped as from cron. Its peak memory is the operating system's own figure
 * for the process, all threads included: the high-water mark of its resident set (VmHWM in
 * /proc/<pid>/status), read until it exits. The last read is at most POLL_MS before the exit,
 * and the mark only rises, so what is missed is the last instant's growth.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// From the sources (scripts/bench/) or the build (dist/scripts/bench/).
const ROOT = fileURLToPath(new URL(import.meta.url.includes('/dist/scripts/') ? '../../../' : '../../', import.meta.url));
const BIN = path.join(ROOT, 'bin/rehber.js');
const POLL_MS = 100;

export interface CliImport {
  seconds: number;
  /** Peak resident memory of the CLI's process in MB, or null where /proc is missing. */
  maxRssMb: number | null;
  stdout: string;
}

export function cliImport(dbUrl: string, file: string): Promise<CliImport> {
  const started = performance.now();
  const child = spawn(BIN, ['import', file], { env: { ...process.env, DATABASE_URL: dbUrl }, stdio: ['ignore', 'pipe', 'inherit'] });
  let hwmKb = 0;
  const read = () => {
    try {
      const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (m) hwmKb = Math.max(hwmKb, Number(m[1]));
    } catch {
      // Gone already, or no /proc.
    }
  };
  const timer = setInterval(read, POLL_MS);
  let stdout = '';
  child.stdout.on('data', (d) => (stdout += d));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(timer);
      if (code !== 0) return reject(new Error(`rehber import ${file} failed (exit ${code}): ${stdout.slice(-500)}`));
      resolve({ seconds: (performance.now() - started) / 1000, maxRssMb: hwmKb ? Math.round(hwmKb / 1024) : null, stdout });
    });
  });
}
