/**
 * The task form's assignees (spec 000 §2 advanced mode, §5, §6): who can be picked, what a new task
 * sends, and the rules of the 'Grant editor permissions' switch and the Shared / Individual toggle.
 * Pure, for tests (web/test/delegation-assignees.test.ts).
 *
 * - Only accepted members of the task's group can be assigned directly; anyone else is invited by
 *   e-mail once the task exists (the e-mails typed while creating are queued and sent after).
 * - A new task starts with its creator as the one assignee.
 * - An assignee is an editor (6) or standard (5); 'Grant editor permissions' makes every assignee
 *   and every queued invitee an editor (the creator keeps the creator role on the task anyway).
 * - Individual delegation gives each assignee a copy of their own (IP parent, IC copies); people join
 *   it only when it is created, so e-mail invitations go with shared tasks only.
 */
import { type Permission, ROLES, type RoleId } from '@tandem/shared/groups/roles';
import type { GroupView } from '@tandem/shared/groups/views';
import type { DelegationType } from '@tandem/shared/tasks/constants';

export type AssigneeRole = typeof ROLES.editor | typeof ROLES.standard;
export const ASSIGNEE_ROLES: readonly AssigneeRole[] = [ROLES.editor, ROLES.standard];
/** A person invited by e-mail starts as standard (PUT /task/delegation/invitation's default). */
export const DEFAULT_INVITE_ROLE: AssigneeRole = ROLES.standard;

export interface PickedAssignee {
  user: string;
  role: AssigneeRole;
}

export interface QueuedInvite {
  email: string;
  role: AssigneeRole;
}

export type DelegationMode = 'shared' | 'individual';

export interface AssigneeOption {
  user: string;
  name: string;
  email: string;
}

export const asAssigneeRole = (role: RoleId): AssigneeRole =>
  role === ROLES.standard ? ROLES.standard : ROLES.editor;

/** The group's accepted members with an account, in name order; the caller first. */
export function assigneeOptions(
  group: Pick<GroupView, 'groupMembers'> | undefined,
  me: string | null | undefined,
): AssigneeOption[] {
  const members = (group?.groupMembers ?? []).filter(
    (m): m is typeof m & { user: string } => m.user !== null && m.invitationStatus === 'accepted',
  );
  const seen = new Set<string>();
  return members
    .filter((m) => !seen.has(m.user) && seen.add(m.user))
    .map((m) => ({ user: m.user, name: m.name || m.email, email: m.email }))
    .sort(
      (a, b) =>
        Number(b.user === me) - Number(a.user === me) ||
        a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }),
    );
}

/** A new task's assignees before anyone is picked: its creator, as editor. */
export const defaultAssignees = (me: string | null | undefined, options: readonly AssigneeOption[]) =>
  me && options.some((o) => o.user === me) ? [{ user: me, role: ROLES.editor as AssigneeRole }] : [];

/**
 * The assignees as the form shows them: the user's picks (or the default when nothing was picked
 * yet), kept to members of the chosen group.
 */
export function effectiveAssignees(
  picked: readonly PickedAssignee[] | null,
  me: string | null | undefined,
  options: readonly AssigneeOption[],
): PickedAssignee[] {
  if (picked === null) return defaultAssignees(me, options);
  return picked.filter((p) => options.some((o) => o.user === p.user));
}

/** The multi-select's new value: new people get standard (the caller editor), others keep their role. */
export function pickUsers(
  current: readonly PickedAssignee[],
  users: readonly string[],
  me: string | null | undefined,
): PickedAssignee[] {
  return users.map(
    (user) =>
      current.find((p) => p.user === user) ?? {
        user,
        role: user === me ? ROLES.editor : ROLES.standard,
      },
  );
}

/** The people whose role the switch sets: every assignee but the creator, and every queued invitee. */
const others = (assignees: readonly PickedAssignee[], me: string | null | undefined) =>
  assignees.filter((a) => a.user !== me);

/** On when there is someone to grant to and every one of them is an editor. */
export function allEditors(
  assignees: readonly PickedAssignee[],
  invites: readonly QueuedInvite[],
  me: string | null | undefined,
): boolean {
  const roles = [...others(assignees, me), ...invites].map((x) => x.role);
  return roles.length > 0 && roles.every((r) => r === ROLES.editor);
}

/** 'Grant editor permissions': on makes everyone an editor, off makes everyone standard again. */
export function grantEditor(
  assignees: readonly PickedAssignee[],
  invites: readonly QueuedInvite[],
  on: boolean,
  me: string | null | undefined,
): { assignees: PickedAssignee[]; invites: QueuedInvite[] } {
  const role: AssigneeRole = on ? ROLES.editor : ROLES.standard;
  return {
    assignees: assignees.map((a) => (a.user === me ? a : { ...a, role })),
    invites: invites.map((i) => ({ ...i, role })),
  };
}

/**
 * The delegation type a new task is sent with: individual gives IP (a copy per assignee); shared
 * gives SH when more than one person will work on it, SI when one does.
 */
export function delegationTypeFor(
  mode: DelegationMode,
  assignees: readonly PickedAssignee[],
  invites: readonly QueuedInvite[],
): DelegationType {
  if (mode === 'individual') return 'IP';
  return assignees.length + invites.length > 1 ? 'SH' : 'SI';
}

/** The POST /task fields for the assignees. */
export function assigneesPayload(
  assignees: readonly PickedAssignee[],
  mode: DelegationMode,
  invites: readonly QueuedInvite[],
): { taskAssignees: Array<{ user: string; role: AssigneeRole }>; delegationType: DelegationType } {
  return {
    taskAssignees: assignees.map(({ user, role }) => ({ user, role })),
    delegationType: delegationTypeFor(mode, assignees, invites),
  };
}

/** The spec's simple e-mail check (000 §5): text, at sign, text, dot, text. */
export const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

export type InviteProblem = 'invalid' | 'assignee' | 'invited' | null;

/**
 * Why an e-mail cannot be invited: not an e-mail, already an assignee, or already invited (queued,
 * or pending on the task). An expired or declined invitation may be sent again.
 */
export function inviteProblem(
  email: string,
  ctx: {
    assigneeEmails: readonly string[];
    invited: ReadonlyArray<{ email: string; status?: string }>;
  },
): InviteProblem {
  const e = email.trim().toLowerCase();
  if (!isEmail(e)) return 'invalid';
  if (ctx.assigneeEmails.some((a) => a.toLowerCase() === e)) return 'assignee';
  if (ctx.invited.some((i) => i.email.toLowerCase() === e && (i.status ?? 'pending') === 'pending'))
    return 'invited';
  return null;
}

/** Whether the caller may change assignees and the delegation type (spec 000 §6). */
export const canAssign = (permissions: readonly Permission[] | undefined) =>
  (permissions ?? []).includes('task.taskAssignees');
export const canChooseDelegation = (permissions: readonly Permission[] | undefined) =>
  canAssign(permissions) && (permissions ?? []).includes('task.delegationType');
