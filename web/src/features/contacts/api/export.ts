/**
 * Export (issue 15 item 2): the selected contacts, or every contact of the list's group read page by
 * page through the `next` links (at most MAX_EXPORT, so one click cannot read without end).
 */
import type { ContactView } from '@tandem/shared/contacts/views';
import { portableOf } from '../utils/contact-body.ts';
import type { PortableContact } from '../utils/contact-io.ts';
import { toContactsCsv } from '../utils/csv.ts';
import { downloadText } from '../utils/download.ts';
import { toVCards } from '../utils/vcard.ts';
import { cursorOf, getContact, listContacts } from './contacts.ts';

export const MAX_EXPORT = 5000;
export type ExportFormat = 'vcard' | 'csv';

export async function allContacts(ordering: string, group?: string): Promise<ContactView[]> {
  const out: ContactView[] = [];
  let cursor: string | undefined;
  for (let page = 1; out.length < MAX_EXPORT; page++) {
    const p = await listContacts({ ordering, group, page, cursor });
    out.push(...p.results);
    cursor = cursorOf(p.next);
    if (!p.next || p.results.length === 0) break;
  }
  return out.slice(0, MAX_EXPORT);
}

/** The selected contacts: those already read from the list, the others read one by one. */
export async function selectedContacts(ids: readonly string[], known: ReadonlyMap<string, ContactView>) {
  return Promise.all(ids.map((id) => known.get(id) ?? getContact(id)));
}

export function download(contacts: readonly ContactView[], format: ExportFormat): void {
  const portable: PortableContact[] = contacts.map(portableOf);
  const day = new Date().toISOString().slice(0, 10);
  if (format === 'vcard') downloadText(toVCards(portable), `contacts-${day}.vcf`, 'text/vcard;charset=utf-8');
  else downloadText(`\uFEFF${toContactsCsv(portable)}`, `contacts-${day}.csv`, 'text/csv;charset=utf-8');
}
