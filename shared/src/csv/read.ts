/**
 * CSV reading (RFC 4180, issue 14 item 7): fields separated by commas, records by CRLF or LF (a lone
 * CR too), a field in double quotes may hold commas, line breaks and doubled quotes; a byte order mark
 * at the start is dropped. Bounded before the work is done: a text longer than `maxChars` is refused
 * unread, and reading stops at the first record past `maxRecords`, so a 100,000-row file costs the
 * reading of its first rows only. A quote left open, or text after a closing quote, is an error that
 * names the line. A quote inside an unquoted field (`5" disk`) is kept as it is, as spreadsheets do.
 */

export interface CsvRecord {
  /** The line of the file the record starts on (1 is the first). */
  line: number;
  cells: string[];
}

export type CsvErrorKind = 'too-large' | 'too-many-rows' | 'open-quote' | 'after-quote' | 'empty';

export class CsvError extends Error {
  constructor(
    readonly kind: CsvErrorKind,
    message: string,
    /** The line the fault is on, when it is on one. */
    readonly line?: number,
  ) {
    super(message);
    this.name = 'CsvError';
  }
}

export interface CsvReadLimits {
  /** Characters of text (a UTF-8 byte count is at least this): 2 MB by default. */
  maxChars?: number;
  /** Records, the header included. */
  maxRecords?: number;
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/**
 * Every record of the text in order; a blank line (nothing on it) is no record. The first record is
 * the header when the caller says so; this reader does not guess.
 */
export function readCsv(text: string, limits: CsvReadLimits = {}): CsvRecord[] {
  const maxChars = limits.maxChars ?? Number.POSITIVE_INFINITY;
  const maxRecords = limits.maxRecords ?? Number.POSITIVE_INFINITY;
  if (text.length > maxChars) throw new CsvError('too-large', 'The file is too large.');
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let line = 1;
  let i = 0;
  const n = s.length;
  while (i < n) {
    const start = line;
    const cells: string[] = [];
    let quoted = false;
    let endOfRecord = false;
    while (!endOfRecord) {
      let cell = '';
      if (s.charCodeAt(i) === QUOTE) {
        const openLine = line;
        quoted = true;
        i++;
        for (;;) {
          const q = s.indexOf('"', i);
          if (q < 0) {
            throw new CsvError(
              'open-quote',
              `Line ${openLine}: a quoted field is never closed (a quote is missing).`,
              openLine,
            );
          }
          const chunk = s.slice(i, q);
          cell += chunk;
          line += countBreaks(chunk);
          if (s.charCodeAt(q + 1) === QUOTE) {
            cell += '"';
            i = q + 2;
            continue;
          }
          i = q + 1;
          break;
        }
        const c = s.charCodeAt(i);
        if (i < n && c !== COMMA && c !== LF && c !== CR) {
          throw new CsvError(
            'after-quote',
            `Line ${line}: text follows a closing quote (a quote inside a quoted field is written twice).`,
            line,
          );
        }
      } else {
        let j = i;
        while (j < n) {
          const c = s.charCodeAt(j);
          if (c === COMMA || c === LF || c === CR) break;
          j++;
        }
        cell = s.slice(i, j);
        i = j;
      }
      cells.push(cell);
      if (i >= n) {
        endOfRecord = true;
      } else {
        const c = s.charCodeAt(i);
        if (c === COMMA) {
          i++;
          // A comma at the very end of the text ends the record with one more, empty, field.
          if (i >= n) {
            cells.push('');
            endOfRecord = true;
          }
        } else {
          i += c === CR && s.charCodeAt(i + 1) === LF ? 2 : 1;
          line++;
          endOfRecord = true;
        }
      }
    }
    // A blank line is no record (a record of one empty quoted field, `""`, is one).
    if (cells.length === 1 && cells[0] === '' && !quoted) continue;
    if (records.length >= maxRecords) {
      throw new CsvError('too-many-rows', `The file has more than ${maxRecords} records.`, start);
    }
    records.push({ line: start, cells });
  }
  return records;
}

/** Line breaks in a quoted field's text (CRLF is one). */
function countBreaks(chunk: string): number {
  let count = 0;
  for (let k = 0; k < chunk.length; k++) {
    const c = chunk.charCodeAt(k);
    if (c === LF) count++;
    else if (c === CR && chunk.charCodeAt(k + 1) !== LF) count++;
  }
  return count;
}
