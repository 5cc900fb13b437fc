/**
 * From the contact form to the wire and back (spec 001 §7 POST /contact/): the kept rows, the
 * company link, the group links and the default notes text (§5). The shared schema the server
 * parses with checks the body here first, so the form shows the server's own messages at the
 * fields and sends nothing it would refuse.
 */
import { NOTES_CREATED, NOTES_UPDATED } from '@tandem/shared/contacts/rules';
import { createCompanyInput, createContactInput } from '@tandem/shared/contacts/schemas';
import type { CompanyView, ContactView } from '@tandem/shared/contacts/views';
import { isEmail } from '../../../lib/validation.ts';
import type { ContactBody } from '../api/contacts.ts';
import type { PortableContact } from './contact-io.ts';
import {
  blankAddress,
  blankEmail,
  blankPhone,
  type ContactFormValues,
  defaultPrimaryGroup,
  type GroupChoice,
  groupLinks,
  keptAddresses,
  keptValues,
} from './form.ts';

export function valuesFromContact(c: ContactView): ContactFormValues {
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    title: c.title,
    companyId: c.companyId === null ? null : String(c.companyId),
    emails: c.emails.length ? c.emails.map((e) => ({ ...e, key: e.id })) : [blankEmail()],
    phones: c.phones.length ? c.phones.map((p) => ({ ...p, key: p.id })) : [blankPhone()],
    addresses: c.addresses.length ? c.addresses.map((a) => ({ ...a, key: a.id })) : [blankAddress()],
    primaryGroupId: c.primaryGroupId || null,
    secondaryGroupIds: c.secondaryGroupIds.filter((g) => g !== c.primaryGroupId),
  };
}

/**
 * The body of a create (no `existing`) or an edit. The default notes text goes only where the notes
 * are blank: an edit never overwrites notes written in the notes tab.
 */
export function contactBody(
  v: ContactFormValues,
  existing?: Pick<ContactView, 'notes' | 'companyAssociationId'>,
): ContactBody {
  const notesBlank = !existing || existing.notes.trim() === '';
  return {
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    ...(notesBlank ? { notes: existing ? NOTES_UPDATED : NOTES_CREATED } : {}),
    contactEmail: keptValues(v.emails),
    contactPhone: keptValues(v.phones),
    contactAddress: keptAddresses(v.addresses),
    contactCompany:
      v.companyId || v.title.trim()
        ? {
            company: v.companyId ? Number(v.companyId) : null,
            jobTitle: v.title.trim(),
            department: '',
            ...(existing?.companyAssociationId ? { id: existing.companyAssociationId } : {}),
          }
        : null,
    group: groupLinks(v.primaryGroupId, v.secondaryGroupIds),
  };
}

const FORM_PATH: Record<string, string> = {
  contactEmail: 'emails',
  contactPhone: 'phones',
  contactAddress: 'addresses',
  group: 'primaryGroupId',
  contactCompany: 'companyId',
};

/** The form's errors: each e-mail checked as an address, then the server's schema on the body. */
export function contactFormErrors(v: ContactFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  v.emails.forEach((e, i) => {
    if (e.value.trim() && !isEmail(e.value)) errors[`emails.${i}.value`] = 'Enter a valid e-mail address.';
  });
  const parsed = createContactInput.safeParse(contactBody(v));
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      // A message about a list (a bound, a row) shows at the list: the body's rows are the kept ones,
      // whose indexes are not the form's.
      const head = String(issue.path[0] ?? 'firstName');
      errors[FORM_PATH[head] ?? head] ??= issue.message;
    }
  return errors;
}

export interface CompanyFormValues {
  name: string;
  phone: string;
  cell: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  primaryGroupId: string | null;
  secondaryGroupIds: string[];
}

export function emptyCompanyValues(groups: readonly GroupChoice[]): CompanyFormValues {
  return {
    name: '',
    phone: '',
    cell: '',
    address1: '',
    address2: '',
    city: '',
    state: '',
    zip: '',
    country: '',
    primaryGroupId: defaultPrimaryGroup(groups),
    secondaryGroupIds: [],
  };
}

export function valuesFromCompany(c: CompanyView): CompanyFormValues {
  return {
    name: c.name,
    phone: c.phone,
    cell: c.cell,
    address1: c.address.street,
    address2: c.address.street2,
    city: c.address.city,
    state: c.address.state,
    zip: c.address.zip,
    country: c.address.country,
    primaryGroupId: c.primaryGroupId || null,
    secondaryGroupIds: c.secondaryGroupIds.filter((g) => g !== c.primaryGroupId),
  };
}

export function companyBody(v: CompanyFormValues) {
  const { primaryGroupId, secondaryGroupIds, ...fields } = v;
  const trimmed = Object.fromEntries(Object.entries(fields).map(([k, s]) => [k, s.trim()])) as Omit<
    CompanyFormValues,
    'primaryGroupId' | 'secondaryGroupIds'
  >;
  return { ...trimmed, group: groupLinks(primaryGroupId, secondaryGroupIds) };
}

export function companyFormErrors(v: CompanyFormValues): Record<string, string> {
  const parsed = createCompanyInput.safeParse(companyBody(v));
  const errors: Record<string, string> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const head = String(issue.path[0] ?? 'name');
      errors[head === 'group' ? 'primaryGroupId' : head] ??= issue.message;
    }
  return errors;
}

/** A contact as export writes it. */
export const portableOf = (c: ContactView): PortableContact => ({
  firstName: c.firstName,
  lastName: c.lastName,
  title: c.title,
  company: c.companyName,
  emails: c.emails.map(({ value, label }) => ({ value, label })),
  phones: c.phones.map(({ value, label }) => ({ value, label })),
  addresses: c.addresses.map(({ id: _id, ...a }) => a),
  notes: c.notes,
});

/** An imported contact as a create body in the given groups (its company is not linked: names only). */
export function bodyOfImported(c: PortableContact, primaryGroupId: string | null): ContactBody {
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    notes: c.notes || NOTES_CREATED,
    contactEmail: keptValues(c.emails),
    contactPhone: keptValues(c.phones),
    contactAddress: keptAddresses(c.addresses),
    contactCompany: c.title ? { company: null, jobTitle: c.title, department: '' } : null,
    group: groupLinks(primaryGroupId, []),
  };
}

/** An import row's faults: its own (contact-io) and what the server's schema would refuse. */
export function importRowErrors(c: PortableContact, own: readonly string[]): string[] {
  const parsed = createContactInput.safeParse(bodyOfImported(c, null));
  const schema = parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  return [...new Set([...own, ...schema])];
}
