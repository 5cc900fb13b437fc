/**
 * CSV writing (RFC 4180; issue 14 items 6 and 7): fields separated by commas, records by CRLF, a field
 * quoted when it holds a comma, a quote, CR or LF, quotes inside doubled; UTF-8 with a byte order mark
 * so spreadsheets read accents. A text cell that a spreadsheet would run as a formula (=, +, -, @
 * first) is written with a leading apostrophe; numbers are written as numbers. The reader that takes
 * these files back is read.ts.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_MIME = 'text/csv;charset=utf-8';

export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
/** A number written as text ('-3.5') is data, not a formula. */
const NUMBER_TEXT = /^[-+]?\d+(\.\d+)?$/;

export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let s = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  if (typeof value === 'string' && FORMULA_START.test(s) && !NUMBER_TEXT.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** The whole file's text: the BOM, then each row, each ending with CRLF. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<CsvCell>>): string {
  return CSV_BOM + rows.map((r) => `${r.map(csvField).join(',')}\r\n`).join('');
}
