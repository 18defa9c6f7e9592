import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeRow, stagingBytes } from './load-copy.js';
import { biz } from './load.fixtures.js';

describe('encodeRow', () => {
  it('encodes hours the same whether rows share one hours object or each has its own', () => {
    const hours = { monday: { open: '9AM', close: '5PM', closed: false }, sunday: { closed: true } };
    const shared = [biz({ name: 'A', businessHours: hours }), biz({ name: 'A', businessHours: hours })].map((b) => encodeRow(b, 'sig'));
    const own = encodeRow(biz({ name: 'A', businessHours: structuredClone(hours) }), 'sig');
    expect(shared[0]).toEqual(own);
    expect(shared[1]).toEqual(own);
    expect(own.body).toContain(JSON.stringify(hours));
    expect(encodeRow(biz({ name: 'A', businessHours: { sunday: { closed: true } } }), 'sig').hash).not.toBe(own.hash);
  });

  it('stages the open week of the hours last, outside the content hash (which the hours decide), so stored hashes stay valid', () => {
    const hours = { monday: { open: '9AM', close: '5PM', closed: false }, sunday: { closed: true } };
    const { body, hash } = encodeRow(biz({ name: 'A', businessHours: hours }), 'sig');
    const cells = body.split('\t');
    expect(cells[cells.length - 1]).toBe('{[540,1020)}');
    expect(hash).toBe(createHash('md5').update(`sig\n${cells.slice(0, -1).join('\t')}`).digest('hex'));
    expect(encodeRow(biz({ name: 'A', businessHours: null }), 'sig').body.endsWith('\t\\N')).toBe(true);
  });

  it('escapes the separators COPY text gives a meaning to, and writes null as \\N', () => {
    const { body } = encodeRow(biz({ name: 'a\tb\\c\nd\re', about: null }));
    expect(body.split('\t')[0]).toBe('a\\tb\\\\c\\nd\\re');
    expect(body).toContain('\\N');
  });

  it('writes staging lines as UTF-8: position, identity, hash, slug, ids (null as \\N), the body, then the open hours', () => {
    const rows = [biz({ name: 'Çınar İş\tYeri', placeId: 'P\\1' }), biz({ name: 'Plain' })].map((b) => ({ b, e: encodeRow(b, 'sig') }));
    const bytes = stagingBytes(
      rows.map(({ b, e }, k) => ({ ord: k, row: { identityKey: b.identityKey, hash: e.hash, bytes: Buffer.from(e.body) }, slug: k ? 'plain' : 'cinar-is-yeri', categoryId: k ? null : 3, cityId: k ? 9 : null })),
    );
    expect(bytes.toString('utf8')).toBe(
      `0\tp:P\\\\1\t${rows[0].e.hash}\tcinar-is-yeri\t3\t\\N\t${rows[0].e.body}\t\\N\n` + `1\t${rows[1].b.identityKey}\t${rows[1].e.hash}\tplain\t\\N\t9\t${rows[1].e.body}\t\\N\n`,
    );
    expect(rows[0].e.body.startsWith('Çınar İş\\tYeri\t')).toBe(true);
  });
});
