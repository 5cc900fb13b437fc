/**
 * What each function of the back end may touch, declared next to the route manifest (routes.ts) so
 * infra grants exactly this and nothing more (docs/decisions.md D29). An infra test reads every
 * handler's bundle and fails when a handler uses a service it does not declare here, or declares
 * one it no longer uses.
 *
 * - `table:read`: GetItem, Query, BatchGetItem on the table and its indexes.
 * - `table:write`: PutItem, UpdateItem, DeleteItem, ConditionCheckItem, TransactWriteItems.
 * - `table:batch-write`: BatchWriteItem.
 * - `bucket:read` / `bucket:write` / `bucket:delete`: GetObject / PutObject / DeleteObject on attachments.
 * - `mail`: SES SendEmail as the sender identity.
 * - `realtime`: posting to WebSocket connections.
 * - `users`: reading a user of the pool (AdminGetUser).
 * - `push`: reading the Web Push VAPID keys (GetSecretValue on their secret), to send pushes.
 * - `avatars:read`: GetObject on the attachments bucket's `avatars/*` only: the links of people's avatars
 *   every HTTP answer and chat event signs (functions/src/lib/avatar-urls.ts, D48). Every route has it
 *   (infra/src/manifest.ts needsOfRoute), as every route answers through the handler factory.
 * - `ai`: Amazon Bedrock's InvokeModel (the Converse API), for the AI connector when one is configured.
 * - `integrations-key`: KMS GenerateDataKey and Decrypt on the calendar connections' key, for sealing and
 *   opening their refresh tokens and passwords (functions/src/core/integrations/secret-box.ts, D75).
 */
import type { jobs, RouteId, wsRoutes } from './routes.ts';

export type Need =
  | 'table:read'
  | 'table:write'
  | 'table:batch-write'
  | 'bucket:read'
  | 'bucket:write'
  | 'bucket:delete'
  | 'mail'
  | 'realtime'
  | 'users'
  | 'push'
  | 'avatars:read'
  | 'ai'
  | 'integrations-key';

/** A route, job or WebSocket handler not listed below only reads the table. */
export const DEFAULT_NEEDS: readonly Need[] = ['table:read'];

const W: readonly Need[] = ['table:read', 'table:write'];
const WU: readonly Need[] = ['table:read', 'table:write', 'users'];

/** HTTP routes, by route id. */
export const routeNeeds: { readonly [K in RouteId]?: readonly Need[] } = {
  getUserConfig: WU,
  updateUserConfig: WU,
  getAuthUser: WU,
  updateAuthUser: WU,
  verifyEmailChange: WU,
  listTimezones: [],
  getSubscription: WU,
  createAvatar: ['table:read', 'table:write', 'bucket:write', 'bucket:delete', 'users'],
  getAvatar: WU,
  deleteAvatar: ['table:read', 'table:write', 'bucket:delete', 'users'],
  listGroups: WU,
  createGroup: WU,
  updateGroup: WU,
  deleteGroup: ['table:read', 'table:write', 'table:batch-write'],
  orderGroups: W,
  inviteMember: ['table:read', 'table:write', 'mail', 'users'],
  cancelInvitation: W,
  resendInvitation: ['table:read', 'table:write', 'mail', 'users'],
  answerInvitationRequest: W,
  updateMember: WU,
  removeMember: W,
  listRolePermissions: [],
  createCategory: W,
  updateCategory: W,
  deleteCategory: W,
  getSubscriptionLimits: WU,
  listTasks: WU,
  createTask: WU,
  deleteTasks: W,
  getTask: WU,
  deleteTask: W,
  validateTask: WU,
  updateTask: WU,
  dismissTask: W,
  listDescendants: WU,
  newStructure: W,
  searchTasks: WU,
  listTaskLevels: [],
  listTaskStatuses: [],
  listPriorityGroups: [],
  listAssignedTasks: WU,
  listIndividualParents: WU,
  listUserLevels: WU,
  setUserLevel: WU,
  updateUserLevel: WU,
  listUserPriorityGroups: WU,
  setUserPriorityGroup: WU,
  updateUserPriorityGroup: WU,
  setSchedule: WU, // meeting invitations are told from the stream (D46)
  deleteSchedule: W,
  normalize: ['table:read', 'table:write', 'mail'],
  createCalendarFeed: WU,
  revokeCalendarFeed: WU,
  getCalendarFeed: W,
  answerAttendeeInvitation: W,
  createTimeBlock: W,
  updateTimeBlock: W,
  deleteTimeBlock: W,
  giveTaskRole: W,
  changeTaskRole: W,
  removeTaskRole: W,
  inviteToTask: ['table:read', 'table:write', 'mail', 'users'],
  listTaskInvitations: WU,
  withdrawTaskInvitation: W,
  answerTaskInvitationRequest: W,
  listPendingTasks: WU,
  answerPendingTasks: WU,
  registerPushSubscription: W,
  unregisterPushSubscription: W,

  postMessage: W,
  editMessage: W,
  deleteMessage: W,
  markChatRead: W,

  listNotifications: ['table:read'],
  markNotificationsReceived: W,
  markNotificationsRead: W,
  getNotification: ['table:read'],

  listAttachments: ['table:read', 'bucket:read'],
  createAttachment: ['table:read', 'table:write', 'bucket:read', 'bucket:write', 'bucket:delete'],
  createAttachmentUploads: ['table:read', 'table:write', 'bucket:write'],
  confirmAttachmentUpload: ['table:read', 'table:write', 'bucket:read', 'bucket:write', 'bucket:delete'],
  updateAttachment: ['table:read', 'table:write', 'bucket:read'],
  deleteAttachment: ['table:read', 'table:write', 'bucket:delete'],
  orderAttachments: W,

  createCustomFields: W,
  updateCustomFields: W,
  createCustomValue: W,
  updateCustomValue: W,
  createCustomFieldTemplate: W,
  applyCustomFieldTemplate: W,
  // Reports: reads aggregates only.
  getReport: ['table:read'],
  // Contacts and companies (D54, D63): search tokens and task links are written and removed in batches.
  createContact: ['table:read', 'table:write', 'table:batch-write'],
  updateContact: ['table:read', 'table:write', 'table:batch-write'],
  mergeContacts: ['table:read', 'table:write', 'table:batch-write'],
  deleteContact: ['table:read', 'table:write', 'table:batch-write'],
  deleteContactEmail: ['table:read', 'table:write', 'table:batch-write'],
  deleteContactPhone: ['table:read', 'table:write', 'table:batch-write'],
  deleteContactAddress: ['table:read', 'table:write', 'table:batch-write'],
  linkContactGroup: ['table:read', 'table:write', 'table:batch-write'],
  unlinkContactGroup: ['table:read', 'table:write', 'table:batch-write'],
  bulkContacts: ['table:read', 'table:write', 'table:batch-write'],
  createCompany: ['table:read', 'table:write', 'table:batch-write'],
  updateCompany: ['table:read', 'table:write', 'table:batch-write'],
  deleteCompany: ['table:read', 'table:write', 'table:batch-write'],
  linkCompanyGroup: ['table:read', 'table:write', 'table:batch-write'],
  unlinkCompanyGroup: ['table:read', 'table:write', 'table:batch-write'],
  bulkCompanies: ['table:read', 'table:write', 'table:batch-write'],
  associateTasks: W,

  // Grid views (D56): a person's own views; the rows query only reads.
  createGridView: W,
  updateGridView: W,
  deleteGridView: W,

  // Templates and folders (D57): copies of task trees undo their earlier chunks with BatchWriteItem.
  createTemplate: ['table:read', 'table:write', 'table:batch-write', 'users'],
  updateTemplate: W,
  deleteTemplate: W,
  cloneTemplate: ['table:read', 'table:write', 'table:batch-write', 'users'],
  convertTaskToTemplate: ['table:read', 'table:write', 'table:batch-write', 'users'],
  convertTemplateToDraft: ['table:read', 'table:write', 'table:batch-write', 'users'],
  createFolder: W,
  updateFolder: W,
  deleteFolder: W,
  // Account roles and role mapping (docs/api/roles.md): the reads need only the default.
  createAccountRole: W,
  updateAccountRole: W,
  deleteAccountRole: W,
  createRoleMapping: W,
  updateRoleMapping: W,
  deleteRoleMapping: W,
  // AI generation: the connector only (functions/src/core/ai/connector.ts).
  generateAiPublic: ['ai'],
  proposeAiTemplate: ['ai'],
  // Planning: the reads provision the caller as every list does; a save writes as the task routes.
  listPlans: WU,
  getPlan: WU,
  savePlan: WU,
  // Import: the preview reads nothing; the import writes tasks (and may provision the caller).
  previewTaskImport: [],
  importTasks: WU,
  // Surveys (D69): the owner's calls read and write the owner's surveys; the public ones a survey.
  createSurvey: W,
  listSurveys: ['table:read'],
  getSurvey: ['table:read'],
  deleteSurvey: W,
  getSurveyConfig: ['table:read'],
  submitSurvey: W,
  getSurveyStatus: ['table:read'],
  // AI onboarding (D69): the suggestion asks the connector; accepting writes groups and tasks.
  suggestOnboarding: ['ai'],
  acceptOnboarding: WU,
  // The Today list as iCalendar: read as GET /task?priority_group=0 reads it (it may provision).
  downloadTodayCalendar: WU,
  // Curricula (D66): copies of lessons undo their earlier chunks, and a delete clears its items, with
  // BatchWriteItem; creating one (or a copy) may provision the caller.
  listCurricula: ['table:read'],
  createCurriculum: WU,
  getCurriculum: ['table:read'],
  updateCurriculum: W,
  deleteCurriculum: ['table:read', 'table:write', 'table:batch-write', 'users'],
  cloneCurriculum: [
    'table:read',
    'table:write',
    'table:batch-write',
    'users',
    'bucket:read',
    'bucket:write',
    'bucket:delete',
  ],
  addCurriculumLearner: ['table:read', 'table:write', 'table:batch-write', 'mail'],
  removeCurriculumLearner: ['table:read', 'table:write', 'table:batch-write', 'mail'],
  listCurriculumLessons: ['table:read'],
  addCurriculumLesson: W,
  createCurriculumLesson: W,
  updateCurriculumLesson: W,
  deleteCurriculumLesson: W,
  // Agendas (docs/api/agendas.md): the reads need only the default.
  createAgenda: W,
  updateAgenda: W,
  deleteAgenda: W,
  // Request links (D68): the owner's side; the logo moves through the files module's uploads.
  listRequestLinks: ['table:read', 'bucket:read'],
  createRequestLink: ['table:read', 'table:write', 'bucket:read', 'bucket:write', 'bucket:delete', 'users'],
  getRequestLink: ['table:read', 'bucket:read'],
  updateRequestLink: ['table:read', 'table:write', 'bucket:read', 'bucket:write', 'bucket:delete'],
  toggleRequestLink: ['table:read', 'table:write', 'bucket:read'],
  deleteRequestLink: ['table:read', 'table:write', 'bucket:delete'],
  deleteRequestLinkAssignee: ['table:read', 'table:write', 'bucket:read'],
  createRequestLinkLogoUpload: ['bucket:write'],
  listPortalTasks: ['table:read'],
  getPortalTask: ['table:read', 'bucket:read'],
  // The public page: the form ticket and the rate counters are writes; a request makes a task and mails.
  getPublicRequestLink: ['table:read', 'table:write', 'bucket:read'],
  createRequestVoiceUpload: ['table:read', 'bucket:write'],
  submitRequest: [
    'table:read',
    'table:write',
    'bucket:read',
    'bucket:write',
    'bucket:delete',
    'mail',
    'users',
  ],
  confirmRequest: ['table:read'],
  getPublicRequestLinkBare: [],
  // Calendar integrations (D70): a sync makes, changes and removes tasks, writes synced pairs in
  // batches and tells the owner when the connection broke.
  listIntegrations: ['table:read'],
  authorizeIntegration: W,
  initializeIntegration: ['table:read', 'table:write', 'integrations-key'],
  getIntegrations: ['table:read'],
  deleteIntegration: ['table:read', 'table:write', 'table:batch-write', 'integrations-key'],
  connectCalendar: W,
  disconnectCalendar: ['table:read', 'table:write', 'table:batch-write'],
  syncIntegration: ['table:read', 'table:write', 'table:batch-write', 'mail', 'users', 'integrations-key'],
  // A curriculum's attachments (D72): the task attachments' needs.
  listCurriculumAttachments: ['table:read', 'bucket:read'],
  createCurriculumAttachment: ['table:read', 'table:write', 'bucket:read', 'bucket:write', 'bucket:delete'],
  createCurriculumAttachmentUploads: ['table:read', 'table:write', 'bucket:write'],
  confirmCurriculumAttachmentUpload: [
    'table:read',
    'table:write',
    'bucket:read',
    'bucket:write',
    'bucket:delete',
  ],
  updateCurriculumAttachment: ['table:read', 'table:write', 'bucket:read'],
  deleteCurriculumAttachment: ['table:read', 'table:write', 'bucket:delete'],
  orderCurriculumAttachments: W,
  // Survey confirmations (D77): sending mails the caller (who may be provisioned); the rest read.
  getBusinessPlanSurvey: ['table:read'],
  getSurveyAffiliation: ['table:read'],
  sendSurveyConfirmation: ['table:read', 'table:write', 'users', 'mail'],
  updateSurveyConfirmation: ['table:read', 'table:write', 'mail'],
};

/** WebSocket handlers, by module under functions/src/ws. */
export const wsNeeds: { readonly [K in (typeof wsRoutes)[keyof typeof wsRoutes]]?: readonly Need[] } = {
  connect: W,
  disconnect: W,
  default: ['realtime'],
};

/** Scheduled jobs, by job id. */
export const jobNeeds: { readonly [K in keyof typeof jobs]?: readonly Need[] } = {
  // It only lists the people due; its fan-out's workers normalise them (jobWorkerNeeds).
  normalizeDays: ['table:read'],
  expireTrials: ['table:read', 'table:write', 'mail'],
  syncCalendars: ['table:read', 'table:write', 'table:batch-write', 'mail', 'users', 'integrations-key'],
  syncDueCalendars: ['table:read', 'table:write', 'table:batch-write', 'mail', 'users', 'integrations-key'],
};

/** The workers of fanned-out jobs (JobDef.fanOut), by job id. */
export const jobWorkerNeeds: { readonly [K in keyof typeof jobs]?: readonly Need[] } = {
  normalizeDays: ['table:read', 'table:write', 'mail'],
};

/**
 * The functions outside the manifests: Cognito's triggers, the WebSocket authorizer and the table's
 * stream consumer (it reads rosters and connections, forgets closed connections, posts to sockets,
 * removes the files of deleted tasks;
 * reading the stream itself is the event source mapping's grant, not a need of the code).
 */
export const fixedNeeds: Readonly<Record<string, readonly Need[]>> = {
  'triggers/custom-message': [],
  'triggers/post-confirmation': WU,
  'ws/authorize': [],
  'streams/live': [
    'table:read',
    'table:write',
    'table:batch-write',
    'realtime',
    'mail',
    'push',
    'bucket:delete',
    'avatars:read',
  ],
};
