/**
 * The routes of the manifest, one constant each (shared/src/api/routes.ts re-exports them as
 * `routes`): a module that names `routes.updateTask` carries that route alone in its bundle, not the
 * whole manifest (docs/decisions.md D53). The order here is the manifest's; section comments head
 * the areas (docs/api/README.md is written from them). The areas of their own screens live in
 * areas/ and join these in all-routes.ts: the web's entry imports this file, and with it none of them
 * (decisions D62).
 */
import type { RouteDef } from './route-def.ts';

export const getUserConfig = {
  method: 'GET',
  path: '/user/config/',
  auth: 'user',
  handler: 'user/get-config',
} as const satisfies RouteDef;
export const updateUserConfig = {
  method: 'PATCH',
  path: '/user/config/',
  auth: 'user',
  handler: 'user/update-config',
} as const satisfies RouteDef;
export const getAuthUser = {
  method: 'GET',
  path: '/auth/user/',
  auth: 'user',
  handler: 'auth/get-user',
} as const satisfies RouteDef;
export const updateAuthUser = {
  method: 'PATCH',
  path: '/auth/user/',
  auth: 'user',
  handler: 'auth/update-user',
} as const satisfies RouteDef;
/** Ours (spec 001 §7 lists PATCH /auth/user/ with email): the code that proves a new address. */
export const verifyEmailChange = {
  method: 'POST',
  path: '/auth/user/email/verify',
  auth: 'user',
  handler: 'auth/verify-email',
} as const satisfies RouteDef;
export const listTimezones = {
  method: 'GET',
  path: '/user/timezone/',
  auth: 'user',
  handler: 'user/list-timezones',
} as const satisfies RouteDef;
export const getSubscription = {
  method: 'GET',
  path: '/user/subscription',
  auth: 'user',
  handler: 'user/get-subscription',
} as const satisfies RouteDef;
export const createAvatar = {
  method: 'POST',
  path: '/user/avatar/',
  auth: 'user',
  handler: 'user/create-avatar',
} as const satisfies RouteDef;
export const getAvatar = {
  method: 'GET',
  path: '/user/avatar/{id}',
  auth: 'user',
  handler: 'user/get-avatar',
} as const satisfies RouteDef;
export const deleteAvatar = {
  method: 'DELETE',
  path: '/user/avatar/{id}',
  auth: 'user',
  handler: 'user/delete-avatar',
} as const satisfies RouteDef;
// Groups (spec 000 §7 Groups)
export const listGroups = {
  method: 'GET',
  path: '/group/member',
  auth: 'user',
  handler: 'groups/list-groups',
} as const satisfies RouteDef;
export const createGroup = {
  method: 'POST',
  path: '/user/group',
  auth: 'user',
  handler: 'groups/create-group',
} as const satisfies RouteDef;
export const updateGroup = {
  method: 'PATCH',
  path: '/user/group/{id}',
  auth: 'user',
  handler: 'groups/update-group',
} as const satisfies RouteDef;
export const deleteGroup = {
  method: 'DELETE',
  path: '/user/group/{id}',
  auth: 'user',
  handler: 'groups/delete-group',
} as const satisfies RouteDef;
export const orderGroups = {
  method: 'PUT',
  path: '/group/order',
  auth: 'user',
  handler: 'groups/order-groups',
} as const satisfies RouteDef;
export const inviteMember = {
  method: 'POST',
  path: '/group/member/invitation',
  auth: 'user',
  handler: 'groups/invite-member',
} as const satisfies RouteDef;
export const cancelInvitation = {
  method: 'DELETE',
  path: '/group/member/invitation',
  auth: 'user',
  handler: 'groups/cancel-invitation',
} as const satisfies RouteDef;
export const resendInvitation = {
  method: 'POST',
  path: '/group/member/invitation/resend',
  auth: 'user',
  handler: 'groups/resend-invitation',
} as const satisfies RouteDef;
export const getInvitationRequest = {
  method: 'GET',
  path: '/group/member/invitation/request',
  auth: 'public',
  handler: 'groups/get-invitation-request',
} as const satisfies RouteDef;
export const answerInvitationRequest = {
  method: 'POST',
  path: '/group/member/invitation/request',
  auth: 'public',
  handler: 'groups/answer-invitation-request',
} as const satisfies RouteDef;
export const updateMember = {
  method: 'PATCH',
  path: '/group/member/{id}',
  auth: 'user',
  handler: 'groups/update-member',
} as const satisfies RouteDef;
export const removeMember = {
  method: 'DELETE',
  path: '/group/member/{id}',
  auth: 'user',
  handler: 'groups/remove-member',
} as const satisfies RouteDef;
export const listRolePermissions = {
  method: 'GET',
  path: '/task/role/permission',
  auth: 'user',
  handler: 'groups/list-role-permissions',
} as const satisfies RouteDef;
// Group categories (spec 001 §7)
export const listCategories = {
  method: 'GET',
  path: '/user/group/category',
  auth: 'user',
  handler: 'categories/list-categories',
} as const satisfies RouteDef;
export const createCategory = {
  method: 'POST',
  path: '/user/group/category',
  auth: 'user',
  handler: 'categories/create-category',
} as const satisfies RouteDef;
export const updateCategory = {
  method: 'PATCH',
  path: '/user/group/category/{id}',
  auth: 'user',
  handler: 'categories/update-category',
} as const satisfies RouteDef;
export const deleteCategory = {
  method: 'DELETE',
  path: '/user/group/category/{id}',
  auth: 'user',
  handler: 'categories/delete-category',
} as const satisfies RouteDef;
// Subscription limits (spec 000 §7 Subscription)
export const getSubscriptionLimits = {
  method: 'GET',
  path: '/user/subscription/limit',
  auth: 'user',
  handler: 'user/get-subscription-limits',
} as const satisfies RouteDef;
// Tasks (spec 000 §7 Tasks)
export const listTasks = {
  method: 'GET',
  path: '/task',
  auth: 'user',
  handler: 'tasks/list-tasks',
} as const satisfies RouteDef;
export const createTask = {
  method: 'POST',
  path: '/task',
  auth: 'user',
  handler: 'tasks/create-task',
} as const satisfies RouteDef;
export const deleteTasks = {
  method: 'DELETE',
  path: '/task',
  auth: 'user',
  handler: 'tasks/delete-tasks',
} as const satisfies RouteDef;
export const getTask = {
  method: 'GET',
  path: '/task/{id}',
  auth: 'user',
  handler: 'tasks/get-task',
} as const satisfies RouteDef;
/** Spec 001 §7: one task; `with_children=true` takes its sub-tasks too. */
export const deleteTask = {
  method: 'DELETE',
  path: '/task/{id}',
  auth: 'user',
  handler: 'tasks/delete-task',
} as const satisfies RouteDef;
/** Spec 002 §7: the task form's payload checked as POST /task would, nothing saved. */
export const validateTask = {
  method: 'GET',
  path: '/task/validation',
  auth: 'user',
  handler: 'tasks/validate-task',
} as const satisfies RouteDef;
export const updateTask = {
  method: 'PATCH',
  path: '/task/{id}',
  auth: 'user',
  handler: 'tasks/update-task',
} as const satisfies RouteDef;
export const dismissTask = {
  method: 'PATCH',
  path: '/task/dismiss/{id}',
  auth: 'user',
  handler: 'tasks/dismiss-task',
} as const satisfies RouteDef;
export const listDescendants = {
  method: 'GET',
  path: '/task/descendants/list',
  auth: 'user',
  handler: 'tasks/list-descendants',
} as const satisfies RouteDef;
export const newStructure = {
  method: 'PATCH',
  path: '/task/descendants/new-structure',
  auth: 'user',
  handler: 'tasks/new-structure',
} as const satisfies RouteDef;
export const getTaskPermission = {
  method: 'GET',
  path: '/task/permission/{id}',
  auth: 'user',
  handler: 'tasks/get-task-permission',
} as const satisfies RouteDef;
export const searchTasks = {
  method: 'GET',
  path: '/task/search',
  auth: 'user',
  handler: 'tasks/search-tasks',
} as const satisfies RouteDef;
export const listTaskLevels = {
  method: 'GET',
  path: '/task/level',
  auth: 'user',
  handler: 'tasks/list-levels',
} as const satisfies RouteDef;
export const listTaskStatuses = {
  method: 'GET',
  path: '/task/status',
  auth: 'user',
  handler: 'tasks/list-statuses',
} as const satisfies RouteDef;
export const listPriorityGroups = {
  method: 'GET',
  path: '/task/priority-group',
  auth: 'user',
  handler: 'tasks/list-priority-groups',
} as const satisfies RouteDef;
export const listAssignedTasks = {
  method: 'GET',
  path: '/task/assigned',
  auth: 'user',
  handler: 'tasks/list-assigned',
} as const satisfies RouteDef;
export const listIndividualParents = {
  method: 'GET',
  path: '/task/individual-delegated-parent',
  auth: 'user',
  handler: 'tasks/list-individual-parents',
} as const satisfies RouteDef;
export const listUserLevels = {
  method: 'GET',
  path: '/task/user/level',
  auth: 'user',
  handler: 'tasks/list-user-levels',
} as const satisfies RouteDef;
export const setUserLevel = {
  method: 'POST',
  path: '/task/user/level',
  auth: 'user',
  handler: 'tasks/set-user-level',
} as const satisfies RouteDef;
export const updateUserLevel = {
  method: 'PATCH',
  path: '/task/user/level/{id}',
  auth: 'user',
  handler: 'tasks/update-user-level',
} as const satisfies RouteDef;
export const listUserPriorityGroups = {
  method: 'GET',
  path: '/task/user/priority-group',
  auth: 'user',
  handler: 'tasks/list-user-priority-groups',
} as const satisfies RouteDef;
export const setUserPriorityGroup = {
  method: 'POST',
  path: '/task/user/priority-group',
  auth: 'user',
  handler: 'tasks/set-user-priority-group',
} as const satisfies RouteDef;
export const updateUserPriorityGroup = {
  method: 'PATCH',
  path: '/task/user/priority-group/{id}',
  auth: 'user',
  handler: 'tasks/update-user-priority-group',
} as const satisfies RouteDef;
// Schedules (spec 000 §7 /task/schedule/{id}; 001 §7)
export const listOccurrences = {
  method: 'GET',
  path: '/task/schedule',
  auth: 'user',
  handler: 'schedules/list-occurrences',
} as const satisfies RouteDef;
export const getSchedule = {
  method: 'GET',
  path: '/task/schedule/{id}',
  auth: 'user',
  handler: 'schedules/get-schedule',
} as const satisfies RouteDef;
export const setSchedule = {
  method: 'PATCH',
  path: '/task/schedule/{id}',
  auth: 'user',
  handler: 'schedules/set-schedule',
} as const satisfies RouteDef;
export const deleteSchedule = {
  method: 'DELETE',
  path: '/task/schedule/{id}',
  auth: 'user',
  handler: 'schedules/delete-schedule',
} as const satisfies RouteDef;
export const normalize = {
  method: 'GET',
  path: '/task/normalization',
  auth: 'user',
  handler: 'schedules/normalize',
} as const satisfies RouteDef;
export const createCalendarFeed = {
  method: 'POST',
  path: '/user/calendar-feed',
  auth: 'user',
  handler: 'calendar/create-feed',
} as const satisfies RouteDef;
export const revokeCalendarFeed = {
  method: 'DELETE',
  path: '/user/calendar-feed',
  auth: 'user',
  handler: 'calendar/revoke-feed',
} as const satisfies RouteDef;
export const getCalendarFeed = {
  method: 'GET',
  path: '/calendar/feed/{token}',
  auth: 'public',
  handler: 'calendar/get-feed',
} as const satisfies RouteDef;
export const getAttendeeInvitation = {
  method: 'GET',
  path: '/task/schedule/invitation/request',
  auth: 'public',
  handler: 'schedules/get-attendee-invitation',
} as const satisfies RouteDef;
export const answerAttendeeInvitation = {
  method: 'POST',
  path: '/task/schedule/invitation/request',
  auth: 'public',
  handler: 'schedules/answer-attendee-invitation',
} as const satisfies RouteDef;
// Time blocking (spec 001 §3, §4, §7)
export const listTimeBlocks = {
  method: 'GET',
  path: '/time-blocking/',
  auth: 'user',
  handler: 'schedules/list-time-blocks',
} as const satisfies RouteDef;
export const createTimeBlock = {
  method: 'POST',
  path: '/time-blocking/',
  auth: 'user',
  handler: 'schedules/create-time-block',
} as const satisfies RouteDef;
export const getTimeBlock = {
  method: 'GET',
  path: '/time-blocking/{id}',
  auth: 'user',
  handler: 'schedules/get-time-block',
} as const satisfies RouteDef;
export const updateTimeBlock = {
  method: 'PATCH',
  path: '/time-blocking/{id}',
  auth: 'user',
  handler: 'schedules/update-time-block',
} as const satisfies RouteDef;
export const deleteTimeBlock = {
  method: 'DELETE',
  path: '/time-blocking/{id}',
  auth: 'user',
  handler: 'schedules/delete-time-block',
} as const satisfies RouteDef;
// Task roles (the task members tab)
export const listTaskRoles = {
  method: 'GET',
  path: '/user/task/role',
  auth: 'user',
  handler: 'tasks/list-task-roles',
} as const satisfies RouteDef;
export const giveTaskRole = {
  method: 'POST',
  path: '/user/task/role',
  auth: 'user',
  handler: 'tasks/give-task-role',
} as const satisfies RouteDef;
export const changeTaskRole = {
  method: 'PATCH',
  path: '/user/task/role/{id}',
  auth: 'user',
  handler: 'tasks/change-task-role',
} as const satisfies RouteDef;
export const removeTaskRole = {
  method: 'DELETE',
  path: '/user/task/role/{id}',
  auth: 'user',
  handler: 'tasks/remove-task-role',
} as const satisfies RouteDef;
// Delegation by invitation (spec 000 §7, 002 §7)
export const inviteToTask = {
  method: 'PUT',
  path: '/task/delegation/invitation',
  auth: 'user',
  handler: 'tasks/invite-to-task',
} as const satisfies RouteDef;
export const listTaskInvitations = {
  method: 'GET',
  path: '/task/delegation/invitation',
  auth: 'user',
  handler: 'tasks/list-task-invitations',
} as const satisfies RouteDef;
export const withdrawTaskInvitation = {
  method: 'DELETE',
  path: '/task/delegation/{id}',
  auth: 'user',
  handler: 'tasks/withdraw-task-invitation',
} as const satisfies RouteDef;
export const getTaskInvitationRequest = {
  method: 'GET',
  path: '/task/delegation/invitation/request',
  auth: 'public',
  handler: 'tasks/get-task-invitation-request',
} as const satisfies RouteDef;
export const answerTaskInvitationRequest = {
  method: 'POST',
  path: '/task/delegation/invitation/request',
  auth: 'public',
  handler: 'tasks/answer-task-invitation-request',
} as const satisfies RouteDef;
export const listPendingTasks = {
  method: 'GET',
  path: '/task/pending',
  auth: 'user',
  handler: 'tasks/list-pending',
} as const satisfies RouteDef;
export const answerPendingTasks = {
  method: 'POST',
  path: '/task/pending/answer',
  auth: 'user',
  handler: 'tasks/answer-pending',
} as const satisfies RouteDef;
// Web Push devices (spec 001 §7; docs/realtime.md "Web Push")
export const registerPushSubscription = {
  method: 'POST',
  path: '/notifications/subscription',
  auth: 'user',
  handler: 'push/register-subscription',
} as const satisfies RouteDef;
export const unregisterPushSubscription = {
  method: 'DELETE',
  path: '/notifications/subscription',
  auth: 'user',
  handler: 'push/unregister-subscription',
} as const satisfies RouteDef;

// Chat per task (spec 000 §7 Chat, spec 001 §7 "Chat feed for unread"; decisions D38)
export const listRecentChats = {
  method: 'GET',
  path: '/chat',
  auth: 'user',
  handler: 'chat/list-recent-chats',
} as const satisfies RouteDef;
export const getTaskChat = {
  method: 'GET',
  path: '/chat/task/{taskId}',
  auth: 'user',
  handler: 'chat/get-task-chat',
} as const satisfies RouteDef;
export const listMessages = {
  method: 'GET',
  path: '/chat/{id}/message',
  auth: 'user',
  handler: 'chat/list-messages',
} as const satisfies RouteDef;
export const postMessage = {
  method: 'POST',
  path: '/chat/{id}/message',
  auth: 'user',
  handler: 'chat/post-message',
} as const satisfies RouteDef;
export const editMessage = {
  method: 'PATCH',
  path: '/chat/{id}/message/{messageId}',
  auth: 'user',
  handler: 'chat/edit-message',
} as const satisfies RouteDef;
export const deleteMessage = {
  method: 'DELETE',
  path: '/chat/{id}/message/{messageId}',
  auth: 'user',
  handler: 'chat/delete-message',
} as const satisfies RouteDef;
/** Ours: the caller has read the chat up to now (clears its unread flag). */
export const markChatRead = {
  method: 'POST',
  path: '/chat/{id}/read',
  auth: 'user',
  handler: 'chat/mark-chat-read',
} as const satisfies RouteDef;

// Notifications (spec 001 §7; decisions D39)
export const listNotifications = {
  method: 'GET',
  path: '/notifications/',
  auth: 'user',
  handler: 'notifications/list-notifications',
} as const satisfies RouteDef;
export const markNotificationsReceived = {
  method: 'PATCH',
  path: '/notifications/received',
  auth: 'user',
  handler: 'notifications/mark-received',
} as const satisfies RouteDef;
export const markNotificationsRead = {
  method: 'PATCH',
  path: '/notifications/read',
  auth: 'user',
  handler: 'notifications/mark-read',
} as const satisfies RouteDef;
export const getNotification = {
  method: 'GET',
  path: '/notifications/events/{id}',
  auth: 'user',
  handler: 'notifications/get-notification',
} as const satisfies RouteDef;

// Attachments (spec 000 §7 "Attachments"; the upload pair is ours, docs/api/attachments.md)
export const listAttachments = {
  method: 'GET',
  path: '/task/attachment/{id}',
  auth: 'user',
  handler: 'attachments/list-attachments',
} as const satisfies RouteDef;
export const createAttachment = {
  method: 'POST',
  path: '/task/attachment',
  auth: 'user',
  handler: 'attachments/create-attachment',
} as const satisfies RouteDef;
export const createAttachmentUploads = {
  method: 'POST',
  path: '/task/attachment/upload',
  auth: 'user',
  handler: 'attachments/create-uploads',
} as const satisfies RouteDef;
export const confirmAttachmentUpload = {
  method: 'POST',
  path: '/task/attachment/upload/{id}/confirm',
  auth: 'user',
  handler: 'attachments/confirm-upload',
} as const satisfies RouteDef;
export const updateAttachment = {
  method: 'PATCH',
  path: '/task/attachment/{id}',
  auth: 'user',
  handler: 'attachments/update-attachment',
} as const satisfies RouteDef;
export const deleteAttachment = {
  method: 'DELETE',
  path: '/task/attachment/{id}',
  auth: 'user',
  handler: 'attachments/delete-attachment',
} as const satisfies RouteDef;
export const orderAttachments = {
  method: 'PATCH',
  path: '/task/attachment/order/',
  auth: 'user',
  handler: 'attachments/order-attachments',
} as const satisfies RouteDef;
// Custom fields (spec 000 §7 "Custom fields"; spec 002 §7; docs/api/custom-fields.md)
export const createCustomFields = {
  method: 'POST',
  path: '/task/custom/field',
  auth: 'user',
  handler: 'custom-fields/create-definition',
} as const satisfies RouteDef;
/** Spec 000 §7 writes the path without the id: the definition's id (its task's) is in the body. */
export const updateCustomFields = {
  method: 'PATCH',
  path: '/task/custom/field',
  auth: 'user',
  handler: 'custom-fields/update-definition',
} as const satisfies RouteDef;
export const getCustomFields = {
  method: 'GET',
  path: '/task/custom/field/{id}',
  auth: 'user',
  handler: 'custom-fields/get-definition',
} as const satisfies RouteDef;
export const searchCustomFields = {
  method: 'GET',
  path: '/task/custom/field/search/{taskId}',
  auth: 'user',
  handler: 'custom-fields/search-definition',
} as const satisfies RouteDef;
export const createCustomValue = {
  method: 'POST',
  path: '/task/custom/value',
  auth: 'user',
  handler: 'custom-fields/create-value',
} as const satisfies RouteDef;
/** Spec 000 §7 writes the path without the id: the value's id is in the body. */
export const updateCustomValue = {
  method: 'PATCH',
  path: '/task/custom/value',
  auth: 'user',
  handler: 'custom-fields/update-value',
} as const satisfies RouteDef;
export const getCustomValue = {
  method: 'GET',
  path: '/task/custom/value/{id}',
  auth: 'user',
  handler: 'custom-fields/get-value',
} as const satisfies RouteDef;
export const searchCustomValues = {
  method: 'GET',
  path: '/task/custom/value/search',
  auth: 'user',
  handler: 'custom-fields/search-values',
} as const satisfies RouteDef;
export const listCustomFieldTemplates = {
  method: 'GET',
  path: '/task/template/custom-field',
  auth: 'user',
  handler: 'custom-fields/list-templates',
} as const satisfies RouteDef;
/** Ours: a task's fields kept as a custom-field template (spec 002 §3). */
export const createCustomFieldTemplate = {
  method: 'POST',
  path: '/task/template/custom-field',
  auth: 'user',
  handler: 'custom-fields/create-template',
} as const satisfies RouteDef;
/** Ours: a custom-field template's fields become a task's. */
export const applyCustomFieldTemplate = {
  method: 'POST',
  path: '/task/template/custom-field/{id}/apply',
  auth: 'user',
  handler: 'custom-fields/apply-template',
} as const satisfies RouteDef;
// Reports (spec 002 §7 "Reports"; docs/api/reports.md)
export const getReport = {
  method: 'GET',
  path: '/reporting/{reportType}/',
  auth: 'user',
  handler: 'reports/get-report',
} as const satisfies RouteDef;
