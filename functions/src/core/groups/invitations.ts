/**
 * Group invitations by e-mail. The link carries a random 256-bit key; only its SHA-256 is stored. A
 * link is single-use and works for INVITATION_TTL_DAYS. Answering needs no sign-in:
 * - accept, with an account → membership at once (on hold when the invitee is at their group limit);
 * - accept, without an account → accepted, and membership starts when that e-mail signs up;
 * - decline → refused.
 * A used, expired or unknown key is refused with a clear message and changes nothing.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  effectiveInvitationStatus,
  type InvitationAnswerView,
  type InvitationRequestView,
  invitationExpiresAt,
  ROLES,
  type RoleId,
  roleName,
} from '@tandem/shared';
import { InvitationEntity } from '../../db/entities/invitation.ts';
import { UserEntity } from '../../db/entities/user.ts';
import { TransactionCanceledError, transact } from '../../db/transact.ts';
import { env } from '../../lib/env.ts';
import { HttpError, NotFoundError } from '../../lib/errors.ts';
import { answerWrite, INVITATION_USED, type InvitationRecord, joinGroup } from '../access/joins.ts';
import { displayName, type GroupRecord, type RosterEntry, senderName } from '../access/roster.ts';
import { tell } from '../notifications/tell.ts';
import type { UserRecord } from '../user/user.ts';
import { loadGroup, staleGroup } from './groups.ts';

export {
  INVITATION_USED,
  type InvitationRecord,
  joinAcceptedInvitations,
  transactAnswer,
} from '../access/joins.ts';

const DAY_S = 24 * 3600;
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');
export const newInvitationKey = () => randomBytes(32).toString('base64url');

export const INVITATION_UNKNOWN =
  'This invitation link is not valid. Check that you opened the whole link from the e-mail.';
export const invitationExpired = (inviter: string) =>
  `This invitation has expired. Ask ${inviter || 'the person who invited you'} to send a new one.`;

/**
 * Puts an invitation in place and e-mails its link, all or nothing. In one transaction: the group's
 * roster entry (on the condition that the group is unchanged since it was read — one e-mail is one
 * entry of that one item, so of concurrent invitations of one e-mail only one can write), the new
 * invitation item, and the removal of the entry's previous invitation. Only the request whose
 * transaction went through sends the e-mail; one that lost the race gets 409 (staleGroup) and sends
 * nothing.
 */
export async function issueInvitation(
  group: GroupRecord,
  entry: Omit<RosterEntry, 'keyHash' | 'expiresAt'>,
  inviter: UserRecord,
  now = new Date(),
): Promise<RosterEntry> {
  const key = newInvitationKey();
  const keyHash = hashKey(key);
  const expiresAt = invitationExpiresAt(now).toISOString();
  const previous = group.members[entry.memberId]?.keyHash;
  const invited: RosterEntry = { ...entry, invitationStatus: 'pending', keyHash, expiresAt };
  try {
    await transact(({ group: gE, invitation }) => [
      gE
        .patch({ groupId: group.groupId })
        .set({ members: { ...group.members, [entry.memberId]: invited }, version: group.version + 1 })
        .where(({ version }, { eq }) => eq(version, group.version))
        .commit(),
      invitation
        .create({
          keyHash,
          groupId: group.groupId,
          memberId: entry.memberId,
          email: entry.email,
          role: entry.role,
          invitedBy: inviter.userId,
          inviterName: displayName(inviter),
          inviterEmail: inviter.email ?? '',
          status: 'pending',
          expiresAt,
          ttl: Math.floor(Date.parse(expiresAt) / 1000) + 30 * DAY_S,
        })
        .commit(),
      ...(previous ? [invitation.delete({ keyHash: previous }).commit()] : []),
    ]);
  } catch (e) {
    if (e instanceof TransactionCanceledError && e.lostRace()) throw staleGroup();
    throw e;
  }
  // Told through the one path (notifications/tell.ts): the e-mail carries the only way to answer,
  // so it always goes; an address with an account also gets the in-app notification by its settings.
  await tell({
    template: 'group.invitation',
    subject: { type: 'group', id: group.groupId },
    variables: { groupId: group.groupId, groupTitle: group.title, byName: displayName(inviter) },
    to: [{ email: entry.email }],
    mail: () => invitationMail(group, entry, inviter, key, expiresAt),
    push: { title: `${senderName(displayName(inviter))} invited you to a group`, body: group.title },
    now,
  });
  return invited;
}

function invitationMail(
  group: GroupRecord,
  entry: { email: string; role: RoleId },
  inviter: UserRecord,
  key: string,
  expiresAt: string,
) {
  const link = `${env.appUrl}/accept-invite?key=${key}`;
  const who = senderName(displayName(inviter));
  const until = new Date(expiresAt).toUTCString().slice(0, 16);
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    to: entry.email,
    subject: `${who} invited you to "${group.title}" on Tandem`,
    text: `${who} invited you to join the group "${group.title}" on Tandem as ${roleName(entry.role)}.\n\nAccept or decline: ${link}\n\nThe link works until ${until}.`,
    html: `<p>${esc(who)} invited you to join the group <strong>${esc(group.title)}</strong> on Tandem as ${roleName(entry.role)}.</p><p><a href="${link}">Accept or decline the invitation</a></p><p>The link works until ${until}.</p>`,
  };
}

async function invitationByKey(key: string): Promise<InvitationRecord> {
  const inv = (await InvitationEntity.get({ keyHash: hashKey(key) }).go()).data as InvitationRecord | null;
  if (!inv) throw new NotFoundError(INVITATION_UNKNOWN);
  return inv;
}

/** A pending, unexpired invitation and its group, or the clear refusal for this key. */
async function openInvitation(key: string, now: Date) {
  const inv = await invitationByKey(key);
  if (inv.status !== 'pending') throw new HttpError(409, 'invitation.used', INVITATION_USED);
  if (effectiveInvitationStatus(inv.status, inv.expiresAt, now) === 'expired') {
    throw new HttpError(410, 'invitation.expired', invitationExpired(inv.inviterName));
  }
  const group = await loadGroup(inv.groupId);
  const entry = group?.members[inv.memberId];
  // The invitation was cancelled or its group deleted: the link no longer leads anywhere.
  if (!group || !entry || entry.keyHash !== inv.keyHash) throw new NotFoundError(INVITATION_UNKNOWN);
  return { inv, group, entry };
}

export async function getInvitationRequest(key: string, now = new Date()): Promise<InvitationRequestView> {
  const { inv, group } = await openInvitation(key, now);
  return {
    email: inv.email,
    role: inv.role,
    roleTitle: roleName(inv.role),
    status: 'pending',
    expiresAt: inv.expiresAt,
    group: { id: group.groupId, title: group.title, metadata: group.metadata },
    inviter: { name: inv.inviterName, email: inv.inviterEmail },
  };
}

export async function userByEmail(email: string): Promise<UserRecord | null> {
  const r = await UserEntity.query.byEmail({ email }).go();
  return r.data[0] ?? null;
}

export async function answerInvitation(
  key: string,
  accept: boolean,
  now = new Date(),
): Promise<InvitationAnswerView> {
  const { inv, group, entry } = await openInvitation(key, now);
  const answeredAt = now.toISOString();
  const view = (status: RosterEntry['invitationStatus'], hasAccount: boolean): InvitationAnswerView => ({
    status,
    hasAccount,
    email: inv.email,
    group: { id: group.groupId, title: group.title },
  });

  if (!accept) {
    await answerWrite(
      group,
      inv,
      { ...entry, invitationStatus: 'refused' },
      { status: 'refused', answeredAt },
    );
    return view('refused', Boolean(await userByEmail(inv.email)));
  }
  const user = await userByEmail(inv.email);
  if (!user) {
    await answerWrite(
      group,
      inv,
      { ...entry, invitationStatus: 'accepted' },
      // groupId too: ElectroDB writes the e-mail index's keys only when given all their parts.
      { status: 'accepted', answeredAt, pendingAccountEmail: inv.email, groupId: inv.groupId },
    );
    return view('accepted', false);
  }
  const status = await joinGroup(group, inv, entry, user, answeredAt);
  return view(status, true);
}

export const isCreator = (role: RoleId) => role === ROLES.creator;
