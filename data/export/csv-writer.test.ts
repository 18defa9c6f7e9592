import { describe, expect, it } from 'vitest';
import { csvRecord } from './csv-writer.js';

describe('csvRecord', () => {
  it('quotes every cell with a comma, quote, CR, LF, semicolon or tab, and doubles the quotes', () => {
    expect(csvRecord(['a,b', 'say "hi"', 'cr\rx', 'lf\nx', 'crlf\r\nx', 'semi;x', 'tab\tx', 'plain', 'Şişli'])).toBe(
      '"a,b","say ""hi""","cr\rx","lf\nx","crlf\r\nx","semi;x","tab\tx",plain,Şişli\r\n',
    );
  });

  it('writes numbers as they print and empty values as empty cells, a negative number first guarded', () => {
    expect(csvRecord(['x', 4.75, -33.86, 0, null, undefined, ''])).toBe('x,4.75,-33.86,0,,,\r\n');
    expect(csvRecord([-2, 'x'])).toBe("'-2,x\r\n");
  });

  it('guards a formula at the start and after a separator or line break inside a cell', () => {
    expect(csvRecord(['n', "=cmd|' /C calc'!A0", '@x', 'x;=cmd', 'about\n-item', '+90 212 555 12 34'])).toBe(
      `n,'=cmd|' /C calc'!A0,'@x,"x;'=cmd","about\n'-item",+90 212 555 12 34\r\n`,
    );
  });
});
