/**
 * vCard (RFC 6350, and the 3.0 and 2.1 files address books still export) to contacts and back.
 * Reading is all or nothing: a line that is no vCard line, a property outside a card, a card
 * inside a card or a card with no END gives a file error naming the line, and nothing is imported.
 * Folded lines (a continuation starts with a space or tab) are joined first.
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

interface ContentLine {
  line: number;
  name: string;
  params: string[];
  value: string;
}

/** Joins folded lines, keeping each logical line's first physical line number. */
function unfold(text: string): Array<{ line: number; text: string }> {
  const out: Array<{ line: number; text: string }> = [];
  const physical = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  physical.forEach((raw, i) => {
    const last = out[out.length - 1];
    if ((raw.startsWith(' ') || raw.startsWith('\t')) && last) last.text += raw.slice(1);
    else out.push({ line: i + 1, text: raw });
  });
  return out.filter((l) => l.text.trim() !== '');
}

/** Splits on a separator not escaped with a backslash. */
function splitUnescaped(s: string, sep: string): string[] {
  const parts: string[] = [];
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '\\' && i + 1 < s.length) {
      cur += ch + s[i + 1];
      i++;
    } else if (ch === sep) {
      parts.push(cur);
      cur = '';
    } else cur += ch;
  }
  parts.push(cur);
  return parts;
}

const unescapeValue = (s: string) =>
  s.replace(/\\([nN,;\\])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c)).trim();

function parseLine(l: { line: number; text: string }): ContentLine | null {
  // The property part ends at the first ':' outside a quoted parameter value.
  let quoted = false;
  let colon = -1;
  for (let i = 0; i < l.text.length; i++) {
    const ch = l.text[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === ':' && !quoted) {
      colon = i;
      break;
    }
  }
  if (colon <= 0) return null;
  const [nameWithGroup, ...params] = l.text.slice(0, colon).split(';');
  const name = (nameWithGroup ?? '').replace(/^[^.]*\./, '').toUpperCase();
  if (!/^[A-Z0-9-]+$/.test(name)) return null;
  return { line: l.line, name, params, value: l.text.slice(colon + 1) };
}

const LABEL_OF_TYPE: Record<string, string> = {
  work: 'Work',
  home: 'Home',
  cell: 'Mobile',
  mobile: 'Mobile',
};
const IGNORED_TYPES = new Set(['pref', 'internet', 'voice', 'x400', 'text']);

/** The label a TYPE parameter gives ('TYPE=work,pref', 'type=HOME', vCard 2.1's bare 'WORK'). */
function labelOf(params: string[]): string {
  const types = params
    .flatMap((p) => {
      const [k, v] = p.includes('=') ? p.split('=', 2) : ['TYPE', p];
      return (k ?? '').toUpperCase() === 'TYPE' ? (v ?? '').replace(/"/g, '').split(',') : [];
    })
    .map((t) => t.trim().toLowerCase())
    .filter((t) => t && !IGNORED_TYPES.has(t));
  const first = types[0];
  if (!first) return DEFAULT_LABEL;
  return LABEL_OF_TYPE[first] ?? first.charAt(0).toUpperCase() + first.slice(1);
}

function applyProperty(c: PortableContact, p: ContentLine, hasN: { value: boolean }) {
  const parts = splitUnescaped(p.value, ';').map(unescapeValue);
  switch (p.name) {
    case 'N':
      hasN.value = true;
      c.lastName = parts[0] ?? '';
      c.firstName = parts[1] ?? '';
      break;
    case 'FN':
      if (!hasN.value || (!c.firstName && !c.lastName)) {
        const [first = '', ...rest] = unescapeValue(p.value).split(/\s+/);
        c.firstName = first;
        c.lastName = rest.join(' ');
      }
      break;
    case 'EMAIL':
      if (unescapeValue(p.value)) c.emails.push({ value: unescapeValue(p.value), label: labelOf(p.params) });
      break;
    case 'TEL':
      if (unescapeValue(p.value)) c.phones.push({ value: unescapeValue(p.value), label: labelOf(p.params) });
      break;
    case 'ADR': {
      const [, , street = '', city = '', state = '', zip = '', country = ''] = parts;
      if (street || city) c.addresses.push({ label: labelOf(p.params), street, city, state, zip, country });
      break;
    }
    case 'ORG':
      c.company = parts[0] ?? '';
      break;
    case 'TITLE':
      c.title = unescapeValue(p.value);
      break;
    case 'NOTE':
      c.notes = unescapeValue(p.value);
      break;
  }
}

export function parseVCards(text: string): ImportResult {
  const fileErrors: string[] = [];
  const rows: ImportRow[] = [];
  let current: { row: ImportRow; hasN: { value: boolean } } | null = null;
  for (const raw of unfold(text)) {
    const p = parseLine(raw);
    if (!p) {
      fileErrors.push(`Line ${raw.line}: this is not a vCard line`);
      continue;
    }
    const value = p.value.trim().toUpperCase();
    if (p.name === 'BEGIN' && value === 'VCARD') {
      if (current)
        fileErrors.push(`Line ${p.line}: a card starts before the card of line ${current.row.line} ends`);
      current = { row: { line: p.line, contact: emptyPortable(), errors: [] }, hasN: { value: false } };
    } else if (p.name === 'END' && value === 'VCARD') {
      if (!current) fileErrors.push(`Line ${p.line}: END:VCARD with no BEGIN:VCARD`);
      else {
        current.row.errors = rowErrors(current.row.contact);
        rows.push(current.row);
        current = null;
      }
    } else if (!current) fileErrors.push(`Line ${p.line}: ${p.name} is outside a card`);
    else applyProperty(current.row.contact, p, current.hasN);
  }
  if (current) fileErrors.push(`Line ${current.row.line}: the card has no END:VCARD`);
  if (rows.length === 0 && fileErrors.length === 0) fileErrors.push('The file holds no vCard');
  if (rows.length > MAX_IMPORT_ROWS) fileErrors.push(`More than ${MAX_IMPORT_ROWS} contacts in one file`);
  return { rows, fileErrors };
}

const escapeValue = (s: string) =>
  s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/,/g, '\\,').replace(/;/g, '\\;');

const TYPE_OF_LABEL: Record<string, string> = { mobile: 'cell' };
const typeOf = (label: string) => {
  const l = (label || DEFAULT_LABEL).trim().toLowerCase();
  return (TYPE_OF_LABEL[l] ?? l).replace(/[^a-z0-9-]/g, '') || 'work';
};

/** Folds a content line at 75 characters, as RFC 6350 asks. */
const fold = (line: string) => {
  const chunks: string[] = [];
  for (let i = 0; i < line.length; i += i === 0 ? 75 : 74)
    chunks.push(line.slice(i, i + (i === 0 ? 75 : 74)));
  return chunks.join('\r\n ');
};

export function toVCards(contacts: readonly PortableContact[]): string {
  const out: string[] = [];
  for (const c of contacts) {
    const lines = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      `N:${escapeValue(c.lastName)};${escapeValue(c.firstName)};;;`,
      `FN:${escapeValue([c.firstName, c.lastName].filter(Boolean).join(' ') || c.emails[0]?.value || '')}`,
    ];
    if (c.company) lines.push(`ORG:${escapeValue(c.company)}`);
    if (c.title) lines.push(`TITLE:${escapeValue(c.title)}`);
    for (const e of c.emails) lines.push(`EMAIL;TYPE=${typeOf(e.label)}:${escapeValue(e.value)}`);
    for (const t of c.phones) lines.push(`TEL;TYPE=${typeOf(t.label)}:${escapeValue(t.value)}`);
    for (const a of c.addresses)
      lines.push(
        `ADR;TYPE=${typeOf(a.label)}:;;${[a.street, a.city, a.state, a.zip, a.country].map(escapeValue).join(';')}`,
      );
    if (c.notes) lines.push(`NOTE:${escapeValue(c.notes)}`);
    lines.push('END:VCARD');
    out.push(...lines.map(fold));
  }
  return `${out.join('\r\n')}\r\n`;
}
