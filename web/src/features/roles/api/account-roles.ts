/** The account roles calls (spec 002 §7 "Template roles"): the screen reads the whole list on load. */

import * as routes from '@tandem/shared/api/areas/roles';
import type { Page } from '@tandem/shared/api/pagination';
import { type AccountRoleView, MAX_ACCOUNT_ROLES } from '@tandem/shared/roles/roles';
import useSWR, { mutate } from 'swr';
import { api } from '../../../lib/api.ts';

export const accountRolesKey = ['account-roles'] as const;

export async function listAccountRoles(): Promise<AccountRoleView[]> {
  const page = await api<Page<AccountRoleView>>(routes.listAccountRoles, {
    query: { limit: MAX_ACCOUNT_ROLES },
  });
  return page?.results ?? [];
}

export const useAccountRoles = () => useSWR(accountRolesKey, listAccountRoles);

const refresh = () => mutate(accountRolesKey);

export async function createAccountRole(input: { title: string; email: string }): Promise<AccountRoleView> {
  const role = await api<AccountRoleView>(routes.createAccountRole, { body: input });
  await refresh();
  return role;
}

export async function updateAccountRole(
  id: string,
  input: { title: string; email: string },
): Promise<AccountRoleView> {
  const role = await api<AccountRoleView>(routes.updateAccountRole, { params: { id }, body: input });
  await refresh();
  return role;
}

export async function deleteAccountRole(id: string): Promise<void> {
  await api<unknown>(routes.deleteAccountRole, { params: { id } });
  await refresh();
}
