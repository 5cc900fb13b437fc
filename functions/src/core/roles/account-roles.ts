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
  roleKey,
  roleTitleTaken,
  type UpdateAccountRoleInput,
} from '@tandem/shared/roles/roles';
/// <reference path="../../db/electrodb-modules.d.ts" />
import type { Service } from 'electrodb';
import { createWriteTransaction } from 'electrodb/src/transaction.js';
import { AccountRoleEntity, AccountRoleNameEntity } from '../../db/entities/account-role.ts';
import type { StoredItem } from '../../db/records.ts';
import { TransactionCanceledError } from '../../db/transact.ts';
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
  const role = {
    userId: actor.userId,
    roleId: randomUUID(),
    title: input.title,
    email: input.email,
    createdAt: new Date().toISOString(),
  };
  // The name's lock and the role together: of two creates racing with one name, one fails here.
  try {
    await transact(({ accountRole, accountRoleName }) => [
      accountRoleName
        .create({ userId: actor.userId, nameKey: roleKey(input.title), roleId: role.roleId })
        .commit(),
      accountRole.create(role).commit(),
    ]);
  } catch (e) {
    if (e instanceof TransactionCanceledError && e.failedAt(0))
      throw new ConflictError(ROLE_MESSAGES.titleTaken);
    throw e;
  }
  return accountRoleView(role);
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
  const title = input.title ?? current.title;
  const email = input.email ?? current.email;
  try {
    if (roleKey(title) !== roleKey(current.title)) {
      // A new name: its lock taken and the old one let go with the rename, all or nothing.
      await transact(({ accountRole, accountRoleName }) => [
        accountRoleName.create({ userId: actor.userId, nameKey: roleKey(title), roleId }).commit(),
        accountRoleName.delete({ userId: actor.userId, nameKey: roleKey(current.title) }).commit(),
        accountRole.patch({ userId: actor.userId, roleId }).set({ title, email }).commit(),
      ]);
      return { ...current, title, email, updatedAt: new Date().toISOString() };
    }
    const r = await AccountRoleEntity.patch({ userId: actor.userId, roleId })
      .set({ title, email })
      .go({ response: 'all_new' });
    return accountRoleView(r.data);
  } catch (e) {
    if (e instanceof TransactionCanceledError) {
      if (e.failedAt(0)) throw new ConflictError(ROLE_MESSAGES.titleTaken);
      throw new NotFoundError();
    }
    // Removed between the read and the write.
    if (isConditionFailed(e)) throw new NotFoundError();
    throw e;
  }
}

export async function deleteAccountRole(actor: Actor, roleId: string): Promise<void> {
  const current = await getAccountRole(actor, roleId);
  try {
    await transact(({ accountRole, accountRoleName }) => [
      accountRole.remove({ userId: actor.userId, roleId }).commit(),
      accountRoleName.delete({ userId: actor.userId, nameKey: roleKey(current.title) }).commit(),
    ]);
  } catch (e) {
    if (e instanceof TransactionCanceledError || isConditionFailed(e)) throw new NotFoundError();
    throw e;
  }
}

/** The account roles' own transactions (their two entities only; not in db/service.ts). */
async function transact(fn: Parameters<Service<typeof roleEntities>['transaction']['write']>[0]) {
  const result = await createWriteTransaction(roleEntities, fn).go();
  if (result.canceled) {
    throw new TransactionCanceledError((result.data as Array<{ code: string }>).map((d) => d.code ?? 'None'));
  }
}
const roleEntities = { accountRole: AccountRoleEntity, accountRoleName: AccountRoleNameEntity };
