/**
 * The user record as stored, and its plain read: the bottom of the core's layers, so the rules of
 * access, rosters and limits can name a user without importing the user area above them.
 */
import { UserEntity } from '../../db/entities/user.ts';
import type { StoredItem } from '../../db/records.ts';

/**
 * A user as stored: the entity's item type (task counters absent until the first task write that
 * counts, provisionedAt until provisioning finished); its settings, subscription and own titles (by
 * level and priority-group id, core/tasks/task-titles.ts) typed by the entity.
 */
export type UserRecord = StoredItem<typeof UserEntity>;

/** The record as stored (no provisioning: user/user.ts getUser does that for the caller). */
export async function readUser(userId: string): Promise<UserRecord | null> {
  return (await UserEntity.get({ userId }).go()).data;
}
