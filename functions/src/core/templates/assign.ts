/**
 * A template's task roles as people, for applying it (spec 002 §4; decisions D64). The template's
 * role-mapping rows (core/roles) are read once; a row whose target is an account-role title resolves
 * through the roles of the person who wrote the row, and a role with no row through the caller's own
 * account roles (shared/src/roles resolveAssignee). Each person found must be an accepted member of
 * the group the copy goes to: otherwise the apply is refused with nothing written (ValidationError
 * naming them), as POST /task refuses a non-member assignee.
 */
import { ROLES } from '@tandem/shared';
import {
  type AccountRoleView,
  notMembersMessage,
  resolveManager,
  resolveTreeRoles,
  roleKey,
  targetEmail,
} from '@tandem/shared/roles/roles';
import type { Actor } from '../../lib/actor.ts';
import { ValidationError } from '../../lib/errors.ts';
import { type GroupRecord, rosterEntries } from '../access/roster.ts';
import type { TaskAssignee, TaskRecord } from '../access/task-access.ts';
import { accountRolesOf } from '../roles/account-roles.ts';
import { roleMappingsFor } from '../roles/role-mappings.ts';

export interface TreeAssignees {
  assigneeOf: (source: TaskRecord) => TaskAssignee | undefined;
  /** The copy's manager: the holder of its mapping row's managing role (002 §3 taskRole.managingRole). */
  managerOf: (source: TaskRecord) => TaskAssignee | undefined;
  /** Task roles nobody was found for: their tasks stay unassigned (the warning). */
  unmapped: string[];
}

export async function assigneesFor(
  actor: Actor,
  templateId: string,
  source: readonly TaskRecord[],
  group: GroupRecord,
  now: Date,
): Promise<TreeAssignees> {
  const named = source.map((t) => t.assigningRole).filter((r): r is string => Boolean(r?.trim()));
  if (named.length === 0) return { assigneeOf: () => undefined, managerOf: () => undefined, unmapped: [] };
  const rows = await roleMappingsFor({ templateId });
  const writers = [...new Set([actor.userId, ...rows.map((r) => r.createdBy)])];
  const rolesOf = new Map<string, AccountRoleView[]>(
    await Promise.all(writers.map(async (id) => [id, await accountRolesOf(id)] as const)),
  );
  // Role-title targets as the e-mails their writer's roles give (unresolvable ones kept as written).
  const resolvedRows = rows.map((r) => ({
    ...r,
    email: r.email.trim() === '' ? '' : (targetEmail(r.email, rolesOf.get(r.createdBy) ?? []) ?? r.email),
  }));
  const members = rosterEntries(group).filter((m) => m.userId && m.invitationStatus === 'accepted');
  const byEmail = new Map(members.map((m) => [m.email.trim().toLowerCase(), m]));
  const { emailOf, unmapped, outsiders } = resolveTreeRoles(
    named,
    resolvedRows,
    rolesOf.get(actor.userId) ?? [],
    new Set(byEmail.keys()),
  );
  // Managing roles: resolved as the assigning ones are (a row for that role, else an account role),
  // once per node role; one nobody resolves is warned of, a person outside the group refused.
  const callerRoles = rolesOf.get(actor.userId) ?? [];
  const managerEmailOf = new Map<string, string>();
  const unmappedKeys = new Set(unmapped.map(roleKey));
  for (const r of named) {
    const k = roleKey(r);
    if (managerEmailOf.has(k)) continue;
    const managing = resolvedRows.find((row) => roleKey(row.assigningRole) === k)?.managingRole.trim() ?? '';
    if (managing === '') continue;
    const email = resolveManager(resolvedRows, callerRoles, r);
    if (email === undefined) {
      if (!unmappedKeys.has(roleKey(managing))) unmapped.push(managing);
      unmappedKeys.add(roleKey(managing));
      continue;
    }
    managerEmailOf.set(k, email);
    if (!byEmail.has(email) && !outsiders.includes(email)) outsiders.push(email);
  }
  if (outsiders.length) {
    const message = notMembersMessage(outsiders);
    throw new ValidationError({ task_assignees: message }, message);
  }
  const iso = now.toISOString();
  const personOf = (email: string | undefined): TaskAssignee | undefined => {
    const m = email ? byEmail.get(email) : undefined;
    if (!m?.userId) return undefined;
    return {
      userId: m.userId,
      email: m.email,
      name: m.name,
      ...(m.avatarId ? { avatarId: m.avatarId } : {}),
      role: ROLES.standard,
      createdAt: iso,
    };
  };
  const roleOfNode = (t: TaskRecord) => (t.assigningRole?.trim() ? roleKey(t.assigningRole) : undefined);
  return {
    unmapped,
    assigneeOf: (t) => personOf(emailOf.get(roleOfNode(t) ?? '')),
    managerOf: (t) => personOf(managerEmailOf.get(roleOfNode(t) ?? '')),
  };
}
