/**
 * CSV (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes) to contacts and back.
 * The header row names the columns; the names are matched loosely ('First name', 'first_name',
 * 'Email', 'E-mail 2'). Several e-mails or phones in one cell are separated by ';'. A quote left
 * open is a file error: nothing is imported.
 */
import {
  emptyPortable,
  type ImportResult,
  type ImportRow,
  MAX_IMPORT_ROWS,
  type PortableContact,
  rowErrors,
} from './contact-io.ts';
import { DEFAULT_LABEL } from './form.ts';

/** Records of fields; `lines` is where each record starts. Throws on a quote left open. */
export function parseCsvRecords(text: string): { records: string[][]; lines: number[] } {
  const s = text.replace(/^\uFEFF/, '');
  const records: string[][] = [];
  const lines: number[] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const endRecord = () => {
    record.push(field);
    if (record.length > 1 || record[0] !== '') {
      records.push(record);
      lines.push(recordLine);
    }
    record = [];
    field = '';
  };
  while (i < s.length) {
    const ch = s[i] as string;
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        field += ch;
      }
      i++;
      continue;
    }
    if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && s[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else field += ch;
    i++;
  }
  if (quoted) throw new Error(`Line ${recordLine}: a quoted field is never closed`);
  if (field !== '' || record.length > 0) endRecord();
  return { records, lines };
}

type Column =
  | 'firstName'
  | 'lastName'
  | 'name'
  | 'title'
  | 'company'
  | 'email'
  | 'phone'
  | 'street'
  | 'city'
  | 'state'
  | 'zip'
  | 'country'
  | 'notes';

const ALIASES: Record<string, Column> = {
  firstname: 'firstName',
  givenname: 'firstName',
  first: 'firstName',
  lastname: 'lastName',
  familyname: 'lastName',
  surname: 'lastName',
  last: 'lastName',
  name: 'name',
  fullname: 'name',
  title: 'title',
  jobtitle: 'title',
  company: 'company',
  organization: 'company',
  organisation: 'company',
  email: 'email',
  emailaddress: 'email',
  phone: 'phone',
  telephone: 'phone',
  mobile: 'phone',
  phonenumber: 'phone',
  street: 'street',
  address: 'street',
  city: 'city',
  state: 'state',
  region: 'state',
  zip: 'zip',
  postcode: 'zip',
  postalcode: 'zip',
  country: 'country',
  notes: 'notes',
  note: 'notes',
};

/** 'E-mail 2' → 'email', 'First Name' → 'firstName'; unknown columns are ignored. */
export const columnOf = (header: string): Column | undefined =>
  ALIASES[header.toLowerCase().replace(/[^a-z]/g, '')];

const splitMany = (cell: string) =>
  cell
    .split(';')
    .map((v) => v.trim())
    .filter(Boolean);

export function parseContactsCsv(text: string): ImportResult {
  let parsed: ReturnType<typeof parseCsvRecords>;
  try {
    parsed = parseCsvRecords(text);
  } catch (err) {
    return { rows: [], fileErrors: [(err as Error).message] };
  }
  const [header, ...records] = parsed.records;
  if (!header) return { rows: [], fileErrors: ['The file is empty'] };
  const columns = header.map(columnOf);
  if (!columns.some((c) => c === 'firstName' || c === 'lastName' || c === 'name' || c === 'email'))
    return { rows: [], fileErrors: ['The first row names no name or e-mail column'] };
  if (records.length > MAX_IMPORT_ROWS)
    return { rows: [], fileErrors: [`More than ${MAX_IMPORT_ROWS} contacts in one file`] };

  const rows: ImportRow[] = records.map((record, r) => {
    const c = emptyPortable();
    const address = { label: DEFAULT_LABEL, street: '', city: '', state: '', zip: '', country: '' };
    const errors: string[] = [];
    if (record.length > header.length)
      errors.push(`${record.length} fields where the header has ${header.length}`);
    columns.forEach((col, i) => {
      const cell = (record[i] ?? '').trim();
      if (!col || !cell) return;
      if (col === 'email') for (const v of splitMany(cell)) c.emails.push({ value: v, label: DEFAULT_LABEL });
      else if (col === 'phone')
        for (const v of splitMany(cell)) c.phones.push({ value: v, label: DEFAULT_LABEL });
      else if (col === 'name') {
        const [first = '', ...rest] = cell.split(/\s+/);
        if (!c.firstName && !c.lastName) {
          c.firstName = first;
          c.lastName = rest.join(' ');
        }
      } else if (col === 'street' || col === 'city' || col === 'state' || col === 'zip' || col === 'country')
        address[col] = cell;
      else c[col] = cell;
    });
    if (address.street || address.city) c.addresses.push(address);
    return { line: parsed.lines[r + 1] ?? r + 2, contact: c, errors: [...errors, ...rowErrors(c)] };
  });
  if (rows.length === 0) return { rows, fileErrors: ['The file holds no contacts'] };
  return { rows, fileErrors: [] };
}

export const CSV_HEADER = [
  'First name',
  'Last name',
  'Title',
  'Company',
  'Email',
  'Phone',
  'Street',
  'City',
  'State',
  'Zip',
  'Country',
  'Notes',
] as const;

/**
 * A field quoted when it must be. A cell a spreadsheet would run as a formula (a leading =, @, or a
 * + or - not followed by a phone number) is prefixed with ' so it opens as text.
 */
export function csvField(v: string): string {
  const formula = /^[=@\t\r]/.test(v) || (/^[+-]/.test(v) && !/^[+-][\d\s().-]+$/.test(v));
  const safe = formula ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toContactsCsv(contacts: readonly PortableContact[]): string {
  const rows = contacts.map((c) => {
    const a = c.addresses[0];
    return [
      c.firstName,
      c.lastName,
      c.title,
      c.company,
      c.emails.map((e) => e.value).join('; '),
      c.phones.map((p) => p.value).join('; '),
      a?.street ?? '',
      a?.city ?? '',
      a?.state ?? '',
      a?.zip ?? '',
      a?.country ?? '',
      c.notes,
    ].map(csvField);
  });
  return `${[CSV_HEADER.map(csvField), ...rows].map((r) => r.join(',')).join('\r\n')}\r\n`;
}
