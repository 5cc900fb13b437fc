/**
 * Contacts (spec 001 §3–§7 "Contacts"): create, read, edit, delete, their e-mails, phones,
 * addresses and group links, lists per group in the order asked, search. Every call checks the
 * caller's role per group (access.ts). docs/api/contacts.md describes the calls.
 */
import { randomUUID } from 'node:crypto';
import {
  CONTACT_MESSAGES,
  CONTACT_RULES,
  NOTES_CREATED,
  NOTES_UPDATED,
  normaliseName,
  notesToKeep,
} from '@tandem/shared/contacts/rules';
import type {
  ContactListQuery,
  ContactSearchQuery,
  CreateContactInput,
  UpdateContactInput,
} from '@tandem/shared/contacts/schemas';
import type {
  ContactAddressView,
  ContactEmailView,
  ContactPage,
  ContactView,
} from '@tandem/shared/contacts/views';
import { getItems, item } from '../../db/batch-get.ts';
import { CompanyEntity } from '../../db/entities/company.ts';
import { ContactEntity } from '../../db/entities/contact.ts';
import { transactContacts as transact } from '../../db/entities/contact-entities.ts';
import { ContactTaskEntity } from '../../db/entities/contact-list.ts';
import type { StoredItem } from '../../db/records.ts';
import { chunks, MAX_BATCH_WRITE_ITEMS, TransactionCanceledError } from '../../db/transact.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import {
  type GroupAccess,
  itemOfLink,
  linksOf,
  linkViews,
  myGroups,
  privateGroupOf,
  requireAction,
  requireCreate,
  rolesIn,
  type StoredLink,
} from './access.ts';
import {
  groupsOfEdit,
  listPage,
  listWrites,
  visibleItem,
  withGroupLinked,
  withoutLink,
} from './group-links.ts';
import {
  idsByTokens,
  listItems,
  listKey,
  searchItems,
  searchPrefixes,
  syncTokens,
  tokensOf,
} from './store.ts';

export interface StoredCompanyLink {
  companyId: number;
  associationId: string;
  name: string;
  jobTitle: string;
  department: string;
}

export type ContactRecord = StoredItem<
  typeof ContactEntity,
  {
    emails: ContactEmailView[];
    phones: ContactEmailView[];
    addresses: ContactAddressView[];
    company: StoredCompanyLink | null | undefined;
    groups: StoredLink[];
  }
>;

const M = CONTACT_MESSAGES;
const stale = () =>
  new ConflictError('This contact was changed elsewhere meanwhile. Please reload and try again.');

export function contactView(c: ContactRecord, roles: Map<string, GroupAccess>): ContactView {
  const primary = c.groups.find((g) => g.isPrimary) ?? c.groups[0];
  return {
    id: c.contactId,
    firstName: c.firstName,
    lastName: c.lastName,
    emails: c.emails,
    phones: c.phones,
    addresses: c.addresses,
    companyId: c.company?.companyId ?? null,
    companyAssociationId: c.company?.associationId ?? null,
    companyName: c.company?.name ?? '',
    title: c.company?.jobTitle ?? '',
    department: c.company?.department ?? '',
    notes: c.notes,
    notesDoc: c.notesDoc ?? null,
    groups: linkViews(c.groups, roles),
    primaryGroupId: primary?.groupId ?? '',
    secondaryGroupIds: c.groups.filter((g) => g !== primary).map((g) => g.groupId),
    taskCount: c.taskCount,
    createdBy: c.createdBy,
    createdAt: c.createdAt,
    modifiedAt: c.modifiedAt,
  };
}

export async function loadContact(contactId: string): Promise<ContactRecord | null> {
  return (await ContactEntity.get({ contactId }).go()).data as ContactRecord | null;
}

/** The contact and the caller's roles in its groups; 404 when the caller may not see it. */
export async function contactFor(actor: Actor, contactId: string, message?: string) {
  const { item: contact, roles } = await visibleItem(
    actor,
    await loadContact(contactId),
    message ?? M.contactNotFound,
  );
  return { contact, roles };
}

/** Rows with ids: given ids that the contact had are kept, others get new ones. */
function withIds<T extends { id?: string | undefined }>(
  contactId: string,
  rows: readonly T[],
  had: ReadonlySet<string>,
  seq: { n: number },
): Array<T & { id: string }> {
  return rows.map((r) => ({ ...r, id: r.id && had.has(r.id) ? r.id : `${contactId}~${++seq.n}` }));
}

/** The company a contact names, read and checked visible to the caller; 400 'Company not found'. */
async function companyLink(
  actor: Actor,
  input:
    | { company?: number | null | undefined; jobTitle: string; department: string; id?: unknown }
    | null
    | undefined,
  current: StoredCompanyLink | null | undefined,
  contactId: string,
): Promise<StoredCompanyLink | null> {
  if (!input || input.company === undefined || input.company === null) return null;
  const company = (await CompanyEntity.get({ companyId: String(input.company) }).go()).data;
  const groups = (company?.groups ?? []) as StoredLink[];
  const roles = company
    ? await rolesIn(
        actor,
        groups.map((g) => g.groupId),
      )
    : new Map();
  if (!company || !groups.some((g) => roles.has(g.groupId))) {
    throw new ValidationError({ 'contact_company.company': M.companyNotFound }, M.companyNotFound);
  }
  return {
    companyId: input.company,
    associationId:
      current && current.companyId === input.company ? current.associationId : `${contactId}~company`,
    name: company.name,
    jobTitle: input.jobTitle,
    department: input.department,
  };
}

async function rolesForNewLinks(actor: Actor, given: ReadonlyArray<{ id: string }>) {
  // No group given: the caller's Private group is the primary (spec 001 §4).
  return given.length
    ? rolesIn(
        actor,
        given.map((g) => g.id),
      )
    : myGroups(actor);
}

export async function createContact(actor: Actor, input: CreateContactInput): Promise<ContactView> {
  const contactId = randomUUID();
  const roles = await rolesForNewLinks(actor, input.group);
  const groups = linksOf(contactId, input.group, () => privateGroupOf(actor, roles));
  requireCreate(
    groups.map((g) => g.groupId),
    roles,
  );
  const company = await companyLink(actor, input.contactCompany, null, contactId);
  const seq = { n: 0 };
  const now = new Date().toISOString();
  const record: ContactRecord = {
    contactId,
    firstName: input.firstName,
    lastName: input.lastName,
    ...notesToKeep(input, null, NOTES_CREATED),
    emails: withIds(contactId, input.contactEmail, new Set(), seq),
    phones: withIds(contactId, input.contactPhone, new Set(), seq),
    addresses: withIds(contactId, input.contactAddress, new Set(), seq),
    company,
    groups,
    groupIds: groups.map((g) => g.groupId),
    taskCount: 0,
    seq: seq.n,
    createdBy: actor.userId,
    createdAt: now,
    modifiedAt: now,
  };
  await transact(({ contact, contactList, company: companies }) => [
    contact.create(record).commit(),
    ...listItems('contact', listed(record)).map((l) => contactList.put(l).commit()),
    ...(company
      ? [
          companies
            .patch({ companyId: String(company.companyId) })
            .add({ contactCount: 1 })
            .commit(),
        ]
      : []),
  ]);
  await syncTokens([], searchItems(contactId, groups, tokensOf(record)));
  return contactView(record, roles);
}

const listed = (c: ContactRecord) => ({
  itemId: c.contactId,
  createdAt: c.createdAt,
  name1: c.firstName,
  name2: c.lastName,
  groups: c.groups,
});

export async function getContact(actor: Actor, contactId: string): Promise<ContactView> {
  const { contact, roles } = await contactFor(actor, contactId);
  return contactView(contact, roles);
}

/**
 * Writes a changed contact: the item (conditional on the version read), its list items (removed
 * groups' deleted, the others' put with the current names), the companies' contact counts; then its
 * search tokens.
 */
export async function saveContact(before: ContactRecord, after: ContactRecord): Promise<void> {
  // A company deleted since it was linked has no count to lower.
  const oldCompany =
    before.company && before.company.companyId !== after.company?.companyId
      ? (await companiesThatExist([before.company.companyId])).values().next().value
      : before.company?.companyId;
  const newCompany = after.company?.companyId;
  try {
    await transact(({ contact, contactList, company }) => [
      contact
        .put({ ...after, groupIds: after.groups.map((g) => g.groupId) })
        .where((a, op) => op.eq(a.modifiedAt, before.modifiedAt))
        .commit(),
      ...listWrites(contactList, 'contact', listed(before), listed(after)),
      ...(oldCompany !== newCompany && oldCompany !== undefined
        ? [
            company
              .patch({ companyId: String(oldCompany) })
              .add({ contactCount: -1 })
              .commit(),
          ]
        : []),
      ...(oldCompany !== newCompany && newCompany !== undefined
        ? [
            company
              .patch({ companyId: String(newCompany) })
              .add({ contactCount: 1 })
              .commit(),
          ]
        : []),
    ]);
  } catch (e) {
    if (e instanceof TransactionCanceledError && e.lostRace()) throw stale();
    throw e;
  }
  await syncTokens(
    searchItems(before.contactId, before.groups, tokensOf(before)),
    searchItems(after.contactId, after.groups, tokensOf(after)),
  );
}

const own = (actor: Actor, c: { createdBy: string }) => c.createdBy === actor.userId;

export async function updateContact(
  actor: Actor,
  contactId: string,
  input: UpdateContactInput,
): Promise<ContactView> {
  const { contact: before, roles } = await contactFor(actor, contactId, M.contactNotFoundForUpdate);
  requireAction(before.groups, roles, 'edit', own(actor, before));
  const seq = { n: before.seq };
  const ids = (rows: ReadonlyArray<{ id: string }>) => new Set(rows.map((r) => r.id));
  // Editing needs edit in every group of the contact (above), so removing one of them needs nothing more.
  const { groups, roles: allRoles } = await groupsOfEdit(actor, contactId, before.groups, roles, input.group);
  const company =
    input.contactCompany === undefined
      ? before.company
      : await companyLink(
          actor,
          input.contactCompany && {
            company: before.company?.companyId,
            ...input.contactCompany,
            jobTitle: input.contactCompany.jobTitle ?? before.company?.jobTitle ?? '',
            department: input.contactCompany.department ?? before.company?.department ?? '',
          },
          before.company,
          contactId,
        );
  const { notesDoc: _doc, ...kept } = before;
  const after: ContactRecord = {
    ...kept,
    firstName: input.firstName ?? before.firstName,
    lastName: input.lastName ?? before.lastName,
    ...notesToKeep(input, before, NOTES_UPDATED),
    emails: input.contactEmail
      ? withIds(contactId, input.contactEmail, ids(before.emails), seq)
      : before.emails,
    phones: input.contactPhone
      ? withIds(contactId, input.contactPhone, ids(before.phones), seq)
      : before.phones,
    addresses: input.contactAddress
      ? withIds(contactId, input.contactAddress, ids(before.addresses), seq)
      : before.addresses,
    company,
    groups,
    seq: seq.n,
    modifiedAt: new Date().toISOString(),
  };
  if (!after.firstName && !after.lastName) throw new ValidationError({ first_name: M.blankName });
  await saveContact(before, after);
  return contactView(after, allRoles);
}

/** Deletes contacts already checked: items, list items, company counts; then tokens and task links. */
export async function removeContacts(contacts: readonly ContactRecord[]): Promise<void> {
  const live = await companiesThatExist(contacts.flatMap((c) => (c.company ? [c.company.companyId] : [])));
  for (const c of contacts) {
    try {
      await transact(({ contact, contactList, company }) => [
        contact
          .delete({ contactId: c.contactId })
          .where((a, op) => op.eq(a.modifiedAt, c.modifiedAt))
          .commit(),
        ...c.groups.map((g) => contactList.delete(listKey('contact', listed(c), g.groupId)).commit()),
        ...(c.company && live.has(c.company.companyId)
          ? [
              company
                .patch({ companyId: String(c.company.companyId) })
                .add({ contactCount: -1 })
                .commit(),
            ]
          : []),
      ]);
    } catch (e) {
      if (e instanceof TransactionCanceledError && e.lostRace()) throw stale();
      throw e;
    }
    await syncTokens(searchItems(c.contactId, c.groups, tokensOf(c)), []);
    await dropTaskLinks('contact', c.contactId);
  }
}

/** Of these company ids, the ones whose company still exists (one BatchGet; none asked, no read). */
export async function companiesThatExist(ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const found = await getItems(
    ids.map((id) => item<{ companyId: string }>(CompanyEntity, { companyId: String(id) })),
  );
  return new Set(found.filter((c) => c !== null).map((c) => Number(c.companyId)));
}

/** The task links of a deleted contact or company. */
export async function dropTaskLinks(kind: 'contact' | 'company', itemId: string) {
  const links = await ContactTaskEntity.query.byItem({ kind, itemId }).go({ pages: 'all' });
  for (const b of chunks(links.data, MAX_BATCH_WRITE_ITEMS)) await ContactTaskEntity.delete(b).go();
}

export async function deleteContact(actor: Actor, contactId: string): Promise<void> {
  const { contact, roles } = await contactFor(actor, contactId);
  requireAction(contact.groups, roles, 'delete', own(actor, contact));
  await removeContacts([contact]);
}

/** DELETE /contact/email|phone|address/{id}: the row's id names its contact (`<contactId>~<n>`). */
export async function deleteContactRow(
  actor: Actor,
  field: 'emails' | 'phones' | 'addresses',
  rowId: string,
): Promise<void> {
  const contactId = rowId.split('~')[0] ?? '';
  const { contact: before, roles } = await contactFor(actor, contactId);
  const rows = before[field] as Array<{ id: string }>;
  if (!rows.some((r) => r.id === rowId)) throw new NotFoundError();
  requireAction(before.groups, roles, 'edit', own(actor, before));
  await saveContact(before, {
    ...before,
    [field]: rows.filter((r) => r.id !== rowId),
    modifiedAt: new Date().toISOString(),
  });
}

/** POST /contact/group: links the contact to a group (or makes a linked group primary). */
export async function linkContactGroup(
  actor: Actor,
  input: { contact: string; group: string; isPrimary: boolean },
) {
  const { contact: before } = await contactFor(actor, input.contact);
  const roles = await rolesIn(actor, [...before.groups.map((g) => g.groupId), input.group]);
  const groups = withGroupLinked(before.contactId, before.groups, roles, input, own(actor, before));
  await saveContact(before, { ...before, groups, modifiedAt: new Date().toISOString() });
  return linkViews(groups, roles).find((l) => l.group === input.group)!;
}

/** DELETE /contact/group/{id}: a contact keeps at least its primary link. */
export async function unlinkContactGroup(actor: Actor, id: string): Promise<void> {
  const at = itemOfLink(id);
  if (!at) throw new NotFoundError();
  const { contact: before, roles } = await contactFor(actor, at.itemId);
  const groups = withoutLink(before.groups, roles, id, own(actor, before));
  await saveContact(before, { ...before, groups, modifiedAt: new Date().toISOString() });
}

/** The groups a list reads: the ones asked for (each must be the caller's: 404), else all of theirs. */
export async function listGroupsFor(actor: Actor, asked: readonly string[]) {
  const roles = asked.length ? await rolesIn(actor, asked) : await myGroups(actor);
  for (const g of asked) if (!roles.has(g)) throw new NotFoundError();
  return roles;
}

export async function listContacts(actor: Actor, q: ContactListQuery): Promise<ContactPage<ContactView>> {
  const roles = await listGroupsFor(actor, q.group);
  return listPage(
    'contact',
    roles,
    q,
    (ids) => getItems(ids.map((contactId) => item<ContactRecord>(ContactEntity, { contactId }))),
    contactView,
  );
}

/**
 * GET /contact/search?q=: contacts whose first or last name, full name, e-mail or phone begins with
 * `q`, in the caller's groups (or the ones asked): one Query per group on its token items, then the
 * contacts read and each hit checked against the contact itself. At most one page (50).
 */
export async function searchContacts(actor: Actor, q: ContactSearchQuery): Promise<ContactPage<ContactView>> {
  const roles = await listGroupsFor(actor, q.group);
  const prefixes = searchPrefixes(q.q, 'contact');
  const limit = CONTACT_RULES.pageSize;
  const hits = await idsByTokens('contact', [...roles.keys()], prefixes, limit);
  const ids = hits.slice(0, 2 * limit);
  const found = await getItems(ids.map((contactId) => item<ContactRecord>(ContactEntity, { contactId })));
  const results = found
    .filter((c): c is ContactRecord => c !== null)
    .filter((c) => c.groups.some((g) => roles.has(g.groupId)))
    .filter((c) => tokensOf(c).some((t) => prefixes.some((p) => t.startsWith(p))))
    .sort((a, b) =>
      normaliseName(`${a.firstName} ${a.lastName}`).localeCompare(
        normaliseName(`${b.firstName} ${b.lastName}`),
      ),
    )
    .slice(0, limit);
  return {
    count: results.length,
    next: null,
    previous: null,
    results: results.map((c) => contactView(c, roles)),
  };
}
