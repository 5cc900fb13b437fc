/**
 * The user record as stored, and its plain read: the bottom of the core's layers, so the rules of
 * access, rosters and limits can name a user without importing the user area above them.
 */
import type { Subscription, UserConfig } from '@tandem/shared';
import { UserEntity } from '../../db/entities/user.ts';
import type { StoredItem } from '../../db/records.ts';

/**
 * A user as stored: the entity's item type (task counters absent until the first task write that
 * counts, provisionedAt until provisioning finished), with settings, subscription and own titles shaped.
 */
export type UserRecord = StoredItem<
  typeof UserEntity,
  {
    config: UserConfig;
    subscription: Subscription;
    /** The person's own titles by level and priority-group id (core/tasks/task-titles.ts). */
    levelTitles?: Record<string, string>;
    priorityGroupTitles?: Record<string, string>;
  }
>;

/** The record as stored (no provisioning: user/user.ts getUser does that for the caller). */
export async function readUser(userId: string): Promise<UserRecord | null> {
  return (await UserEntity.get({ userId }).go()).data;
}
