/**
 * For the tests of what a write leaves kept (list-dependencies.test.ts, country-dependencies.test.ts):
 * answers asked over HTTP with the statements each cost the app (zero: served from memory), warmed
 * until kept, and checked kept under their ETag. Statements count from `listen()` to `stop()`.
 */
import { expect } from 'vitest';
import type { TestApp } from '../test-app.js';

export function keptAnswers(app: () => TestApp) {
  const statements: string[] = [];
  const count = (q: { sql: string }) => {
    if (!/from "data_version"|data_changes/.test(q.sql)) statements.push(q.sql);
  };
  /** The answer, and how many statements it cost (zero: served from memory). */
  async function ask(path: string) {
    const before = statements.length;
    const res = await fetch(app().url + path);
    return { res, text: await res.text(), statements: statements.length - before };
  }
  /** Asked until kept (the second time), then once more: served from memory. Its ETag. */
  async function warm(path: string) {
    await ask(path);
    await ask(path);
    const kept = await ask(path);
    expect([path, kept.res.status, kept.statements]).toEqual([path, 200, 0]);
    return kept.res.headers.get('etag')!;
  }
  /** Each warmed in turn (the statements are counted for the app as a whole). */
  async function warmAll(paths: string[]) {
    const tags: Record<string, string> = {};
    for (const path of paths) tags[path] = await warm(path);
    return tags;
  }
  /** Each of `paths` read again: from memory, under the ETag it had. */
  async function expectKept(tags: Record<string, string>) {
    for (const [path, tag] of Object.entries(tags)) {
      const again = await ask(path);
      expect([path, again.res.status, again.statements, again.res.headers.get('etag')]).toEqual([path, 200, 0, tag]);
    }
  }
  return {
    listen: () => void app().db.on('query', count),
    stop: () => void app().db.off('query', count),
    ask,
    warm,
    warmAll,
    expectKept,
  };
}
