import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDbConfig } from './config.js';

describe('the database settings', () => {
  it('keeps the embedded database out of the source folders by default', () => {
    const { dataDir } = readDbConfig({});
    expect(dataDir).toBe(path.resolve('var/pg'));
    for (const source of ['cli', 'server', 'db', 'data', 'domain', 'web', 'scripts', 'e2e']) {
      expect(path.relative(path.resolve(source), dataDir).startsWith('..')).toBe(true);
    }
  });

  it('takes DATA_DIR when it is set', () => {
    expect(readDbConfig({ DATA_DIR: './data/pg' }).dataDir).toBe(path.resolve('data/pg'));
  });
});
