/**
 * Every table entity by name, for writes that must hold together (transactions, db/transact.ts). They
 * are not joined in an ElectroDB Service at run time: a write transaction needs only the entities
 * (`createWriteTransaction`, what `Service.transaction.write` calls), and the Service's module is
 * left out of every bundle (docs/decisions.md D42). A unit test joins them in a Service, so its
 * checks (one service name, collections that agree) still hold.
 */
import { AttachmentEntity, AttachmentUploadEntity } from './entities/attachment.ts';
import { CalendarFeedEntity } from './entities/calendar-feed.ts';
import { CategoryEntity } from './entities/category.ts';
import { DayStateEntity } from './entities/day-state.ts';
import { GroupEntity } from './entities/group.ts';
import { InvitationEntity } from './entities/invitation.ts';
import { MembershipEntity } from './entities/membership.ts';
import { PlacementEntity } from './entities/placement.ts';
import { SurveyEntity, SurveyResponseEntity } from './entities/survey.ts';
import { TaskEntity } from './entities/task.ts';
import { TaskChildEntity } from './entities/task-child.ts';
import { UserEntity } from './entities/user.ts';

/**
 * The entities the task, group, membership and user writes join in transactions (db/transact.ts): a bundle
 * that writes only these does not carry the models of the rest (docs/decisions.md D81). A write that
 * joins any other entity of the table uses `transactAll` with `entities`.
 */
export const taskWriteEntities = {
  user: UserEntity,
  group: GroupEntity,
  membership: MembershipEntity,
  invitation: InvitationEntity,
  task: TaskEntity,
  taskChild: TaskChildEntity,
  placement: PlacementEntity,
  // A new user's first normalisation is written with the user (core/user/user.ts provisionUser).
  dayState: DayStateEntity,
};

export const entities = {
  user: UserEntity,
  group: GroupEntity,
  membership: MembershipEntity,
  invitation: InvitationEntity,
  category: CategoryEntity,
  task: TaskEntity,
  taskChild: TaskChildEntity,
  placement: PlacementEntity,
  dayState: DayStateEntity,
  calendarFeed: CalendarFeedEntity,
  attachment: AttachmentEntity,
  attachmentUpload: AttachmentUploadEntity,
  survey: SurveyEntity,
  surveyResponse: SurveyResponseEntity,
};
