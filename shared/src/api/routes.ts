/**
 * The route manifest: the one list of the API's routes. The local gateway routes by it, infra
 * deploys one Lambda per entry from it, and the web client builds its URLs from it, so a route
 * exists in all three or in none.
 *
 * `path` is relative to API_BASE and uses API Gateway's `{param}` syntax. `handler` names the module
 * `functions/src/http/<handler>.ts`, which exports `handler`. `auth: 'user'` routes need a valid
 * Cognito access token (checked by the JWT authorizer); `public` routes are reachable signed out.
 */
export const API_BASE = '/api/v1';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteAuth = 'user' | 'public';

export interface RouteDef {
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: RouteAuth;
  readonly handler: string;
  /** Memory in MB when the default (512) is not right. */
  readonly memory?: number;
}

export const routes = {
  getUserConfig: { method: 'GET', path: '/user/config/', auth: 'user', handler: 'user/get-config' },
  updateUserConfig: { method: 'PATCH', path: '/user/config/', auth: 'user', handler: 'user/update-config' },
  getAuthUser: { method: 'GET', path: '/auth/user/', auth: 'user', handler: 'auth/get-user' },
  updateAuthUser: { method: 'PATCH', path: '/auth/user/', auth: 'user', handler: 'auth/update-user' },
  /** Ours (spec 001 §7 lists PATCH /auth/user/ with email): the code that proves a new address. */
  verifyEmailChange: {
    method: 'POST',
    path: '/auth/user/email/verify',
    auth: 'user',
    handler: 'auth/verify-email',
  },
  listTimezones: { method: 'GET', path: '/user/timezone/', auth: 'user', handler: 'user/list-timezones' },
  getSubscription: {
    method: 'GET',
    path: '/user/subscription',
    auth: 'user',
    handler: 'user/get-subscription',
  },
  createAvatar: { method: 'POST', path: '/user/avatar/', auth: 'user', handler: 'user/create-avatar' },
  getAvatar: { method: 'GET', path: '/user/avatar/{id}', auth: 'user', handler: 'user/get-avatar' },
  deleteAvatar: { method: 'DELETE', path: '/user/avatar/{id}', auth: 'user', handler: 'user/delete-avatar' },
  // Groups (spec 000 §7 Groups)
  listGroups: { method: 'GET', path: '/group/member', auth: 'user', handler: 'groups/list-groups' },
  createGroup: { method: 'POST', path: '/user/group', auth: 'user', handler: 'groups/create-group' },
  updateGroup: { method: 'PATCH', path: '/user/group/{id}', auth: 'user', handler: 'groups/update-group' },
  deleteGroup: { method: 'DELETE', path: '/user/group/{id}', auth: 'user', handler: 'groups/delete-group' },
  orderGroups: { method: 'PUT', path: '/group/order', auth: 'user', handler: 'groups/order-groups' },
  inviteMember: {
    method: 'POST',
    path: '/group/member/invitation',
    auth: 'user',
    handler: 'groups/invite-member',
  },
  cancelInvitation: {
    method: 'DELETE',
    path: '/group/member/invitation',
    auth: 'user',
    handler: 'groups/cancel-invitation',
  },
  resendInvitation: {
    method: 'POST',
    path: '/group/member/invitation/resend',
    auth: 'user',
    handler: 'groups/resend-invitation',
  },
  getInvitationRequest: {
    method: 'GET',
    path: '/group/member/invitation/request',
    auth: 'public',
    handler: 'groups/get-invitation-request',
  },
  answerInvitationRequest: {
    method: 'POST',
    path: '/group/member/invitation/request',
    auth: 'public',
    handler: 'groups/answer-invitation-request',
  },
  updateMember: {
    method: 'PATCH',
    path: '/group/member/{id}',
    auth: 'user',
    handler: 'groups/update-member',
  },
  removeMember: {
    method: 'DELETE',
    path: '/group/member/{id}',
    auth: 'user',
    handler: 'groups/remove-member',
  },
  listRolePermissions: {
    method: 'GET',
    path: '/task/role/permission',
    auth: 'user',
    handler: 'groups/list-role-permissions',
  },
  // Group categories (spec 001 §7)
  listCategories: {
    method: 'GET',
    path: '/user/group/category',
    auth: 'user',
    handler: 'categories/list-categories',
  },
  createCategory: {
    method: 'POST',
    path: '/user/group/category',
    auth: 'user',
    handler: 'categories/create-category',
  },
  updateCategory: {
    method: 'PATCH',
    path: '/user/group/category/{id}',
    auth: 'user',
    handler: 'categories/update-category',
  },
  deleteCategory: {
    method: 'DELETE',
    path: '/user/group/category/{id}',
    auth: 'user',
    handler: 'categories/delete-category',
  },
  // Subscription limits (spec 000 §7 Subscription)
  getSubscriptionLimits: {
    method: 'GET',
    path: '/user/subscription/limit',
    auth: 'user',
    handler: 'user/get-subscription-limits',
  },
  // Tasks (spec 000 §7 Tasks)
  listTasks: { method: 'GET', path: '/task', auth: 'user', handler: 'tasks/list-tasks' },
  createTask: { method: 'POST', path: '/task', auth: 'user', handler: 'tasks/create-task' },
  deleteTasks: { method: 'DELETE', path: '/task', auth: 'user', handler: 'tasks/delete-tasks' },
  getTask: { method: 'GET', path: '/task/{id}', auth: 'user', handler: 'tasks/get-task' },
  /** Spec 001 §7: one task; `with_children=true` takes its sub-tasks too. */
  deleteTask: { method: 'DELETE', path: '/task/{id}', auth: 'user', handler: 'tasks/delete-task' },
  /** Spec 002 §7: the task form's payload checked as POST /task would, nothing saved. */
  validateTask: { method: 'GET', path: '/task/validation', auth: 'user', handler: 'tasks/validate-task' },
  updateTask: { method: 'PATCH', path: '/task/{id}', auth: 'user', handler: 'tasks/update-task' },
  dismissTask: { method: 'PATCH', path: '/task/dismiss/{id}', auth: 'user', handler: 'tasks/dismiss-task' },
  listDescendants: {
    method: 'GET',
    path: '/task/descendants/list',
    auth: 'user',
    handler: 'tasks/list-descendants',
  },
  newStructure: {
    method: 'PATCH',
    path: '/task/descendants/new-structure',
    auth: 'user',
    handler: 'tasks/new-structure',
  },
  getTaskPermission: {
    method: 'GET',
    path: '/task/permission/{id}',
    auth: 'user',
    handler: 'tasks/get-task-permission',
  },
  searchTasks: { method: 'GET', path: '/task/search', auth: 'user', handler: 'tasks/search-tasks' },
  listTaskLevels: { method: 'GET', path: '/task/level', auth: 'user', handler: 'tasks/list-levels' },
  listTaskStatuses: { method: 'GET', path: '/task/status', auth: 'user', handler: 'tasks/list-statuses' },
  listPriorityGroups: {
    method: 'GET',
    path: '/task/priority-group',
    auth: 'user',
    handler: 'tasks/list-priority-groups',
  },
  listAssignedTasks: { method: 'GET', path: '/task/assigned', auth: 'user', handler: 'tasks/list-assigned' },
  listIndividualParents: {
    method: 'GET',
    path: '/task/individual-delegated-parent',
    auth: 'user',
    handler: 'tasks/list-individual-parents',
  },
  listUserLevels: {
    method: 'GET',
    path: '/task/user/level',
    auth: 'user',
    handler: 'tasks/list-user-levels',
  },
  setUserLevel: { method: 'POST', path: '/task/user/level', auth: 'user', handler: 'tasks/set-user-level' },
  updateUserLevel: {
    method: 'PATCH',
    path: '/task/user/level/{id}',
    auth: 'user',
    handler: 'tasks/update-user-level',
  },
  listUserPriorityGroups: {
    method: 'GET',
    path: '/task/user/priority-group',
    auth: 'user',
    handler: 'tasks/list-user-priority-groups',
  },
  setUserPriorityGroup: {
    method: 'POST',
    path: '/task/user/priority-group',
    auth: 'user',
    handler: 'tasks/set-user-priority-group',
  },
  updateUserPriorityGroup: {
    method: 'PATCH',
    path: '/task/user/priority-group/{id}',
    auth: 'user',
    handler: 'tasks/update-user-priority-group',
  },
  // Schedules (spec 000 §7 /task/schedule/{id}; 001 §7)
  listOccurrences: {
    method: 'GET',
    path: '/task/schedule',
    auth: 'user',
    handler: 'schedules/list-occurrences',
  },
  getSchedule: {
    method: 'GET',
    path: '/task/schedule/{id}',
    auth: 'user',
    handler: 'schedules/get-schedule',
  },
  setSchedule: {
    method: 'PATCH',
    path: '/task/schedule/{id}',
    auth: 'user',
    handler: 'schedules/set-schedule',
  },
  deleteSchedule: {
    method: 'DELETE',
    path: '/task/schedule/{id}',
    auth: 'user',
    handler: 'schedules/delete-schedule',
  },
  normalize: { method: 'GET', path: '/task/normalization', auth: 'user', handler: 'schedules/normalize' },
  createCalendarFeed: {
    method: 'POST',
    path: '/user/calendar-feed',
    auth: 'user',
    handler: 'calendar/create-feed',
  },
  revokeCalendarFeed: {
    method: 'DELETE',
    path: '/user/calendar-feed',
    auth: 'user',
    handler: 'calendar/revoke-feed',
  },
  getCalendarFeed: {
    method: 'GET',
    path: '/calendar/feed/{token}',
    auth: 'public',
    handler: 'calendar/get-feed',
  },
  getAttendeeInvitation: {
    method: 'GET',
    path: '/task/schedule/invitation/request',
    auth: 'public',
    handler: 'schedules/get-attendee-invitation',
  },
  answerAttendeeInvitation: {
    method: 'POST',
    path: '/task/schedule/invitation/request',
    auth: 'public',
    handler: 'schedules/answer-attendee-invitation',
  },
  // Time blocking (spec 001 §3, §4, §7)
  listTimeBlocks: {
    method: 'GET',
    path: '/time-blocking/',
    auth: 'user',
    handler: 'schedules/list-time-blocks',
  },
  createTimeBlock: {
    method: 'POST',
    path: '/time-blocking/',
    auth: 'user',
    handler: 'schedules/create-time-block',
  },
  getTimeBlock: {
    method: 'GET',
    path: '/time-blocking/{id}',
    auth: 'user',
    handler: 'schedules/get-time-block',
  },
  updateTimeBlock: {
    method: 'PATCH',
    path: '/time-blocking/{id}',
    auth: 'user',
    handler: 'schedules/update-time-block',
  },
  deleteTimeBlock: {
    method: 'DELETE',
    path: '/time-blocking/{id}',
    auth: 'user',
    handler: 'schedules/delete-time-block',
  },
  // Task roles (the task members tab)
  listTaskRoles: { method: 'GET', path: '/user/task/role', auth: 'user', handler: 'tasks/list-task-roles' },
  giveTaskRole: { method: 'POST', path: '/user/task/role', auth: 'user', handler: 'tasks/give-task-role' },
  changeTaskRole: {
    method: 'PATCH',
    path: '/user/task/role/{id}',
    auth: 'user',
    handler: 'tasks/change-task-role',
  },
  removeTaskRole: {
    method: 'DELETE',
    path: '/user/task/role/{id}',
    auth: 'user',
    handler: 'tasks/remove-task-role',
  },
  // Delegation by invitation (spec 000 §7, 002 §7)
  inviteToTask: {
    method: 'PUT',
    path: '/task/delegation/invitation',
    auth: 'user',
    handler: 'tasks/invite-to-task',
  },
  listTaskInvitations: {
    method: 'GET',
    path: '/task/delegation/invitation',
    auth: 'user',
    handler: 'tasks/list-task-invitations',
  },
  withdrawTaskInvitation: {
    method: 'DELETE',
    path: '/task/delegation/{id}',
    auth: 'user',
    handler: 'tasks/withdraw-task-invitation',
  },
  getTaskInvitationRequest: {
    method: 'GET',
    path: '/task/delegation/invitation/request',
    auth: 'public',
    handler: 'tasks/get-task-invitation-request',
  },
  answerTaskInvitationRequest: {
    method: 'POST',
    path: '/task/delegation/invitation/request',
    auth: 'public',
    handler: 'tasks/answer-task-invitation-request',
  },
  listPendingTasks: { method: 'GET', path: '/task/pending', auth: 'user', handler: 'tasks/list-pending' },
  answerPendingTasks: {
    method: 'POST',
    path: '/task/pending/answer',
    auth: 'user',
    handler: 'tasks/answer-pending',
  },
  // Web Push devices (spec 001 §7; docs/realtime.md "Web Push")
  registerPushSubscription: {
    method: 'POST',
    path: '/notifications/subscription',
    auth: 'user',
    handler: 'push/register-subscription',
  },
  unregisterPushSubscription: {
    method: 'DELETE',
    path: '/notifications/subscription',
    auth: 'user',
    handler: 'push/unregister-subscription',
  },

  // Chat per task (spec 000 §7 Chat, spec 001 §7 "Chat feed for unread"; decisions D38)
  listRecentChats: { method: 'GET', path: '/chat', auth: 'user', handler: 'chat/list-recent-chats' },
  getTaskChat: { method: 'GET', path: '/chat/task/{taskId}', auth: 'user', handler: 'chat/get-task-chat' },
  listMessages: { method: 'GET', path: '/chat/{id}/message', auth: 'user', handler: 'chat/list-messages' },
  postMessage: { method: 'POST', path: '/chat/{id}/message', auth: 'user', handler: 'chat/post-message' },
  editMessage: {
    method: 'PATCH',
    path: '/chat/{id}/message/{messageId}',
    auth: 'user',
    handler: 'chat/edit-message',
  },
  deleteMessage: {
    method: 'DELETE',
    path: '/chat/{id}/message/{messageId}',
    auth: 'user',
    handler: 'chat/delete-message',
  },
  /** Ours: the caller has read the chat up to now (clears its unread flag). */
  markChatRead: { method: 'POST', path: '/chat/{id}/read', auth: 'user', handler: 'chat/mark-chat-read' },

  // Notifications (spec 001 §7; decisions D39)
  listNotifications: {
    method: 'GET',
    path: '/notifications/',
    auth: 'user',
    handler: 'notifications/list-notifications',
  },
  markNotificationsReceived: {
    method: 'PATCH',
    path: '/notifications/received',
    auth: 'user',
    handler: 'notifications/mark-received',
  },
  markNotificationsRead: {
    method: 'PATCH',
    path: '/notifications/read',
    auth: 'user',
    handler: 'notifications/mark-read',
  },
  getNotification: {
    method: 'GET',
    path: '/notifications/events/{id}',
    auth: 'user',
    handler: 'notifications/get-notification',
  },

  // Attachments (spec 000 §7 "Attachments"; the upload pair is ours, docs/api/attachments.md)
  listAttachments: {
    method: 'GET',
    path: '/task/attachment/{id}',
    auth: 'user',
    handler: 'attachments/list-attachments',
  },
  createAttachment: {
    method: 'POST',
    path: '/task/attachment',
    auth: 'user',
    handler: 'attachments/create-attachment',
  },
  createAttachmentUploads: {
    method: 'POST',
    path: '/task/attachment/upload',
    auth: 'user',
    handler: 'attachments/create-uploads',
  },
  confirmAttachmentUpload: {
    method: 'POST',
    path: '/task/attachment/upload/{id}/confirm',
    auth: 'user',
    handler: 'attachments/confirm-upload',
  },
  updateAttachment: {
    method: 'PATCH',
    path: '/task/attachment/{id}',
    auth: 'user',
    handler: 'attachments/update-attachment',
  },
  deleteAttachment: {
    method: 'DELETE',
    path: '/task/attachment/{id}',
    auth: 'user',
    handler: 'attachments/delete-attachment',
  },
  orderAttachments: {
    method: 'PATCH',
    path: '/task/attachment/order/',
    auth: 'user',
    handler: 'attachments/order-attachments',
  },
  // Reports (spec 002 §7 "Reports"; docs/api/reports.md)
  getReport: {
    method: 'GET',
    path: '/reporting/{reportType}/',
    auth: 'user',
    handler: 'reports/get-report',
  },
} as const satisfies Record<string, RouteDef>;

export type RouteId = keyof typeof routes;

/** WebSocket API routes (API Gateway route keys) and their handler modules under functions/src/ws/. */
export const wsRoutes = {
  $connect: 'connect',
  $disconnect: 'disconnect',
  $default: 'default',
} as const;

/** Scheduled jobs: EventBridge Scheduler in AWS, an in-process timer locally. Cron is in UTC. */
export interface JobDef {
  readonly handler: string;
  /** EventBridge cron fields: minutes hours day-of-month month day-of-week year. */
  readonly cron: string;
  readonly description: string;
  /**
   * A job whose work is spread out (decisions D34): `handler` answers one page of work items
   * (`{ now, items, next }`, `next` null at the end) and `worker` is run on batches of `batchSize`
   * items, `concurrency` batches at a time — a Step Functions distributed map in AWS, a pool in the
   * local runner.
   */
  readonly fanOut?: { readonly worker: string; readonly batchSize: number; readonly concurrency: number };
}
export const jobs = {
  normalizeDays: {
    handler: 'normalize-days',
    cron: '10 * * * ? *',
    description: "Normalises each person's day at 03:00 in their zone and sends the morning reminder.",
    fanOut: { worker: 'normalize-people', batchSize: 25, concurrency: 20 },
  },
  expireTrials: {
    handler: 'expire-subscriptions',
    cron: '5 * * * ? *',
    description: 'Ends trials whose 14 days are over and tells their users by e-mail.',
  },
} as const satisfies Record<string, JobDef>;

/** Fills `{param}` placeholders: apiPath(routes.getAvatar, { id: 'a1' }) → '/api/v1/user/avatar/a1'. */
export function apiPath(route: RouteDef, params: Record<string, string> = {}): string {
  return (
    API_BASE +
    route.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
      const v = params[name];
      if (v === undefined) throw new Error(`Missing path parameter ${name} for ${route.path}`);
      return encodeURIComponent(v);
    })
  );
}
