import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The import graph has no circle: a module never reaches itself through what it imports (types
 * included). The direction of the arrows between folders is eslint.config.js's (layers.test.ts);
 * this catches a circle inside one folder too, which the layer rules cannot see.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['cli', 'server', 'data', 'db', 'domain', 'web/src'];
const SOURCE = /\.tsx?$/;
const NOT_SOURCE = /\.(test|fixtures)\.tsx?$|(^|\/)(node_modules|dist)(\/|$)/;
const IMPORT = /^\s*(?:import|export)\b[^'";]*?\bfrom\s+'([^']+)'|^\s*import\s+'([^']+)'/gm;

function sources(): string[] {
  return FOLDERS.flatMap((dir) =>
    fs
      .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .map((f) => `${dir}/${f.split(path.sep).join('/')}`)
      .filter((f) => SOURCE.test(f) && !NOT_SOURCE.test(f)),
  );
}

/** The file an import names, or null for a package. */
function resolve(from: string, spec: string, known: Set<string>): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = `web/src/${spec.slice(2)}`;
  else if (spec.startsWith('@domain/')) base = `domain/${spec.slice('@domain/'.length)}`;
  else if (spec.startsWith('.')) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  else return null;
  base = base.replace(/\.js$/, '');
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((f) => known.has(f)) ?? null;
}

function importGraph(files: string[], read: (file: string) => string): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => [
      file,
      [...read(file).matchAll(IMPORT)].map((m) => resolve(file, m[1] ?? m[2], known)).filter((f): f is string => f !== null),
    ]),
  );
}

/** The circles of a graph (its strongly connected parts of more than one module, or a module importing itself). */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const part: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(part.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('the import graph', () => {
  it('has no circle', () => {
    const graph = importGraph(sources(), (file) => fs.readFileSync(path.join(root, file), 'utf8'));
    expect(graph.size).toBeGreaterThan(300);
    // The web client's aliases are followed too.
    expect(graph.get('web/src/main.tsx')?.some((f) => f.startsWith('web/src/'))).toBe(true);
    expect(circles(graph)).toEqual([]);
  });

  it('would see one', () => {
    const files: Record<string, string> = {
      'data/a.ts': "import { b } from './b.js';\n",
      'data/b.ts': "import type { C } from '../db/c.js';\n",
      'db/c.ts': "export { a } from '../data/a.js';\n",
      'web/src/x.tsx': "import { y } from '@/y';\n",
      'web/src/y.ts': "import { slugPath } from '@domain/paths';\n",
    };
    const graph = importGraph(Object.keys(files), (f) => files[f]);
    expect(circles(graph)).toEqual([['data/a.ts', 'data/b.ts', 'db/c.ts']]);
  });
});
