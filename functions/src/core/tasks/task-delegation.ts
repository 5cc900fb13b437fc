/**
 * Delegation by invitation (spec 000 §4, §7; 002 §7): a task's assignee can be invited by e-mail.
 * The invitee gets an e-mail with a single-use link (answered without signing in) and a Pending
 * entry when signed in. Accepting makes them an assignee with the role asked for and puts the task
 * on their Today list; someone without an account becomes the assignee when they sign up. Only the
 * SHA-256 of the key is stored, and links work for INVITATION_TTL_DAYS, as for group invitations.
 */
import {
  effectiveInvitationStatus,
  INVITATION_TTL_DAYS,
  invitationExpiresAt,
  ROLES,
  type RoleId,
  roleName,
  taskCountDelta,
} from '@tandem/shared';
import { InvitationEntity } from '../../db/entities/invitation.ts';
import { delegatedOutKeys } from '../../db/entities/placement.ts';
import { TaskEntity } from '../../db/entities/task.ts';
import { TransactionCanceledError, transact } from '../../db/transact.ts';
import type { Actor } from '../../lib/actor.ts';
import { env } from '../../lib/env.ts';
import { ConflictError, HttpError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { countOf, type PageRequest, readPage } from '../../lib/list-pages.ts';
import { becomeAssignee, type TaskInvitation } from '../access/joins.ts';
import { assertTaskCountsFit } from '../access/limits.ts';
import { displayName, senderName } from '../access/roster.ts';
import {
  counted,
  loadTask,
  type PendingAssignee,
  requireTaskPermission,
  type TaskRecord,
  taskFor,
} from '../access/task-access.ts';
import {
  hashKey,
  INVITATION_UNKNOWN,
  INVITATION_USED,
  invitationExpired,
  newInvitationKey,
  transactAnswer,
  userByEmail,
} from '../groups/invitations.ts';
import { tell } from '../notifications/tell.ts';
import { getUser, type UserRecord } from '../user/user.ts';

const DAY_S = 24 * 3600;
const stale = () => new ConflictError('The task was changed by someone else. Reload and try again.');

function delegationMail(
  task: TaskRecord,
  email: string,
  role: RoleId,
  inviter: UserRecord,
  key: string,
  expiresAt: string,
) {
  const link = `${env.appUrl}/accept-delegate-invite?key=${key}`;
  const who = senderName(displayName(inviter));
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const until = new Date(expiresAt).toUTCString().slice(0, 16);
  return {
    to: email,
    subject: `${who} asked you to take on "${task.title}" on Tandem`,
    text: `${who} asked you to take on the task "${task.title}" on Tandem as ${roleName(role)}.\n\nAccept or decline: ${link}\n\nThe link works until ${until}.`,
    html: `<p>${esc(who)} asked you to take on the task <strong>${esc(task.title)}</strong> on Tandem as ${roleName(role)}.</p><p><a href="${link}">Accept or decline</a></p><p>The link works until ${until}.</p>`,
  };
}

/** PUT /task/delegation/invitation: invite an e-mail to become an assignee of the task. */
export async function inviteToTask(
  actor: Actor,
  input: { task: string; email: string; role: RoleId },
  now = new Date(),
) {
  const { task, role } = await taskFor(actor, input.task);
  requireTaskPermission(role, 'task.taskAssignees', 'task_assignees');
  if (task.delegationType === 'IP') {
    throw new ValidationError({ task: 'People join an individual delegation when it is created.' });
  }
  if (Object.values(task.assignees).some((a) => a.email === input.email)) {
    throw new ConflictError(`${input.email} is already an assignee of this task.`);
  }
  const inviter = await getUser(actor);
  // The task becomes a delegated task of its creator when the invitee accepts: refused now if that
  // would pass the creator's limit (the answer itself is never refused for someone else's plan).
  const current = counted(task);
  const joining = taskCountDelta(current, {
    ...current,
    assigneeIds: [...current.assigneeIds, `invitee:${input.email}`],
  });
  if (joining.delegatedTasks > 0) {
    assertTaskCountsFit(
      task.createdBy === actor.userId
        ? inviter
        : await getUser({ userId: task.createdBy, username: task.createdBy }),
      joining,
    );
  }
  const key = newInvitationKey();
  const keyHash = hashKey(key);
  const expiresAt = invitationExpiresAt(now).toISOString();
  const previous = task.pending?.[input.email];
  const pending: PendingAssignee = {
    email: input.email,
    role: input.role,
    status: 'pending',
    keyHash,
    invitedBy: actor.userId,
    expiresAt,
    createdAt: now.toISOString(),
  };
  try {
    await transact(({ invitation, task: tE, placement }) => [
      invitation
        .create({
          keyHash,
          kind: 'task',
          taskId: task.taskId,
          groupId: task.groupId,
          memberId: task.taskId,
          email: input.email,
          role: input.role,
          invitedBy: actor.userId,
          inviterName: displayName(inviter),
          inviterEmail: inviter.email ?? '',
          status: 'pending',
          expiresAt,
          openForEmail: input.email,
          ttl: Math.floor(Date.parse(expiresAt) / 1000) + 30 * DAY_S,
        })
        .commit(),
      tE
        .patch({ taskId: task.taskId })
        .set({ pending: { ...task.pending, [input.email]: pending }, version: task.version + 1 })
        .where(({ version }, { eq }) => eq(version, task.version))
        .commit(),
      placement
        .patch({ userId: task.createdBy, taskId: task.taskId })
        .set(delegatedOutKeys(task.createdBy, task.createdAt, task.taskId))
        .commit(),
      // A resend replaces the earlier link, which stops working.
      ...(previous ? [invitation.delete({ keyHash: previous.keyHash }).commit()] : []),
    ]);
  } catch (e) {
    if (e instanceof TransactionCanceledError) throw stale();
    throw e;
  }
  // Told through the one path (notifications/tell.ts): the e-mail with the link, and an in-app
  // notification when the address has an account, by the invitee's settings for `delegated`.
  await tell({
    template: 'delegated',
    subject: { type: 'task', id: task.taskId },
    variables: {
      taskId: task.taskId,
      taskTitle: task.title,
      groupId: task.groupId,
      byName: displayName(inviter),
    },
    to: [{ email: input.email }],
    mail: () => delegationMail(task, input.email, input.role, inviter, key, expiresAt),
    push: { title: `${senderName(displayName(inviter))} asked you to take on a task`, body: task.title },
    now,
  });
  return {
    email: input.email,
    role: input.role,
    status: 'pending',
    expiresAt,
    inviteDays: INVITATION_TTL_DAYS,
  };
}

async function openTaskInvitation(keyHash: string, now: Date) {
  const inv = (await InvitationEntity.get({ keyHash }).go()).data as TaskInvitation | null;
  if (inv?.kind !== 'task') throw new NotFoundError(INVITATION_UNKNOWN);
  if (inv.status !== 'pending') throw new HttpError(409, 'invitation.used', INVITATION_USED);
  if (effectiveInvitationStatus(inv.status, inv.expiresAt, now) === 'expired') {
    throw new HttpError(410, 'invitation.expired', invitationExpired(inv.inviterName));
  }
  const task = await loadTask(inv.taskId);
  if (!task || task.pending?.[inv.email]?.keyHash !== keyHash) throw new NotFoundError(INVITATION_UNKNOWN);
  return { inv, task };
}

export async function getTaskInvitationRequest(key: string, now = new Date()) {
  const { inv, task } = await openTaskInvitation(hashKey(key), now);
  return {
    email: inv.email,
    role: inv.role,
    roleTitle: roleName(inv.role),
    status: 'pending',
    expiresAt: inv.expiresAt,
    task: { id: task.taskId, title: task.title, description: task.description, dueAt: task.dueAt ?? null },
    inviter: { name: inv.inviterName, email: inv.inviterEmail },
  };
}

/**
 * Public answer with the e-mailed key; the spec's fields sent beside it (email, invited_by, task_id) must
 * name the invitation behind the key, or it is not found.
 */
export async function answerTaskInvitation(
  key: string,
  accept: boolean,
  now = new Date(),
  claimed: { email?: string; invitedBy?: string; taskId?: string } = {},
) {
  const keyHash = hashKey(key);
  if (claimed.email !== undefined || claimed.invitedBy !== undefined || claimed.taskId !== undefined) {
    const { inv } = await openTaskInvitation(keyHash, now);
    const by = claimed.invitedBy?.toLowerCase();
    if (
      (claimed.email !== undefined && claimed.email !== inv.email.toLowerCase()) ||
      (by !== undefined && by !== inv.invitedBy.toLowerCase() && by !== inv.inviterEmail.toLowerCase()) ||
      (claimed.taskId !== undefined && claimed.taskId !== inv.taskId)
    ) {
      throw new NotFoundError(INVITATION_UNKNOWN);
    }
  }
  return answer(keyHash, accept, now);
}

/** Signed-in answer from the Pending tab: only invitations addressed to the caller's own e-mail. */
export async function answerMyTaskInvitations(
  actor: Actor,
  ids: string[],
  accept: boolean,
  now = new Date(),
) {
  const me = await getUser(actor);
  const results = [];
  for (const id of ids) {
    const inv = (await InvitationEntity.get({ keyHash: id }).go()).data as TaskInvitation | null;
    if (inv?.kind !== 'task' || inv.email !== me.email) throw new NotFoundError();
    results.push(await answer(id, accept, now));
  }
  return { results };
}

async function answer(keyHash: string, accept: boolean, now: Date) {
  const { inv, task } = await openTaskInvitation(keyHash, now);
  const answeredAt = now.toISOString();
  const pendingEntry = task.pending![inv.email]!;
  const user = accept ? await userByEmail(inv.email) : null;
  if (!accept || !user) {
    const status = accept ? 'accepted' : 'refused';
    await transactAnswer(
      ({ invitation, task: tE }) => [
        invitation
          .patch({ keyHash })
          .set({
            status,
            answeredAt,
            ...(accept ? { pendingAccountEmail: inv.email, groupId: inv.groupId } : {}),
          })
          .remove(['openForEmail'])
          .where(({ status: s }, { eq }) => eq(s, 'pending'))
          .commit(),
        tE
          .patch({ taskId: task.taskId })
          .set({
            pending: { ...task.pending, [inv.email]: { ...pendingEntry, status } },
            version: task.version + 1,
          })
          .where(({ version }, { eq }) => eq(version, task.version))
          .commit(),
      ],
      stale,
    );
    return {
      status,
      hasAccount: Boolean(user),
      email: inv.email,
      task: { id: task.taskId, title: task.title },
    };
  }
  await becomeAssignee(task, inv, user, answeredAt);
  return {
    status: 'accepted',
    hasAccount: true,
    email: inv.email,
    task: { id: task.taskId, title: task.title },
  };
}

/**
 * GET /task/pending: the caller's open task invitations, with the task and who asked, a page at a
 * time from the sparse index of open invitations by e-mail (decisions D28).
 */
export async function listPendingTaskInvitations(
  actor: Actor,
  req: PageRequest = { size: PENDING_PAGE },
  now = new Date(),
) {
  const me = await getUser(actor);
  if (!me.email) return { count: 0, next: null, previous: null, results: [] };
  const email = me.email;
  const page = await readPage<TaskInvitation>(
    {
      partition: `TINV#${email}`,
      keyFields: ['pk', 'sk', 'gsi2pk', 'gsi2sk'],
      query: (limit, cursor) =>
        InvitationEntity.query
          .byOpenForEmail({ openForEmail: email })
          .go({ limit, cursor, data: 'includeKeys' }) as Promise<{
          data: TaskInvitation[];
          cursor: string | null;
        }>,
      keep: (batch) => batch,
    },
    req,
  );
  const invs = page.items;
  const tasks = invs.length
    ? (await TaskEntity.get([...new Set(invs.map((i) => i.taskId))].map((taskId) => ({ taskId }))).go()).data
    : [];
  const byId = new Map(tasks.map((t) => [t.taskId, t]));
  const results = invs.flatMap((i) => {
    const task = byId.get(i.taskId);
    if (!task) return [];
    return [
      {
        id: i.keyHash,
        email: i.email,
        role: i.role,
        status: effectiveInvitationStatus(i.status, i.expiresAt, now),
        expiresAt: i.expiresAt,
        task: { id: task.taskId, title: task.title, dueAt: task.dueAt ?? null, groupId: task.groupId },
        inviter: { id: i.invitedBy, name: i.inviterName, email: i.inviterEmail },
      },
    ];
  });
  const pageNo = req.cursor ? null : (req.page ?? 1);
  return {
    // An invitation whose task is gone is not shown, nor counted.
    count: countOf(page) - (invs.length - results.length),
    next: page.next ? `?cursor=${page.next}&size=${req.size}` : null,
    previous: pageNo && pageNo > 1 ? `?page=${pageNo - 1}&size=${req.size}` : null,
    results,
  };
}

/** The Pending tab shows every open invitation at once in practice: a page holds up to 100. */
export const PENDING_PAGE = 100;

/** DELETE /task/delegation/{id}: withdraws an open invitation (needs the assignee permission). */
export async function withdrawTaskInvitation(actor: Actor, keyHash: string) {
  const inv = (await InvitationEntity.get({ keyHash }).go()).data as TaskInvitation | null;
  if (inv?.kind !== 'task') throw new NotFoundError();
  const { task, role } = await taskFor(actor, inv.taskId);
  requireTaskPermission(role, 'task.taskAssignees');
  const { [inv.email]: _gone, ...pending } = task.pending ?? {};
  await transact(({ invitation, task: tE }) => [
    invitation.delete({ keyHash }).commit(),
    tE
      .patch({ taskId: task.taskId })
      .set({ pending, version: task.version + 1 })
      .where(({ version }, { eq }) => eq(version, task.version))
      .commit(),
  ]);
}

export const assignableRoles: RoleId[] = [ROLES.editor, ROLES.standard];
