import { parseEditorDocument } from '../editor/document.ts';
/** The contacts and companies rules (spec 001 §5, §9) and their messages (§8): no zod here. */

export const CONTACT_RULES = {
  /** Spec 001 §9. */
  pageSize: 50,
  maxPageSize: 50,
  /** Ours: repeatable fields are bounded so one contact stays one small item (docs/decisions.md D54). */
  maxEmails: 20,
  maxPhones: 20,
  maxAddresses: 20,
  /** Ours: a contact or company links to at most this many groups. */
  maxGroups: 10,
  /** Ours: bulk actions and merges are bounded (one merge is ONE transaction of at most 100 actions). */
  maxBulkIds: 100,
  maxMergeIds: 10,
  maxTransactionActions: 100,
  /** Ours: text bounds (the spec shows none; these keep items small). */
  maxName: 150,
  maxNotes: 10_000,
  maxValue: 254,
  maxLabel: 50,
  maxSearch: 100,
  /** GET /contact/company/group?group=a,b: at most this many groups at once. */
  maxListGroups: 10,
  /** POST /tasks/associate/: tasks linked per call. */
  maxAssociate: 50,
} as const;

export const DEFAULT_LABEL = 'Work';
/** Spec 001 §9: the colour of a group link whose group has none. */
export const DEFAULT_LINK_COLOR = '#9747FF';
export const NOTES_CREATED = 'Contact created via frontend form.';
export const NOTES_UPDATED = 'Contact updated via frontend form.';

/** Orderings the lists support ('-' for descending); spec 001 §9: firstName / name ascending by default. */
export const CONTACT_ORDERINGS = ['firstName', 'lastName', 'createdAt'] as const;
export const COMPANY_ORDERINGS = ['name', 'createdAt'] as const;
export type ContactOrderField = (typeof CONTACT_ORDERINGS)[number];
export type CompanyOrderField = (typeof COMPANY_ORDERINGS)[number];

export const CONTACT_MESSAGES = {
  companyNotFound: 'Company not found',
  contactNotFound: 'Contact not found',
  contactNotFoundForUpdate: 'Contact not found for update',
  /** As contacts/company-id.ts says it. */
  companyIdNumber: 'The company id must be a number.',
  tooManyEmails: `A contact has at most ${CONTACT_RULES.maxEmails} e-mails.`,
  tooManyPhones: `A contact has at most ${CONTACT_RULES.maxPhones} phones.`,
  tooManyAddresses: `A contact has at most ${CONTACT_RULES.maxAddresses} addresses.`,
  tooManyGroups: `At most ${CONTACT_RULES.maxGroups} groups.`,
  onePrimary: 'Only one group can be the primary group.',
  duplicateGroup: 'A group is listed twice.',
  tooManyIds: `At most ${CONTACT_RULES.maxBulkIds} at once.`,
  tooManyMerge: `At most ${CONTACT_RULES.maxMergeIds} contacts can be merged into one at once.`,
  mergeTooBig: 'These contacts have too many details and links to merge at once. Merge fewer at a time.',
  mergeSelf: 'A contact cannot be merged into itself.',
  orderingUnknown: 'Unknown ordering.',
  contactOrCompany: 'Give a contact or a company.',
  blankName: 'Give a first or last name.',
  blankCompanyName: 'Give the company a name.',
} as const;

/** Normalised text for ordering and search keys: lower case, accents and extra spaces removed. */
export function normaliseName(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** A phone as search key: its digits only. */
export const phoneDigits = (s: string) => s.replace(/\D+/g, '');

/** Parses `firstName`, `-createdAt`… into field and direction; undefined when unknown. */
export function parseOrdering<F extends string>(
  value: string,
  allowed: readonly F[],
): { field: F; descending: boolean } | undefined {
  const descending = value.startsWith('-');
  const raw = descending ? value.slice(1) : value;
  // Snake case on the wire (first_name) or camel case (firstName) both name the field.
  const camel = raw.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  const field = allowed.find((f) => f === camel);
  return field ? { field, descending } : undefined;
}

/**
 * The defaults of a task made from a contact or company (spec 001 §9): the web fills its form with
 * them; the server applies nothing implicitly.
 */
export function contactTaskDefaults(now: Date = new Date()) {
  return {
    dueAt: new Date(now.getTime() + 7 * 24 * 3600 * 1000).toISOString(),
    details: { flag: 3 },
    assigneeRole: 3,
    userTimezone: 'America/New_York',
    status: 1,
    mode: 'active' as const,
  };
}

/**
 * The notes a save keeps (D62), like a task's description (D51): with a document (already checked and
 * made safe by the schema), its plain text, never the client's; plain notes as given; none given, the
 * notes before, or the spec's default text (§5) where there were none.
 */
export function notesToKeep(
  input: { notes?: string | undefined; notesDoc?: string | null | undefined },
  before: { notes: string; notesDoc?: string | undefined } | null,
  fallback: string,
): { notes: string; notesDoc?: string } {
  if (typeof input.notesDoc === 'string') {
    const r = parseEditorDocument(input.notesDoc);
    return { notes: r.ok ? r.text : '', notesDoc: input.notesDoc };
  }
  if (input.notes !== undefined) {
    // New plain notes drop a document that would say something else; the same text keeps it.
    const keep = input.notesDoc !== null && before?.notesDoc && input.notes === before.notes;
    return keep ? { notes: input.notes, notesDoc: before.notesDoc! } : { notes: input.notes };
  }
  if (input.notesDoc === null || !before) return { notes: before?.notes || fallback };
  return before.notesDoc
    ? { notes: before.notes, notesDoc: before.notesDoc }
    : { notes: before.notes || fallback };
}
