import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { migrations, SHIPPED_OUT_OF_ORDER } from './index.js';

describe('the migration registry', () => {
  const names = Object.keys(migrations);

  it('lists every migration file of this folder once', () => {
    const dir = fileURLToPath(new URL('.', import.meta.url));
    const files = fs.readdirSync(dir).filter((f) => /^\d{8}[A-Z]-.+\.ts$/.test(f) && !f.endsWith('.test.ts')).map((f) => f.replace(/\.ts$/, ''));
    expect([...names].sort()).toEqual([...files].sort());
  });

  it('runs the migrations after the shipped ones in the order their names sort', () => {
    expect(names.slice(0, SHIPPED_OUT_OF_ORDER.length)).toEqual([...SHIPPED_OUT_OF_ORDER]);
    const later = names.slice(SHIPPED_OUT_OF_ORDER.length);
    expect(later).toEqual([...later].sort());
    for (const name of later) expect(name > SHIPPED_OUT_OF_ORDER[SHIPPED_OUT_OF_ORDER.length - 1], name).toBe(true);
  });
});
