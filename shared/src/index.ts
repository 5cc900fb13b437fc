/**
 * The shared package's light exports. Modules with heavy dependencies (time/recurrence.ts: rrule and
 * Luxon) are imported by their own path, so a handler that does not use them does not carry them.
 */
export * from './api/case.ts';
export * from './api/config.ts';
export * from './api/errors.ts';
export * from './api/limits.ts';
export * from './api/pagination.ts';
export * from './api/patch.ts';
export * from './api/realtime.ts';
export * from './api/routes.ts';
export * from './attachments/audio.ts';
export * from './attachments/rules.ts';
export * from './chat/chat.ts';
export * from './chat/schemas.ts';
export * from './custom-fields/rules.ts';
export * from './custom-fields/schemas.ts';
export type * from './custom-fields/views.ts';
export * from './groups/categories.ts';
export * from './groups/group.ts';
export * from './groups/invitations.ts';
export * from './groups/members.ts';
export * from './groups/roles.ts';
export * from './groups/views.ts';
export * from './notifications/notifications.ts';
export * from './planning/plan.ts';
export * from './tasks/conflict.ts';
export * from './tasks/constants.ts';
export * from './tasks/patch.ts';
export * from './tasks/request-schemas.ts';
export * from './tasks/rows.ts';
export * from './tasks/rules.ts';
export * from './tasks/schemas.ts';
export * from './tasks/selection.ts';
export * from './tasks/sort-codes.ts';
export * from './tasks/views.ts';
export type * from './time/views.ts';
export * from './user/allow-list.ts';
export * from './user/config.ts';
export * from './user/countries.ts';
export * from './user/limits.ts';
export * from './user/routine-times.ts';
export * from './user/subscription.ts';
export * from './user/timezone.ts';
