/**
 * The user record as stored, and its plain read: the bottom of the core's layers, so the rules of
 * access, rosters and limits can name a user without importing the user area above them.
 */
import type { Subscription, UserConfig } from '@tandem/shared';
import { UserEntity } from '../../db/entities/user.ts';

export interface UserRecord {
  userId: string;
  email?: string;
  firstName: string;
  lastName: string;
  typeId: string;
  config: UserConfig;
  subscription: Subscription;
  ownedGroupCount: number;
  ownedGroupTotalCount: number;
  groupMembershipCount: number;
  /** Task counters (spec 000 §9 events), absent until the first task write that counts. */
  totalTasksCount?: number;
  activeTasksCount?: number;
  delegatedTasksCount?: number;
  totalRoutineInstancesCount?: number;
  feedTokenHash?: string;
  /** When provisioning finished; absent while it has not. */
  provisionedAt?: string;
  /** A new sign-in address waiting for its code (core/auth/email-change.ts). */
  pendingEmail?: string;
  version: number;
  createdAt?: string;
  updatedAt?: string;
}

/** The record as stored (no provisioning: user/user.ts getUser does that for the caller). */
export async function readUser(userId: string): Promise<UserRecord | null> {
  return ((await UserEntity.get({ userId }).go()).data as UserRecord | null) ?? null;
}
