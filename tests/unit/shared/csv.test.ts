/** The one CSV writer: records and headers as RFC 4180 writes them, with formulas defused in text only. */
import { describe, expect, it } from 'vitest';
import { BOM, csvHeader, csvRecord, defuseFormula } from '../../../src/shared/csv.ts';

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

describe('defuseFormula', () => {
  const triggers = ['=', '+', '-', '@'];
  // Whitespace, control and invisible format characters a spreadsheet may skip before it reads a formula.
  const invisible = [
    ' ',
    '\t',
    '\r',
    '\n',
    '\v',
    '\f',
    '\u00A0',
    '\u1680',
    '\u2000',
    '\u200A',
    '\u200B',
    '\u200C',
    '\u200D',
    '\u200E',
    '\u2028',
    '\u202F',
    '\u205F',
    '\u2060',
    '\u3000',
    '\uFEFF',
    '\u00AD',
    '\u0000',
    '\u001F',
  ];

  it.each(triggers)('defuses text starting with %s', (trigger) => {
    expect(defuseFormula(`${trigger}HYPERLINK("https://evil.example")`)).toBe(`'${trigger}HYPERLINK("https://evil.example")`);
  });

  it.each(invisible.map((char) => [char.codePointAt(0)?.toString(16).padStart(4, '0'), char]))(
    'defuses a formula behind U+%s, alone, repeated and mixed with other invisible characters',
    (_code, char) => {
      for (const trigger of triggers) {
        for (const lead of [char, char.repeat(3), ` ${char}\u200B`]) expect(defuseFormula(`${lead}${trigger}1+1`)).toBe(`'${lead}${trigger}1+1`);
      }
    },
  );

  it('defuses text starting with tab or CR even without a formula after them', () => {
    expect(defuseFormula('\tplain')).toBe(`'\tplain`);
    expect(defuseFormula('\rplain')).toBe(`'\rplain`);
  });

  it('leaves text alone whose first visible character starts no formula, and a sign later in the text', () => {
    for (const text of ['Ann', ' Ann', '\u00A0\u200BAnn', 'a=b', 'x-1', 'user@example.com', '', ' ', 'Zoë -1']) expect(defuseFormula(text)).toBe(text);
  });
});

describe('csvHeader', () => {
  it('starts the file with the byte order mark, then our own names quoted when needed, never defused', () => {
    expect(csvHeader(['time', '-x', 'a,b'])).toBe(`${BOM}time,-x,"a,b"\r\n`);
    expect(BOM).toBe('\uFEFF');
  });
});
