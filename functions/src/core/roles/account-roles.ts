/**
 * Account roles (spec 002 §3, §7 "Template roles"): a person's role names and who plays them, kept in
 * the person's own partition. Someone else's role is not found (404). Role names are unique per
 * person, compared trimmed and case-insensitively (409).
 */
import { randomUUID } from 'node:crypto';
import {
  type AccountRoleInput,
  type AccountRoleView,
  MAX_ACCOUNT_ROLES,
  ROLE_MESSAGES,
  roleTitleTaken,
  type UpdateAccountRoleInput,
} from '@tandem/shared/roles/roles';
import { AccountRoleEntity } from '../../db/entities/account-role.ts';
import type { StoredItem } from '../../db/records.ts';
import type { Actor } from '../../lib/actor.ts';
import { isConditionFailed } from '../../lib/conditions.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';

type AccountRoleRecord = StoredItem<typeof AccountRoleEntity>;

export const accountRoleView = (r: AccountRoleRecord): AccountRoleView => ({
  id: r.roleId,
  title: r.title,
  email: r.email,
  createdAt: r.createdAt,
  ...(r.updatedAt ? { updatedAt: r.updatedAt } : {}),
});

/** All of a person's roles, oldest first: one Query of their partition (bounded by MAX_ACCOUNT_ROLES). */
export async function accountRolesOf(userId: string): Promise<AccountRoleView[]> {
  const r = await AccountRoleEntity.query.byUser({ userId }).go({ pages: 'all' });
  return r.data
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.roleId.localeCompare(b.roleId))
    .map(accountRoleView);
}

export async function getAccountRole(actor: Actor, roleId: string): Promise<AccountRoleView> {
  const r = (await AccountRoleEntity.get({ userId: actor.userId, roleId }).go()).data;
  if (!r) throw new NotFoundError();
  return accountRoleView(r);
}

export async function createAccountRole(actor: Actor, input: AccountRoleInput): Promise<AccountRoleView> {
  const mine = await accountRolesOf(actor.userId);
  if (mine.length >= MAX_ACCOUNT_ROLES) throw new ValidationError({ title: ROLE_MESSAGES.tooManyRoles });
  if (roleTitleTaken(mine, input.title)) throw new ConflictError(ROLE_MESSAGES.titleTaken);
  const r = await AccountRoleEntity.create({
    userId: actor.userId,
    roleId: randomUUID(),
    title: input.title,
    email: input.email,
  }).go();
  return accountRoleView(r.data);
}

export async function updateAccountRole(
  actor: Actor,
  roleId: string,
  input: UpdateAccountRoleInput,
): Promise<AccountRoleView> {
  const mine = await accountRolesOf(actor.userId);
  const current = mine.find((r) => r.id === roleId);
  if (!current) throw new NotFoundError();
  if (input.title !== undefined && roleTitleTaken(mine, input.title, roleId)) {
    throw new ConflictError(ROLE_MESSAGES.titleTaken);
  }
  try {
    const r = await AccountRoleEntity.patch({ userId: actor.userId, roleId })
      .set({ title: input.title ?? current.title, email: input.email ?? current.email })
      .go({ response: 'all_new' });
    return accountRoleView(r.data);
  } catch (e) {
    // Removed between the read and the write.
    if (isConditionFailed(e)) throw new NotFoundError();
    throw e;
  }
}

export async function deleteAccountRole(actor: Actor, roleId: string): Promise<void> {
  try {
    await AccountRoleEntity.remove({ userId: actor.userId, roleId }).go({ response: 'none' });
  } catch (e) {
    if (isConditionFailed(e)) throw new NotFoundError();
    throw e;
  }
}
