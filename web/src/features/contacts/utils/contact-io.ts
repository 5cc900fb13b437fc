/**
 * The contact as import and export see it: names, job title, company name, e-mails, phones,
 * addresses and notes. vCard and CSV both read into and write from this shape.
 */
import type { AddressRow, EmailRow, PhoneRow } from './form.ts';

export interface PortableContact {
  firstName: string;
  lastName: string;
  title: string;
  company: string;
  emails: EmailRow[];
  phones: PhoneRow[];
  addresses: AddressRow[];
  notes: string;
}

/** A row of an import: what was read and what is wrong with it (empty when it can be written). */
export interface ImportRow {
  /** Where it starts in the file (1-based line for vCard, record number for CSV). */
  line: number;
  contact: PortableContact;
  errors: string[];
}

export interface ImportResult {
  rows: ImportRow[];
  /** Faults that make the whole file unreadable (nothing is imported). */
  fileErrors: string[];
}

/** At most this many contacts in one import: the preview and the writes stay bounded. */
export const MAX_IMPORT_ROWS = 1000;
/** At most this many e-mails, phones or addresses a contact (the server bounds them too). */
export const MAX_ROWS_EACH = 20;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The per-row checks both formats share: a name or an e-mail, well-formed e-mails, bounded lists. */
export function rowErrors(c: PortableContact): string[] {
  const errors: string[] = [];
  if (!c.firstName && !c.lastName && c.emails.length === 0) errors.push('A name or an e-mail is required');
  for (const e of c.emails) if (!EMAIL.test(e.value)) errors.push(`Not an e-mail address: ${e.value}`);
  if (c.emails.length > MAX_ROWS_EACH) errors.push(`More than ${MAX_ROWS_EACH} e-mails`);
  if (c.phones.length > MAX_ROWS_EACH) errors.push(`More than ${MAX_ROWS_EACH} phones`);
  if (c.addresses.length > MAX_ROWS_EACH) errors.push(`More than ${MAX_ROWS_EACH} addresses`);
  return errors;
}

export const emptyPortable = (): PortableContact => ({
  firstName: '',
  lastName: '',
  title: '',
  company: '',
  emails: [],
  phones: [],
  addresses: [],
  notes: '',
});

/** True when an import may be written: rows to write and no fault anywhere. */
export const canImport = (r: ImportResult): boolean =>
  r.fileErrors.length === 0 && r.rows.length > 0 && r.rows.every((row) => row.errors.length === 0);
