/**
 * How a person comes into a group or onto a task by an invitation: the answer's transaction, joining
 * a group's roster, becoming a task's assignee, and at sign-up the invitations this e-mail accepted
 * before it had an account. Below the group, task and user areas (which all use it), so provisioning
 * a user imports it without a cycle.
 */
import { endSortCode, GROUP_STATUS, type RoleId, taskCountDelta } from '@tandem/shared';
import { generateKeyBetween } from 'fractional-indexing';
import { InvitationEntity } from '../../db/entities/invitation.ts';
import { dayWatchKeys } from '../../db/entities/placement.ts';
import { UserEntity } from '../../db/entities/user.ts';
import { TransactionCanceledError, transact } from '../../db/transact.ts';
import { ConflictError, HttpError } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import { limitOf, taskCounterWrite } from './limits.ts';
import {
  avatarIdOf,
  displayName,
  type GroupRecord,
  listMemberships,
  loadGroup,
  type RosterEntry,
  staleGroup,
} from './roster.ts';
import { counted, loadTask, type TaskRecord } from './task-access.ts';
import type { UserRecord } from './users.ts';

export interface InvitationRecord {
  keyHash: string;
  groupId: string;
  memberId: string;
  email: string;
  role: RoleId;
  invitedBy: string;
  inviterName: string;
  inviterEmail: string;
  status: RosterEntry['invitationStatus'];
  expiresAt: string;
  pendingAccountEmail?: string;
}

export interface TaskInvitation extends InvitationRecord {
  kind: 'task';
  taskId: string;
  openForEmail?: string;
}

export const INVITATION_USED = 'This invitation has already been answered.';

const staleTask = () => new ConflictError('The task was changed by someone else. Reload and try again.');

/**
 * Writes an invitation's answer together with what it changes. The invitation is the first item and
 * must still be open: if someone answered first, 409 'already answered'; any other failed condition
 * means the group or task changed meanwhile.
 */
export async function transactAnswer(fn: Parameters<typeof transact>[0], stale: () => Error): Promise<void> {
  try {
    await transact(fn);
  } catch (e) {
    if (e instanceof TransactionCanceledError && e.failedAt(0))
      throw new HttpError(409, 'invitation.used', INVITATION_USED);
    if (e instanceof TransactionCanceledError) throw stale();
    throw e;
  }
}

/** Invitation and roster entry change together, each on the condition that nobody got there first. */
export async function answerWrite(
  group: GroupRecord,
  inv: InvitationRecord,
  entry: RosterEntry,
  set: Record<string, string>,
) {
  await transactAnswer(
    ({ invitation, group: gE }) => [
      invitation
        .patch({ keyHash: inv.keyHash })
        .set(set)
        .where(({ status }, { eq }) => eq(status, 'pending'))
        .commit(),
      gE
        .patch({ groupId: group.groupId })
        .set({ members: { ...group.members, [entry.memberId]: entry }, version: group.version + 1 })
        .where(({ version }, { eq }) => eq(version, group.version))
        .commit(),
    ],
    staleGroup,
  );
}

/**
 * Makes an invitee with an account a member: invitation answered, roster entry linked to the user,
 * membership created and the invitee's membership counter raised within their limit. At the limit the
 * invitation is put on hold instead.
 */
export async function joinGroup(
  group: GroupRecord,
  inv: InvitationRecord,
  entry: RosterEntry,
  user: UserRecord,
  answeredAt: string,
): Promise<RosterEntry['invitationStatus']> {
  const limit = limitOf(user.subscription.package, 'groupMembership');
  if (user.groupMembershipCount >= limit) {
    await answerWrite(
      group,
      inv,
      { ...entry, invitationStatus: 'on-hold' },
      { status: 'on-hold', answeredAt },
    );
    return 'on-hold';
  }
  const memberships = await listMemberships(user.userId);
  const joined: RosterEntry = {
    ...entry,
    userId: user.userId,
    name: displayName(user),
    ...avatarIdOf(user),
    invitationStatus: 'accepted',
    memberStatus: GROUP_STATUS.active,
  };
  await transactAnswer(
    ({ invitation, group: gE, membership, user: uE }) => [
      invitation
        .patch({ keyHash: inv.keyHash })
        .set({ status: 'accepted', answeredAt })
        .where((a, op) => op.eq(a.status, String(inv.status)))
        .commit(),
      gE
        .patch({ groupId: group.groupId })
        .set({ members: { ...group.members, [entry.memberId]: joined }, version: group.version + 1 })
        .where(({ version }, { eq }) => eq(version, group.version))
        .commit(),
      membership
        .create({
          userId: user.userId,
          groupId: group.groupId,
          memberId: entry.memberId,
          role: entry.role,
          status: GROUP_STATUS.active,
          orderKey: generateKeyBetween(memberships.at(-1)?.orderKey ?? null, null),
        })
        .commit(),
      uE
        .patch({ userId: user.userId })
        .add({ groupMembershipCount: 1 })
        .where((a, op) => op.lt(a.groupMembershipCount, limit))
        .commit(),
    ],
    staleGroup,
  );
  return 'accepted';
}

/** The invitee joins the task's assignees, and the task goes to the top of their Today. */
export async function becomeAssignee(
  task: TaskRecord,
  inv: TaskInvitation,
  user: UserRecord,
  answeredAt: string,
) {
  const { [inv.email]: _answered, ...stillPending } = task.pending ?? {};
  const assignee = {
    userId: user.userId,
    email: inv.email,
    name: displayName(user),
    ...avatarIdOf(user),
    role: inv.role,
    createdAt: answeredAt,
  };
  const delta = taskCountDelta(
    counted(task),
    counted({ ...task, assignees: { ...task.assignees, [user.userId]: assignee } }),
  );
  await transactAnswer(
    ({ invitation, task: tE, placement, user: uE }) => [
      invitation
        .patch({ keyHash: inv.keyHash })
        .set({ status: 'accepted', answeredAt })
        .remove(['openForEmail', 'pendingAccountEmail'])
        .where((a, op) => op.eq(a.status, String(inv.status)))
        .commit(),
      tE
        .patch({ taskId: task.taskId })
        .set({
          assignees: { ...task.assignees, [user.userId]: assignee },
          pending: stillPending,
          version: task.version + 1,
        })
        .where(({ version }, { eq }) => eq(version, task.version))
        .commit(),
      placement
        .create({
          userId: user.userId,
          taskId: task.taskId,
          priorityGroup: 0,
          sortCode: endSortCode('top'),
          taskPosition: 'top',
          isOwner: false,
          delegatedToMe: true,
          scheduled: Boolean(task.schedule),
          ...dayWatchKeys(user.userId, task.taskId, task),
          groupId: task.groupId,
          mode: task.mode,
          status: task.status,
          titleLower: task.title.toLowerCase(),
        })
        .commit(),
      // The creator's delegated-task counter; last, and with no condition: an answer is never refused.
      ...[taskCounterWrite(uE, task.createdBy, delta, null)].filter((w) => w !== null),
    ],
    staleTask,
  );
}

/** At sign-up: task invitations this e-mail accepted before it had an account. */
export async function joinAcceptedTaskInvitation(inv: InvitationRecord, user: UserRecord): Promise<boolean> {
  const t = inv as TaskInvitation;
  const task = await loadTask(t.taskId);
  if (!task) return false;
  await becomeAssignee(task, t, user, new Date().toISOString());
  return true;
}

/**
 * At sign-up: invitations this e-mail accepted before it had an account become memberships.
 * One Query on the e-mail's sparse index; each invitation joins on its own, so one stale group does
 * not stop the others.
 */
export async function joinAcceptedInvitations(user: UserRecord): Promise<number> {
  if (!user.email) return 0;
  const r = await InvitationEntity.query
    .byPendingAccount({ pendingAccountEmail: user.email })
    .go({ pages: 'all' });
  let joined = 0;
  for (const inv of r.data as Array<InvitationRecord & { kind?: string }>) {
    if (inv.kind === 'task') {
      try {
        if (await joinAcceptedTaskInvitation(inv, user)) joined++;
      } catch (e) {
        logger.error('could not take on a task accepted before sign-up', {
          keyHash: inv.keyHash,
          error: String(e),
        });
      }
      continue;
    }
    try {
      const group = await loadGroup(inv.groupId);
      const entry = group?.members[inv.memberId];
      if (!group || !entry) continue;
      const fresh = (await UserEntity.get({ userId: user.userId }).go()).data ?? user;
      const status = await joinGroup(group, inv, entry, fresh, new Date().toISOString());
      await InvitationEntity.patch({ keyHash: inv.keyHash })
        .remove(['pendingAccountEmail'])
        .go({ response: 'none' });
      if (status === 'accepted') joined++;
    } catch (e) {
      logger.error('could not join an accepted invitation at sign-up', {
        keyHash: inv.keyHash,
        error: String(e),
      });
    }
  }
  return joined;
}
