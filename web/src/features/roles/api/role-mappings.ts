/** The role-mapping calls (spec 002 §7 "Role mapping") of one task or template. */

import * as routes from '@tandem/shared/api/areas/roles';
import type { Page } from '@tandem/shared/api/pagination';
import type { RoleMappingView } from '@tandem/shared/roles/roles';
import useSWR, { mutate } from 'swr';
import { api } from '../../../lib/api.ts';

export interface MappingTarget {
  taskId?: string;
  templateId?: string;
}

export const roleMappingsKey = (t: MappingTarget) =>
  ['role-mappings', t.taskId ?? '', t.templateId ?? ''] as const;

export async function listRoleMappings(t: MappingTarget): Promise<RoleMappingView[]> {
  const page = await api<Page<RoleMappingView>>(routes.listRoleMappings, {
    query: t.taskId ? { taskId: t.taskId } : { templateId: t.templateId },
  });
  return page?.results ?? [];
}

export const useRoleMappings = (t: MappingTarget) =>
  useSWR(t.taskId || t.templateId ? roleMappingsKey(t) : null, () => listRoleMappings(t));

export interface MappingFields {
  assigningRole: string;
  email: string;
  managingRole: string;
}

export async function createRoleMapping(t: MappingTarget, fields: MappingFields): Promise<RoleMappingView> {
  const row = await api<RoleMappingView>(routes.createRoleMapping, {
    body: { ...fields, ...(t.taskId ? { task: t.taskId } : { template: t.templateId }) },
  });
  await mutate(roleMappingsKey(t));
  return row;
}

export async function updateRoleMapping(
  t: MappingTarget,
  id: string,
  fields: MappingFields,
): Promise<RoleMappingView> {
  const row = await api<RoleMappingView>(routes.updateRoleMapping, { params: { id }, body: fields });
  await mutate(roleMappingsKey(t));
  return row;
}

export async function deleteRoleMapping(t: MappingTarget, id: string): Promise<void> {
  await api<unknown>(routes.deleteRoleMapping, { params: { id } });
  await mutate(roleMappingsKey(t));
}
