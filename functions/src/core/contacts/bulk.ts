/**
 * POST /contacts/bulk/ and /companies/bulk/ {action, ids, group}: at most 100 ids, all checked
 * before anything is written (404 for one the caller cannot see, 403 for one they may not act on),
 * then written one transaction per item (each item with its list items).
 * - delete: the role table's delete / deleteOwn, in every group of the item;
 * - move: `move` in every group of the item and `create` in `group`: the item's groups become `group` alone;
 * - copy: `copy` in every group of the item and `create` in `group`: `group` is added as a secondary link.
 */
import { CONTACT_MESSAGES, CONTACT_RULES } from '@tandem/shared/contacts/rules';
import type { BulkInput } from '@tandem/shared/contacts/schemas';
import type { BulkResult } from '@tandem/shared/contacts/views';
import { getItems, item } from '../../db/batch-get.ts';
import { CompanyEntity } from '../../db/entities/company.ts';
import { ContactEntity } from '../../db/entities/contact.ts';
import type { Actor } from '../../lib/actor.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import {
  type GroupAccess,
  linksOf,
  requireAction,
  requireCreate,
  requireVisible,
  rolesIn,
  type StoredLink,
} from './access.ts';
import { type CompanyRecord, removeCompanies, saveCompany } from './companies.ts';
import { type ContactRecord, removeContacts, saveContact } from './contacts.ts';

interface Bulky {
  groups: StoredLink[];
  createdBy: string;
}

function check<T extends Bulky>(
  actor: Actor,
  items: readonly (T | null)[],
  roles: Map<string, GroupAccess>,
  input: BulkInput,
): T[] {
  const found: T[] = [];
  for (const x of items) {
    if (!x) throw new NotFoundError();
    requireVisible(x.groups, roles);
    const own = x.createdBy === actor.userId;
    requireAction(x.groups, roles, input.action, own);
    found.push(x);
  }
  if (input.action !== 'delete') {
    if (!input.group) throw new ValidationError({ group: 'Choose the group.' });
    requireCreate([input.group], roles);
  }
  return found;
}

function regroup(itemId: string, groups: StoredLink[], input: BulkInput): StoredLink[] {
  const target = input.group!;
  if (input.action === 'move') return linksOf(itemId, [{ id: target, isPrimary: true }], () => target);
  if (groups.some((g) => g.groupId === target)) return groups;
  if (groups.length >= CONTACT_RULES.maxGroups)
    throw new ValidationError({ group: CONTACT_MESSAGES.tooManyGroups });
  return [...groups, { id: `${itemId}~${target}`, groupId: target, isPrimary: false }];
}

export async function bulkContacts(actor: Actor, input: BulkInput): Promise<BulkResult> {
  const ids = [...new Set(input.ids.map(String))];
  const items = await getItems(ids.map((contactId) => item<ContactRecord>(ContactEntity, { contactId })));
  const roles = await rolesIn(actor, [
    ...items.flatMap((c) => c?.groups.map((g) => g.groupId) ?? []),
    ...(input.group ? [input.group] : []),
  ]);
  const found = check(actor, items, roles, input);
  if (input.action === 'delete') await removeContacts(found);
  else {
    const now = new Date().toISOString();
    for (const c of found)
      await saveContact(c, { ...c, groups: regroup(c.contactId, c.groups, input), modifiedAt: now });
  }
  return { action: input.action, done: ids };
}

export async function bulkCompanies(actor: Actor, input: BulkInput): Promise<BulkResult> {
  const ids = [...new Set(input.ids.map(String))];
  if (ids.some((id) => !/^\d+$/.test(id)))
    throw new ValidationError({ ids: CONTACT_MESSAGES.companyIdNumber });
  const items = await getItems(ids.map((companyId) => item<CompanyRecord>(CompanyEntity, { companyId })));
  const roles = await rolesIn(actor, [
    ...items.flatMap((c) => c?.groups.map((g) => g.groupId) ?? []),
    ...(input.group ? [input.group] : []),
  ]);
  const found = check(actor, items, roles, input);
  if (input.action === 'delete') await removeCompanies(found);
  else {
    const now = new Date().toISOString();
    for (const c of found)
      await saveCompany(c, { ...c, groups: regroup(c.companyId, c.groups, input), modifiedAt: now });
  }
  return { action: input.action, done: ids };
}
