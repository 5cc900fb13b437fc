/** Member and invitation calls of groups (spec 000 §7 Groups, 002 §7 invitations). */
import * as z from 'zod/mini';
import { entityId } from '../api/limits.ts';
import { GROUP_STATUS } from './group.ts';
import { emailAddress, INVITATION_ACTIONS } from './invitations.ts';
import { ROLE_IDS, type RoleId } from './roles.ts';

const email = emailAddress;

const role = z
  .number({ error: 'Choose a role.' })
  .check(z.refine((r): r is RoleId => ROLE_IDS.includes(r as RoleId), 'Choose a role.'));

export const inviteMemberInput = z.strictObject({ group: entityId, email, role });
export type InviteMemberInput = z.infer<typeof inviteMemberInput>;

export const cancelInvitationQuery = z.object({ email, group: z.optional(entityId) });

export const updateMemberInput = z
  .partial(
    z.strictObject({
      role,
      status: z.union([z.literal(GROUP_STATUS.active), z.literal(GROUP_STATUS.archived)], {
        error: 'Status must be 1 (active) or 2 (archived).',
      }),
    }),
  )
  .check(z.refine((v) => v.role !== undefined || v.status !== undefined, 'Give a role or a status.'));

export const invitationKeyQuery = z.object({
  key: z.string().check(z.minLength(20, 'This invitation link is not valid.'), z.maxLength(200)),
});
export const answerInvitationInput = z.strictObject({
  key: z.string().check(z.minLength(20, 'This invitation link is not valid.'), z.maxLength(200)),
  action: z.union([z.literal(INVITATION_ACTIONS.decline), z.literal(INVITATION_ACTIONS.accept)], {
    error: 'Answer 1 to accept or 0 to decline.',
  }),
});

export const resendInvitationInput = z.strictObject({ group: entityId, email });
