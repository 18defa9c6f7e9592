import { describe, expect, it } from 'vitest';
import { errorLine } from './errors.js';

describe('errorLine', () => {
  it('is the first line of an error message', () => {
    expect(errorLine(new Error('Postgres init script failed (code: 1)\nERROR OUTPUT: ...'))).toBe('Postgres init script failed (code: 1)');
    expect(errorLine('plain text')).toBe('plain text');
  });

  it('never prints undefined for a rejection that carries nothing', () => {
    expect(errorLine(undefined)).toBe('an unexpected failure without a message (undefined)');
    expect(errorLine(null)).toBe('an unexpected failure without a message (null)');
    expect(errorLine(new Error(''))).toBe('Error without a message');
    expect(errorLine({})).toBe('an unexpected failure without a message (object)');
  });
});
