/**
 * Roles and permissions (spec 000 §6), as data: one table from role to the permission strings it
 * holds. The server enforces it on every call; the web reads the same table (GET
 * /task/role/permission) to make controls read-only. Strings are `model.field` or `model.action`.
 */
export const ROLES = { creator: 1, superadmin: 2, admin: 3, viewer: 4, standard: 5, editor: 6 } as const;
export type RoleName = keyof typeof ROLES;
export type RoleId = (typeof ROLES)[RoleName];
export const ROLE_IDS = Object.values(ROLES) as RoleId[];
export const roleName = (id: RoleId): RoleName =>
  (Object.entries(ROLES) as Array<[RoleName, RoleId]>).find(([, v]) => v === id)![0];

export const GROUP_FIELDS = ['group.title', 'group.metadata', 'group.status'] as const;
export const GROUP_MEMBER_ACTIONS = [
  'groupMember.manageUser',
  'groupMember.status',
  'groupMember.resendInvite',
  'groupMember.manageAdmins',
] as const;
export const GROUP_ACTIONS = ['group.deleteGroup'] as const;
export const TASK_FIELDS = [
  'task.activatedAt',
  'task.completionAt',
  'task.description',
  'task.dueAt',
  'task.flag',
  'task.group',
  'task.level',
  'task.manageRole',
  'task.mode',
  'task.priorityGroup',
  'task.scheduledTask',
  'task.status',
  'task.taskAssignees',
  'task.taskData',
  'task.title',
  'task.user',
  'task.manager',
] as const;
export const TASK_ACTIONS = [
  'task.addAttachments',
  'task.addChildren',
  'task.addParent',
  'task.customFields',
  'task.customValues',
  'task.deleteTask',
  'task.enableChat',
  'task.readTask',
  'task.delegationType',
] as const;

export type Permission =
  | (typeof GROUP_FIELDS)[number]
  | (typeof GROUP_MEMBER_ACTIONS)[number]
  | (typeof GROUP_ACTIONS)[number]
  | (typeof TASK_FIELDS)[number]
  | (typeof TASK_ACTIONS)[number];

const all = [...GROUP_FIELDS, ...GROUP_MEMBER_ACTIONS, ...GROUP_ACTIONS, ...TASK_FIELDS, ...TASK_ACTIONS];
const without = (...drop: Permission[]) => all.filter((p) => !drop.includes(p));
const taskWork: Permission[] = [
  'task.completionAt',
  'task.description',
  'task.status',
  'task.taskData',
  'task.addAttachments',
  'task.customValues',
  'task.enableChat',
  'task.readTask',
];

/**
 * Who may do what. Choices the spec leaves open (docs/decisions.md D6):
 * - creator: everything; only the creator may delete the group;
 * - superadmin: everything but deleting the group; grants admin and superadmin (manageAdmins);
 * - admin: edits the group and its members, but cannot grant admin or superadmin;
 * - editor: works on every task field and may delete tasks; sees the group read-only;
 * - standard: works on tasks given to them (status, description, completion, attachments, values);
 * - viewer: reads and chats.
 */
export const PERMISSIONS: Record<RoleName, readonly Permission[]> = {
  creator: all,
  superadmin: without('group.deleteGroup'),
  admin: without('group.deleteGroup', 'groupMember.manageAdmins'),
  editor: [
    ...TASK_FIELDS.filter((f) => f !== 'task.manageRole' && f !== 'task.manager' && f !== 'task.user'),
    ...TASK_ACTIONS,
  ],
  standard: taskWork,
  viewer: ['task.readTask', 'task.enableChat'],
};

export function can(role: RoleId, permission: Permission): boolean {
  return PERMISSIONS[roleName(role)].includes(permission);
}

/** canSubmitGroupForm (spec 000 §6): any group field editable. */
export const canSubmitGroupForm = (role: RoleId) => GROUP_FIELDS.some((f) => can(role, f));

/** Roles a member may give others: admin and superadmin only with manageAdmins; creator never by grant. */
export function grantableRoles(actorRole: RoleId): RoleId[] {
  if (!can(actorRole, 'groupMember.manageUser')) return [];
  const admins: RoleId[] = can(actorRole, 'groupMember.manageAdmins') ? [ROLES.superadmin, ROLES.admin] : [];
  return [...admins, ROLES.editor, ROLES.standard, ROLES.viewer];
}

/** Refusals of task-tree changes the caller's roles do not cover. */
export const TREE_MESSAGES = {
  addChildren: 'You may not add sub-tasks to this task.',
  deleteTree:
    'You may not delete every task under this one. Delete only the tasks you may delete, or keep the sub-tasks.',
} as const;

/**
 * A task tree may be deleted only when the caller may delete every task in it; `roles` holds the
 * caller's role on each task of the tree, null for a task the caller may not see.
 */
export const mayDeleteAll = (roles: ReadonlyArray<RoleId | null>): boolean =>
  roles.every((r) => r !== null && can(r, 'task.deleteTask'));

/** A task moves under a new parent only when the caller may add sub-tasks to that parent. */
export const mayAddChildTo = (parentRole: RoleId | null): boolean =>
  parentRole !== null && can(parentRole, 'task.addChildren');
