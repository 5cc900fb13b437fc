/**
 * The CSV reader (issue 14 item 7): RFC 4180 quoting, CRLF/LF/CR, the BOM, blank lines, a broken
 * quote named by its line, and its bounds; every file the writer makes reads back to its cells.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvError, readCsv } from '../src/csv/read.ts';
import { csvField, toCsv } from '../src/csv/write.ts';

const cells = (text: string) => readCsv(text).map((r) => r.cells);

describe('readCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(cells('a,"b,c","say ""hi""","two\nlines"\r\nx,y,z,w\n')).toEqual([
      ['a', 'b,c', 'say "hi"', 'two\nlines'],
      ['x', 'y', 'z', 'w'],
    ]);
  });

  it('takes CRLF, LF and a lone CR as record ends and drops a BOM', () => {
    expect(cells('\uFEFFa,b\r\nc,d\ne,f\rg,h')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
  });

  it('keeps empty fields, skips blank lines, keeps a lone empty quoted field', () => {
    expect(cells('a,,b,\n\n\r\n,\n""\n')).toEqual([['a', '', 'b', ''], ['', ''], ['']]);
  });

  it('names the line of each record, counting line breaks inside quotes', () => {
    expect(readCsv('h\n"one\ntwo"\nthree\n').map((r) => r.line)).toEqual([1, 2, 4]);
  });

  it('keeps a quote inside an unquoted field as it is', () => {
    expect(cells('5" disk,x')).toEqual([['5" disk', 'x']]);
  });

  it('refuses a quote never closed, naming the line it opened on', () => {
    const run = () => readCsv('title\nfine\n"broken,here\nmore\n');
    expect(run).toThrow(CsvError);
    expect(run).toThrow(/Line 3: a quoted field is never closed/);
    try {
      run();
    } catch (e) {
      expect((e as CsvError).line).toBe(3);
      expect((e as CsvError).kind).toBe('open-quote');
    }
  });

  it('refuses text after a closing quote, naming its line', () => {
    expect(() => readCsv('a\n"ok"\n"bad"x,1\n')).toThrow(/Line 3: text follows a closing quote/);
  });

  it('stops at the first record past the limit, and refuses text past the size unread', () => {
    const big = `h\n${'x\n'.repeat(100_000)}`;
    expect(() => readCsv(big, { maxRecords: 5001 })).toThrow(
      expect.objectContaining({ kind: 'too-many-rows', line: 5002 }),
    );
    expect(readCsv(`h\n${'x\n'.repeat(5000)}`, { maxRecords: 5001 })).toHaveLength(5001);
    expect(() => readCsv('x'.repeat(11), { maxChars: 10 })).toThrow(
      expect.objectContaining({ kind: 'too-large' }),
    );
  });

  it('reads back every file the writer makes (property)', () => {
    // Cells the writer keeps as they are: none starts with a formula character (those gain a ').
    const cell = fc
      .string({ unit: fc.constantFrom('a', 'b', ' ', ',', '"', '\n', '\r', 'é', '1') })
      .filter((s) => !s.startsWith('\r'));
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 8 }),
        (rows) => {
          const text = toCsv(rows);
          const back = readCsv(text).map((r) => r.cells);
          // A record of one empty field is written as an empty line, which is no record.
          const expected = rows.filter((r) => !(r.length === 1 && r[0] === ''));
          expect(back).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('any text either reads or fails with a CsvError naming a line (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r') }), (text) => {
        try {
          const records = readCsv(text);
          for (const r of records) expect(r.line).toBeGreaterThanOrEqual(1);
        } catch (e) {
          expect(e).toBeInstanceOf(CsvError);
          expect((e as CsvError).line).toBeGreaterThanOrEqual(1);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('the writer quotes what the reader needs quoted', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(readCsv(csvField('x"y')).map((r) => r.cells)).toEqual([['x"y']]);
  });
});
