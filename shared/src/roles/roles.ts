/**
 * Account roles and role mapping (spec 002 §3, §5; issue 16 item 2).
 *
 * - An account role belongs to one person: a role name (title, unique per person compared trimmed
 *   and case-insensitively) and an e-mail (empty, or a valid address).
 * - A role mapping belongs to one task or template: the assigning role (the role a node names), the
 *   target (an e-mail, or the title of one of the person's account roles) and the managing role.
 * - Applying a template resolves each node's role to a person through these rules
 *   (`resolveAssignee`); the screens show the match marks (`roleMatches`).
 */
import * as z from 'zod/mini';
import { hasVisibleText, MAX_ID_LENGTH } from '../api/limit-values.ts';
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH, normaliseEmail } from '../groups/invitations.ts';

/** Longest role name. */
export const ROLE_TITLE_MAX = 100;
/** Most account roles one person keeps; the list is read whole (one page). */
export const MAX_ACCOUNT_ROLES = 200;
/** Most mapping rows one task or template keeps. */
export const MAX_ROLE_MAPPINGS = 200;

export const ROLE_MESSAGES = {
  titleRequired: 'Role name is required.',
  titleTooLong: `A role name has at most ${ROLE_TITLE_MAX} characters.`,
  titleTaken: 'You already have a role with this name.',
  email: 'Enter a valid e-mail address, or leave it empty.',
  emailTooLong: `An e-mail address has at most ${MAX_EMAIL_LENGTH} characters.`,
  target: 'Enter a valid e-mail address or the name of one of your roles.',
  assigningRequired: 'The source role is required.',
  oneTarget: 'Give either a task or a template.',
  tooManyRoles: `You can keep at most ${MAX_ACCOUNT_ROLES} roles.`,
  tooManyMappings: `A task or template can have at most ${MAX_ROLE_MAPPINGS} role mappings.`,
} as const;

/** How role names are compared: trimmed, case-insensitive. */
export const roleKey = (title: string) => title.trim().toLowerCase();
export const sameRole = (a: string, b: string) => roleKey(a) === roleKey(b);

/** The e-mail rule of an account role (spec 002 §5): empty is allowed, else the e-mail check. */
export const isAccountRoleEmail = (value: string) => {
  const v = value.trim();
  return v === '' || (v.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(v));
};
export const isEmail = (value: string) => {
  const v = value.trim();
  return v.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(v);
};

/** The message the e-mail field shows, or undefined when it is fine. */
export const accountRoleEmailError = (value: string): string | undefined =>
  isAccountRoleEmail(value) ? undefined : ROLE_MESSAGES.email;

export const roleTitle = z
  .string({ error: ROLE_MESSAGES.titleRequired })
  .check(
    z.trim(),
    z.minLength(1, ROLE_MESSAGES.titleRequired),
    z.maxLength(ROLE_TITLE_MAX, ROLE_MESSAGES.titleTooLong),
    z.refine(hasVisibleText, ROLE_MESSAGES.titleRequired),
  );

/** An account role's e-mail: empty, or a valid address (kept lower case). */
export const accountRoleEmail = z.pipe(
  z.string({ error: ROLE_MESSAGES.email }).check(
    z.trim(),
    z.maxLength(MAX_EMAIL_LENGTH, ROLE_MESSAGES.emailTooLong),
    z.refine((v) => v === '' || EMAIL_PATTERN.test(v), ROLE_MESSAGES.email),
  ),
  z.transform(normaliseEmail),
);

export const accountRoleInput = z.strictObject({
  title: roleTitle,
  email: z._default(accountRoleEmail, ''),
});
export const updateAccountRoleInput = z.strictObject({
  title: z.optional(roleTitle),
  email: z.optional(accountRoleEmail),
});
export type AccountRoleInput = z.infer<typeof accountRoleInput>;
export type UpdateAccountRoleInput = z.infer<typeof updateAccountRoleInput>;

export interface AccountRoleView {
  id: string;
  title: string;
  email: string;
  createdAt: string;
  updatedAt?: string;
}

/** Whether `title` is taken by another of the person's roles (the one being edited excluded). */
export const roleTitleTaken = (
  roles: ReadonlyArray<Pick<AccountRoleView, 'id' | 'title'>>,
  title: string,
  exceptId?: string,
) => roles.some((r) => r.id !== exceptId && sameRole(r.title, title));

const optionalRoleName = z.string().check(z.trim(), z.maxLength(ROLE_TITLE_MAX, ROLE_MESSAGES.titleTooLong));
const assigningRole = z
  .string({ error: ROLE_MESSAGES.assigningRequired })
  .check(
    z.trim(),
    z.minLength(1, ROLE_MESSAGES.assigningRequired),
    z.maxLength(ROLE_TITLE_MAX, ROLE_MESSAGES.titleTooLong),
    z.refine(hasVisibleText, ROLE_MESSAGES.assigningRequired),
  );
/** A mapping's target: an e-mail or a role title; checked against the caller's roles on the server. */
const mappingTarget = z.string().check(z.trim(), z.maxLength(MAX_EMAIL_LENGTH, ROLE_MESSAGES.emailTooLong));
const targetId = z.string().check(
  z.maxLength(MAX_ID_LENGTH, 'This id is too long.'),
  z.refine((v) => v.trim().length > 0, 'This id is empty.'),
);

export const roleMappingInput = z
  .strictObject({
    assigningRole,
    email: z._default(mappingTarget, ''),
    managingRole: z._default(optionalRoleName, ''),
    task: z.optional(targetId),
    template: z.optional(targetId),
  })
  .check(
    z.refine((v) => (v.task === undefined) !== (v.template === undefined), {
      message: ROLE_MESSAGES.oneTarget,
      path: ['task'],
    }),
  );
export const updateRoleMappingInput = z.strictObject({
  assigningRole: z.optional(assigningRole),
  email: z.optional(mappingTarget),
  managingRole: z.optional(optionalRoleName),
});
export type RoleMappingInput = z.infer<typeof roleMappingInput>;
export type UpdateRoleMappingInput = z.infer<typeof updateRoleMappingInput>;

/** The query of GET /task/role-mapping (task_id or template_id on the wire; camelCase inside). */
export const roleMappingQuery = z
  .object({
    taskId: z.optional(targetId),
    templateId: z.optional(targetId),
  })
  .check(
    z.refine((v) => (v.taskId === undefined) !== (v.templateId === undefined), {
      message: 'Give either task_id or template_id.',
      path: ['taskId'],
    }),
  );

/** What a mapping row carries (the wire's shape, camelCase inside). */
export interface RoleMappingRow {
  assigningRole: string;
  /** An e-mail, or the title of one of the owner's account roles. */
  email: string;
  managingRole: string;
}
export interface RoleMappingView extends RoleMappingRow {
  id: string;
  task: string | null;
  template: string | null;
  /** The source role matches one of the caller's account roles (the green mark). */
  roleMatches: boolean;
  createdAt: string;
  updatedAt?: string;
}

type RoleLike = Pick<AccountRoleView, 'title' | 'email'>;

/** The green mark: the source role matches a known role title (trimmed, case-insensitive). */
export const roleMatches = (assigningRole: string, roles: ReadonlyArray<RoleLike>) =>
  roleMatcher(roles)(assigningRole);

/** `roleMatches` for many rows against one list of roles: the titles' keys are made once. */
export function roleMatcher(roles: ReadonlyArray<RoleLike>): (assigningRole: string) => boolean {
  const titles = new Set(roles.map((r) => roleKey(r.title)));
  return (assigningRole) => assigningRole.trim() !== '' && titles.has(roleKey(assigningRole));
}

/** Whether a mapping's target is valid: an e-mail, or the title of one of the roles. */
export const isMappingTarget = (target: string, roles: ReadonlyArray<RoleLike>) =>
  target.trim() === '' || isEmail(target) || roles.some((r) => sameRole(r.title, target));

/**
 * A role title (or an e-mail) as a person: an e-mail is itself; a role title is that role's e-mail
 * when it has one. Anything else is nobody.
 */
export function targetEmail(target: string, roles: ReadonlyArray<RoleLike>): string | undefined {
  if (isEmail(target)) return normaliseEmail(target);
  const role = roles.find((r) => sameRole(r.title, target));
  return role && isEmail(role.email) ? normaliseEmail(role.email) : undefined;
}

/**
 * Who gets a node whose role is `nodeRole` when a template is applied: the mapping row for that role
 * (its target resolved through the account roles); with no row, the account role of that name.
 * Undefined when nobody is found (the node stays unassigned).
 */
export function resolveAssignee(
  rows: ReadonlyArray<RoleMappingRow>,
  roles: ReadonlyArray<RoleLike>,
  nodeRole: string | undefined | null,
): string | undefined {
  if (!nodeRole || nodeRole.trim() === '') return undefined;
  const row = rows.find((r) => sameRole(r.assigningRole, nodeRole));
  if (row && row.email.trim() !== '') return targetEmail(row.email, roles);
  return targetEmail(nodeRole, roles);
}

/** The node's manager: the managing role of the node role's mapping row, resolved the same way. */
export function resolveManager(
  rows: ReadonlyArray<RoleMappingRow>,
  roles: ReadonlyArray<RoleLike>,
  nodeRole: string | undefined | null,
): string | undefined {
  if (!nodeRole || nodeRole.trim() === '') return undefined;
  const row = rows.find((r) => sameRole(r.assigningRole, nodeRole));
  if (!row || row.managingRole.trim() === '') return undefined;
  return resolveAssignee(rows, roles, row.managingRole);
}

/**
 * Spec 002 §5: a node's role mapping is valid if there is no assigning role, or the e-mail is valid,
 * or the role or e-mail matches a template role.
 */
export function nodeRoleValid(
  taskRole: { assigningRole?: string | null; email?: string | null },
  roles: ReadonlyArray<RoleLike>,
): boolean {
  const role = taskRole.assigningRole?.trim() ?? '';
  const email = taskRole.email?.trim() ?? '';
  if (role === '') return true;
  if (email !== '' && isEmail(email)) return true;
  return roles.some((r) => sameRole(r.title, role) || (email !== '' && sameRole(r.title, email)));
}

/** Roles a set of nodes names that no mapping row or account role resolves (the planning warning). */
export function unmappedRoles(
  nodeRoles: ReadonlyArray<string | null | undefined>,
  rows: ReadonlyArray<RoleMappingRow>,
  roles: ReadonlyArray<RoleLike>,
): string[] {
  const out = new Map<string, string>();
  for (const r of nodeRoles) {
    if (!r || r.trim() === '') continue;
    if (resolveAssignee(rows, roles, r) === undefined && !out.has(roleKey(r))) out.set(roleKey(r), r.trim());
  }
  return [...out.values()];
}

/** A person resolved through a mapping who is not an accepted member of the group applied into. */
export const notMembersMessage = (emails: readonly string[]) =>
  `${emails.join(', ')} ${emails.length === 1 ? 'is' : 'are'} not a member of this group. Invite ${
    emails.length === 1 ? 'them' : 'each'
  } to the group first, or map the role to a member.`;

/**
 * A tree's task roles as people (applying a template, D64): each distinct role (compared trimmed and
 * case-insensitively) resolved once through the rows and roles (`resolveAssignee`), then matched to
 * the group's accepted members by e-mail. Answers the e-mail per role key, the roles nobody resolves
 * (the warning) and the e-mails resolved that are no member (the refusal), each once, in tree order.
 */
export function resolveTreeRoles(
  nodeRoles: ReadonlyArray<string | null | undefined>,
  rows: ReadonlyArray<RoleMappingRow>,
  roles: ReadonlyArray<RoleLike>,
  memberEmails: ReadonlySet<string>,
): { emailOf: Map<string, string>; unmapped: string[]; outsiders: string[] } {
  const emailOf = new Map<string, string>();
  const unmapped = new Map<string, string>();
  const outsiders = new Set<string>();
  for (const r of nodeRoles) {
    if (!r || r.trim() === '') continue;
    const k = roleKey(r);
    if (emailOf.has(k) || unmapped.has(k)) continue;
    const email = resolveAssignee(rows, roles, r);
    if (email === undefined) unmapped.set(k, r.trim());
    else {
      emailOf.set(k, email);
      if (!memberEmails.has(email)) outsiders.add(email);
    }
  }
  return { emailOf, unmapped: [...unmapped.values()], outsiders: [...outsiders] };
}
