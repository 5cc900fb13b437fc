/**
 * Companies (spec 001 §3–§7 "Companies"): as contacts (contacts.ts), with numeric ids (spec 001 §5)
 * and a contact count kept on write (a contact naming the company adds one).
 */
import { randomInt } from 'node:crypto';
import { CONTACT_MESSAGES, CONTACT_RULES, normaliseName } from '@tandem/shared/contacts/rules';
import type {
  CompanyListQuery,
  ContactSearchQuery,
  CreateCompanyInput,
  UpdateCompanyInput,
} from '@tandem/shared/contacts/schemas';
import type { CompanyView, ContactPage } from '@tandem/shared/contacts/views';
import { getItems, item } from '../../db/batch-get.ts';
import { CompanyEntity } from '../../db/entities/company.ts';
import { transactContacts as transact } from '../../db/entities/contact-entities.ts';
import type { StoredItem } from '../../db/records.ts';
import { TransactionCanceledError } from '../../db/transact.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
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
import { dropTaskLinks, listGroupsFor } from './contacts.ts';
import {
  groupsOfEdit,
  listPage,
  listWrites,
  visibleItem,
  withGroupLinked,
  withoutLink,
} from './group-links.ts';
import {
  companyTokensOf,
  idsByTokens,
  listItems,
  listKey,
  searchItems,
  searchPrefixes,
  syncTokens,
} from './store.ts';

export type CompanyRecord = StoredItem<typeof CompanyEntity, { groups: StoredLink[] }>;

const M = CONTACT_MESSAGES;
const stale = () =>
  new ConflictError('This company was changed elsewhere meanwhile. Please reload and try again.');

export function companyView(c: CompanyRecord, roles: Map<string, GroupAccess>): CompanyView {
  const primary = c.groups.find((g) => g.isPrimary) ?? c.groups[0];
  return {
    id: Number(c.companyId),
    name: c.name,
    phone: c.phone,
    cell: c.cell,
    address: {
      street: c.address1,
      street2: c.address2,
      city: c.city,
      state: c.state,
      zip: c.zip,
      country: c.country,
    },
    groups: linkViews(c.groups, roles),
    primaryGroupId: primary?.groupId ?? '',
    secondaryGroupIds: c.groups.filter((g) => g !== primary).map((g) => g.groupId),
    taskCount: c.taskCount,
    contactCount: c.contactCount,
    createdBy: c.createdBy,
    createdAt: c.createdAt,
    modifiedAt: c.modifiedAt,
  };
}

const listed = (c: CompanyRecord) => ({
  itemId: c.companyId,
  createdAt: c.createdAt,
  name1: c.name,
  name2: c.name,
  groups: c.groups,
});

/** A company's search items in its groups (store.ts companyTokensOf, D63). */
const tokenItems = (c: CompanyRecord) => searchItems(c.companyId, c.groups, companyTokensOf(c), 'company');

export async function companyFor(actor: Actor, companyId: number) {
  const c = (await CompanyEntity.get({ companyId: String(companyId) }).go()).data as CompanyRecord | null;
  const { item: company, roles } = await visibleItem(actor, c, M.companyNotFound);
  return { company, roles };
}

/** A new company id: a whole number (spec 001 §5) from the clock and a random part, unique by condition. */
const newCompanyId = () => String(Date.now() * 1000 + randomInt(1000));

export async function createCompany(actor: Actor, input: CreateCompanyInput): Promise<CompanyView> {
  const roles = input.group.length
    ? await rolesIn(
        actor,
        input.group.map((g) => g.id),
      )
    : await myGroups(actor);
  const companyId = newCompanyId();
  const groups = linksOf(companyId, input.group, () => privateGroupOf(actor, roles));
  requireCreate(
    groups.map((g) => g.groupId),
    roles,
  );
  const now = new Date().toISOString();
  const { group: _, ...fields } = input;
  const record: CompanyRecord = {
    companyId,
    ...fields,
    groups,
    groupIds: groups.map((g) => g.groupId),
    taskCount: 0,
    contactCount: 0,
    createdBy: actor.userId,
    createdAt: now,
    modifiedAt: now,
  };
  await transact(({ company, contactList }) => [
    company.create(record).commit(),
    ...listItems('company', listed(record)).map((l) => contactList.put(l).commit()),
  ]);
  await syncTokens([], tokenItems(record));
  return companyView(record, roles);
}

export async function getCompany(actor: Actor, companyId: number): Promise<CompanyView> {
  const { company, roles } = await companyFor(actor, companyId);
  return companyView(company, roles);
}

export async function saveCompany(before: CompanyRecord, after: CompanyRecord) {
  try {
    await transact(({ company, contactList }) => [
      company
        .put({ ...after, groupIds: after.groups.map((g) => g.groupId) })
        .where((a, op) => op.eq(a.modifiedAt, before.modifiedAt))
        .commit(),
      ...listWrites(contactList, 'company', listed(before), listed(after)),
    ]);
  } catch (e) {
    if (e instanceof TransactionCanceledError && e.lostRace()) throw stale();
    throw e;
  }
  await syncTokens(tokenItems(before), tokenItems(after));
}

const own = (actor: Actor, c: { createdBy: string }) => c.createdBy === actor.userId;

export async function updateCompany(actor: Actor, companyId: number, input: UpdateCompanyInput) {
  const { company: before, roles } = await companyFor(actor, companyId);
  requireAction(before.groups, roles, 'edit', own(actor, before));
  const { groups, roles: allRoles } = await groupsOfEdit(
    actor,
    before.companyId,
    before.groups,
    roles,
    input.group,
  );
  const { group: _, ...fields } = input;
  const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const after: CompanyRecord = { ...before, ...set, groups, modifiedAt: new Date().toISOString() };
  await saveCompany(before, after);
  return companyView(after, allRoles);
}

/** Deletes companies already checked. Contacts naming a company keep its name as text. */
export async function removeCompanies(companies: readonly CompanyRecord[]) {
  for (const c of companies) {
    try {
      await transact(({ company, contactList }) => [
        company
          .delete({ companyId: c.companyId })
          .where((a, op) => op.eq(a.modifiedAt, c.modifiedAt))
          .commit(),
        ...c.groups.map((g) => contactList.delete(listKey('company', listed(c), g.groupId)).commit()),
      ]);
    } catch (e) {
      if (e instanceof TransactionCanceledError && e.lostRace()) throw stale();
      throw e;
    }
    await syncTokens(tokenItems(c), []);
    await dropTaskLinks('company', c.companyId);
  }
}

export async function deleteCompany(actor: Actor, companyId: number) {
  const { company, roles } = await companyFor(actor, companyId);
  requireAction(company.groups, roles, 'delete', own(actor, company));
  await removeCompanies([company]);
}

export async function linkCompanyGroup(
  actor: Actor,
  input: { company: number; group: string; isPrimary: boolean },
) {
  const { company: before } = await companyFor(actor, input.company);
  const roles = await rolesIn(actor, [...before.groups.map((g) => g.groupId), input.group]);
  const groups = withGroupLinked(before.companyId, before.groups, roles, input, own(actor, before));
  await saveCompany(before, { ...before, groups, modifiedAt: new Date().toISOString() });
  return linkViews(groups, roles).find((l) => l.group === input.group)!;
}

export async function unlinkCompanyGroup(actor: Actor, id: string) {
  const at = itemOfLink(id);
  if (!at || !/^\d+$/.test(at.itemId)) throw new NotFoundError();
  const { company: before, roles } = await companyFor(actor, Number(at.itemId));
  const groups = withoutLink(before.groups, roles, id, own(actor, before));
  await saveCompany(before, { ...before, groups, modifiedAt: new Date().toISOString() });
}

export async function listCompanies(actor: Actor, q: CompanyListQuery): Promise<ContactPage<CompanyView>> {
  const roles = await listGroupsFor(actor, q.group);
  return listPage(
    'company',
    roles,
    q,
    (ids) => getItems(ids.map((companyId) => item<CompanyRecord>(CompanyEntity, { companyId }))),
    companyView,
  );
}

/**
 * GET /contact/company/search?q= (decisions D63): companies whose name, a word of it, or phone or cell
 * begins with `q`, in the caller's groups (or the ones asked): one Query per group and prefix on the
 * companies' token items, then the companies read and each hit checked against the company itself.
 * At most one page (50), by name.
 */
export async function searchCompanies(
  actor: Actor,
  q: ContactSearchQuery,
): Promise<ContactPage<CompanyView>> {
  const roles = await listGroupsFor(actor, q.group);
  const prefixes = searchPrefixes(q.q, 'company');
  const limit = CONTACT_RULES.pageSize;
  const ids = (await idsByTokens('company', [...roles.keys()], prefixes, limit)).slice(0, 2 * limit);
  const found = await getItems(ids.map((companyId) => item<CompanyRecord>(CompanyEntity, { companyId })));
  const results = found
    .filter((c): c is CompanyRecord => c !== null)
    .filter((c) => c.groups.some((g) => roles.has(g.groupId)))
    .filter((c) => companyTokensOf(c).some((t) => prefixes.some((p) => t.startsWith(p))))
    .sort((a, b) => normaliseName(a.name).localeCompare(normaliseName(b.name)))
    .slice(0, limit);
  return {
    count: results.length,
    next: null,
    previous: null,
    results: results.map((c) => companyView(c, roles)),
  };
}
