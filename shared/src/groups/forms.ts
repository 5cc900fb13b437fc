/**
 * The rules of the group and category forms, as zod schemas the web forms validate with before
 * anything is sent. The name is valid when the server's own input schema (createGroupInput,
 * createCategoryInput) accepts it, so the rule is the server's; only the message differs: a key of
 * the web's `validation` namespace (see user/forms.ts), said in the user's language.
 */
import * as z from 'zod/mini';
import { acceptedByServer, emailOnlyField, FORM_MESSAGES } from '../user/forms.ts';
import { createCategoryInput } from './categories.ts';
import { createGroupInput } from './group.ts';
import { EMAIL_PATTERN } from './invitations.ts';
import { inviteMemberInput } from './members.ts';

const nameMessages = { required: FORM_MESSAGES.nameRequired, tooLong: FORM_MESSAGES.nameTooLong };

/** The group form's typed fields (colour and icon come from pickers that offer only valid values). */
export const groupForm = z.object({
  title: acceptedByServer(createGroupInput.shape.title, nameMessages),
});

/** The category form's typed fields. */
export const categoryForm = z.object({
  title: acceptedByServer(createCategoryInput.shape.title, nameMessages),
});

/** Inviting someone by e-mail, to a group or a task: an address (spec 000 §5), spaces around allowed. */
export const inviteByEmailForm = z.object({ email: emailOnlyField });

/**
 * Adding a member in the group form: an address (empty says so, then it must be one) and a role
 * the server accepts (inviteMemberInput's role; which roles the caller may grant is the picker's).
 */
export const memberInviteForm = z.object({
  email: z.string().check(
    z.refine((v) => v.trim() !== '', { message: FORM_MESSAGES.emailRequired, abort: true }),
    z.refine((v) => EMAIL_PATTERN.test(v.trim()), FORM_MESSAGES.email),
  ),
  role: acceptedByServer(inviteMemberInput.shape.role, { required: FORM_MESSAGES.roleRequired }),
});
