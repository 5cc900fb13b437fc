/** All entities in one ElectroDB Service, for writes that must hold together (transactions). */
import { Service } from 'electrodb';
import { env } from '../lib/env.ts';
import { documentClient } from './client.ts';
import { AttachmentEntity, AttachmentUploadEntity } from './entities/attachment.ts';
import { CalendarFeedEntity } from './entities/calendar-feed.ts';
import { CategoryEntity } from './entities/category.ts';
import { DayStateEntity } from './entities/day-state.ts';
import { GroupEntity } from './entities/group.ts';
import { InvitationEntity } from './entities/invitation.ts';
import { MembershipEntity } from './entities/membership.ts';
import { PlacementEntity } from './entities/placement.ts';
import { TaskEntity } from './entities/task.ts';
import { TaskChildEntity } from './entities/task-child.ts';
import { UserEntity } from './entities/user.ts';

export const service = new Service(
  {
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
  },
  { table: env.tableName, client: documentClient },
);
