/**
 * Role mapping (spec 002 §3, §7 "Role mapping"): per task or template, rows of assigning role →
 * e-mail or account-role title, and managing role. Reading needs sight of the task (404 otherwise);
 * writing needs the right to change its assignees (403). A row's id carries its target, so one
 * GetItem finds it and the same access check guards it.
 *
 * A template's access is asked of ./template-access.ts (the seam for core/templates); until it is
 * filled, a template id is not found (404).
 */
import { randomBytes } from 'node:crypto';
import {
  type AccountRoleView,
  isMappingTarget,
  MAX_ROLE_MAPPINGS,
  ROLE_MESSAGES,
  type RoleMappingInput,
  type RoleMappingRow,
  type RoleMappingView,
  roleMatcher,
  sameRole,
  type UpdateRoleMappingInput,
} from '@tandem/shared/roles/roles';
import { RoleMappingEntity } from '../../db/entities/role-mapping.ts';
import type { StoredItem } from '../../db/records.ts';
import type { Actor } from '../../lib/actor.ts';
import { isConditionFailed } from '../../lib/conditions.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { requireTaskPermission, taskFor } from '../access/task-access.ts';
import { accountRolesOf } from './account-roles.ts';
import { templateAccess } from './template-access.ts';

type RoleMappingRecord = StoredItem<typeof RoleMappingEntity>;

/** What a mapping belongs to: exactly one of a task and a template. */
export type RoleMappingTarget =
  | { taskId: string; templateId?: undefined }
  | { templateId: string; taskId?: undefined };

/** A stored row with who made it (a role-title target resolves through that person's roles). */
export interface StoredRoleMapping extends RoleMappingRow {
  id: string;
  task: string | null;
  template: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt?: string;
}

type Kind = RoleMappingRecord['targetKind'];
const KIND_CHAR: Record<Kind, string> = { task: 't', template: 'p' };

const keyOf = (target: RoleMappingTarget): { targetKind: Kind; targetId: string } =>
  target.taskId !== undefined
    ? { targetKind: 'task', targetId: target.taskId }
    : { targetKind: 'template', targetId: target.templateId };

/** `t~<taskId>~<random>` or `p~<templateId>~<random>`. */
export const newMappingId = (target: RoleMappingTarget) => {
  const { targetKind, targetId } = keyOf(target);
  return `${KIND_CHAR[targetKind]}~${targetId}~${randomBytes(6).toString('hex')}`;
};

/** The target an id names, or null when it is not one of ours. */
export function targetOfMappingId(id: string): RoleMappingTarget | null {
  const last = id.lastIndexOf('~');
  if (id[1] !== '~' || last <= 2) return null;
  const targetId = id.slice(2, last);
  if (id[0] === 't') return { taskId: targetId };
  if (id[0] === 'p') return { templateId: targetId };
  return null;
}

const stored = (r: RoleMappingRecord): StoredRoleMapping => ({
  id: r.mappingId,
  task: r.targetKind === 'task' ? r.targetId : null,
  template: r.targetKind === 'template' ? r.targetId : null,
  assigningRole: r.assigningRole,
  email: r.email,
  managingRole: r.managingRole,
  createdBy: r.createdBy,
  createdAt: r.createdAt,
  ...(r.updatedAt ? { updatedAt: r.updatedAt } : {}),
});

export const roleMappingView = (
  m: StoredRoleMapping,
  roles: readonly AccountRoleView[],
  matches: (role: string) => boolean = roleMatcher(roles),
): RoleMappingView => {
  const { createdBy: _, ...rest } = m;
  return { ...rest, roleMatches: matches(m.assigningRole) };
};

/** Refuses a caller who may not see the target (404) or, for `edit`, change its assignees (403). */
export async function assertTargetAccess(
  actor: Actor,
  target: RoleMappingTarget,
  edit: boolean,
): Promise<void> {
  if (target.taskId !== undefined) {
    const { role } = await taskFor(actor, target.taskId);
    if (edit) requireTaskPermission(role, 'task.taskAssignees');
    return;
  }
  await templateAccess(actor, target.templateId, edit);
}

/**
 * A target's rows without an access check, oldest first: one Query of the target's partition. For
 * callers that have checked access themselves (applying a template).
 */
export async function roleMappingsFor(target: RoleMappingTarget): Promise<StoredRoleMapping[]> {
  const r = await RoleMappingEntity.query.byTarget(keyOf(target)).go({ pages: 'all' });
  return r.data
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.mappingId.localeCompare(b.mappingId))
    .map(stored);
}

/** The rows of a task or template the caller may see, with the match marks against the caller's roles. */
export async function listRoleMappings(actor: Actor, target: RoleMappingTarget): Promise<RoleMappingView[]> {
  await assertTargetAccess(actor, target, false);
  const [rows, roles] = await Promise.all([roleMappingsFor(target), accountRolesOf(actor.userId)]);
  const matches = roleMatcher(roles);
  return rows.map((m) => roleMappingView(m, roles, matches));
}

async function findMapping(actor: Actor, mappingId: string, edit: boolean) {
  const target = targetOfMappingId(mappingId);
  if (!target) throw new NotFoundError();
  await assertTargetAccess(actor, target, edit);
  const r = (await RoleMappingEntity.get({ ...keyOf(target), mappingId }).go()).data;
  if (!r) throw new NotFoundError();
  return { target, row: stored(r) };
}

export async function getRoleMapping(actor: Actor, mappingId: string): Promise<RoleMappingView> {
  const { row } = await findMapping(actor, mappingId, false);
  return roleMappingView(row, await accountRolesOf(actor.userId));
}

function checkRow(
  row: RoleMappingRow,
  others: readonly StoredRoleMapping[],
  roles: readonly AccountRoleView[],
): void {
  if (!isMappingTarget(row.email, roles)) throw new ValidationError({ email: ROLE_MESSAGES.target });
  if (others.some((o) => sameRole(o.assigningRole, row.assigningRole))) {
    throw new ConflictError('This source role is already mapped here.');
  }
}

export async function createRoleMapping(actor: Actor, input: RoleMappingInput): Promise<RoleMappingView> {
  const target: RoleMappingTarget =
    input.task !== undefined ? { taskId: input.task } : { templateId: input.template as string };
  await assertTargetAccess(actor, target, true);
  const [rows, roles] = await Promise.all([roleMappingsFor(target), accountRolesOf(actor.userId)]);
  if (rows.length >= MAX_ROLE_MAPPINGS)
    throw new ValidationError({ assigningRole: ROLE_MESSAGES.tooManyMappings });
  const row = { assigningRole: input.assigningRole, email: input.email, managingRole: input.managingRole };
  checkRow(row, rows, roles);
  const r = await RoleMappingEntity.create({
    ...keyOf(target),
    mappingId: newMappingId(target),
    ...row,
    createdBy: actor.userId,
  }).go();
  return roleMappingView(stored(r.data), roles);
}

export async function updateRoleMapping(
  actor: Actor,
  mappingId: string,
  input: UpdateRoleMappingInput,
): Promise<RoleMappingView> {
  const { target, row: current } = await findMapping(actor, mappingId, true);
  const [rows, roles] = await Promise.all([roleMappingsFor(target), accountRolesOf(actor.userId)]);
  const next: RoleMappingRow = {
    assigningRole: input.assigningRole ?? current.assigningRole,
    email: input.email ?? current.email,
    managingRole: input.managingRole ?? current.managingRole,
  };
  checkRow(
    next,
    rows.filter((o) => o.id !== mappingId),
    roles,
  );
  try {
    const r = await RoleMappingEntity.patch({ ...keyOf(target), mappingId })
      .set(next)
      .go({ response: 'all_new' });
    return roleMappingView(stored(r.data), roles);
  } catch (e) {
    if (isConditionFailed(e)) throw new NotFoundError();
    throw e;
  }
}

export async function deleteRoleMapping(actor: Actor, mappingId: string): Promise<void> {
  const { target } = await findMapping(actor, mappingId, true);
  try {
    await RoleMappingEntity.remove({ ...keyOf(target), mappingId }).go({ response: 'none' });
  } catch (e) {
    if (isConditionFailed(e)) throw new NotFoundError();
    throw e;
  }
}
