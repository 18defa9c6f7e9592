import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository stands alone: code cites no document outside it. A decision the code relies on
 * is written in docs/ (docs/choices.md for the product's) and a comment may point there.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['bin', 'cli', 'data', 'db', 'domain', 'e2e', 'scripts', 'server', 'web'];
const CODE = /\.(ts|tsx|js|mjs|cjs|sh)$/;
const SKIP = /(^|\/)(node_modules|dist|pg|photo-cache)(\/|$)/;
// Built from parts, so that this file does not cite what it looks for.
// An issue number points at a tracker outside the repository too.
const CITATION = new RegExp(`\\b(SPEC|CONTRACT|STYLE) ?${'\u00a7'}|\\b[Ii]ssue #?\\d`);

function codeFiles(): string[] {
  const top = fs.readdirSync(root).filter((f) => CODE.test(f) || f === 'Makefile');
  const nested = FOLDERS.flatMap((dir) =>
    fs.existsSync(path.join(root, dir)) ? fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => `${dir}/${f.split(path.sep).join('/')}`) : [],
  );
  return [...top, ...nested.filter((f) => CODE.test(f) && !SKIP.test(f))];
}

describe('the words of the code', () => {
  it('cite no specification, contract, style guide or issue outside the repository', () => {
    const found = codeFiles()
      .flatMap((file) =>
        fs
          .readFileSync(path.join(root, file), 'utf8')
          .split('\n')
          .flatMap((line, i) => (CITATION.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(found).toEqual([]);
  });

  it('would catch one', () => {
    expect(CITATION.test(`// a reason (CONTRACT ${'\u00a7'}4)`)).toBe(true);
    expect(CITATION.test(`// a reason (issue ${14})`)).toBe(true);
    expect(CITATION.test('// a reason (see docs/choices.md)')).toBe(false);
  });
});
