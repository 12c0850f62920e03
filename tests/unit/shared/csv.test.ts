/** The one CSV writer: records and headers as RFC 4180 writes them, with formulas defused in text only. */
import { describe, expect, it } from 'vitest';
import { csvHeader, csvRecord } from '../../../src/shared/csv.ts';

describe('csvRecord', () => {
  it('writes null as an empty field, numbers and booleans as they are, and ends the record in CRLF', () => {
    expect(csvRecord(['a', null, 4.2, -5, false])).toBe('a,,4.2,-5,false\r\n');
  });

  it('quotes a field with a quote, comma or line break, doubling quotes', () => {
    expect(csvRecord(['say "hi"', 'a,b', 'line 1\nline 2'])).toBe('"say ""hi""","a,b","line 1\nline 2"\r\n');
  });

  it('defuses text a spreadsheet would run as a formula, then quotes it if needed', () => {
    expect(csvRecord(['=1+1', '+x', '-5', '@SUM(A1)', '\tx', '=a,b'])).toBe(`'=1+1,'+x,'-5,'@SUM(A1),'\tx,"'=a,b"\r\n`);
  });
});

describe('csvHeader', () => {
  it('writes our own names quoted when needed, never defused', () => {
    expect(csvHeader(['time', '-x', 'a,b'])).toBe('time,-x,"a,b"\r\n');
  });
});
