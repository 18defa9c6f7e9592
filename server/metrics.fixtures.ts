/** For tests: reading a Prometheus text exposition and checking it with promtool where installed. */
import { spawnSync } from 'node:child_process';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of an exposition (comments skipped); label values unescaped. */
export function samples(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`Not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]] = l[2].replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    out.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return out;
}

/** The sum of the samples named `name` whose labels include `labels`. */
export function total(all: Sample[], name: string, labels: Record<string, string> = {}): number {
  return all.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((n, s) => n + s.value, 0);
}

/** Whether Prometheus's promtool is on PATH (Debian's `prometheus` package; scripts/ensure-promtool.sh). */
export const hasPromtool = (): boolean => spawnSync('promtool', ['--version'], { stdio: 'ignore' }).status === 0;

/** `promtool check metrics` of `text`: its exit status and what it printed (lint problems included). */
export function promtoolCheck(text: string): { status: number | null; output: string } {
  const r = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}
