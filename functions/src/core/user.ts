/**
 * Users: profile, settings and subscription. A user's record is created on first use — by Cognito's
 * post-confirmation trigger with the profile, or by the first API call when that trigger has not run
 * (federated sign-in) — always with default settings and the full 14-day trial.
 */
import {
  defaultUserConfig,
  effectiveStatus,
  isInternalAccount,
  isValidTimezone,
  newTrial,
  parseAllowList,
  type Subscription,
  type UpdateAuthUserInput,
  type UpdateUserConfigInput,
  type UserConfig,
  userConfig,
} from '@tandem/shared';
import { generateKeyBetween } from 'fractional-indexing';
import { MembershipEntity } from '../db/entities/membership.ts';
import { UserEntity } from '../db/entities/user.ts';
import { TransactionCanceledError, transact } from '../db/transact.ts';
import type { Actor } from '../lib/actor.ts';
import { env } from '../lib/env.ts';
import { ConflictError, ValidationError } from '../lib/errors.ts';
import { nextDueHour } from './day-hours.ts';
import { newGroupItems, privateGroupInput } from './roster.ts';

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
  version: number;
  createdAt?: string;
  updatedAt?: string;
}

export interface NewUserProfile {
  email?: string;
  firstName?: string;
  lastName?: string;
  typeId?: string;
  timezone?: string;
}

const isConditionFailure = (e: unknown) =>
  e instanceof Error &&
  /conditional request failed|ConditionalCheckFailed/i.test(`${e.message} ${String(e.cause)}`);

/**
 * Creates the user if missing and returns it: the user item, their Private group and its membership
 * in one transaction, so no user ever exists without a Private group. Idempotent and safe when two
 * first calls race (the loser reads what the winner wrote).
 */
export async function ensureUser(
  userId: string,
  profile: NewUserProfile = {},
  now = new Date(),
): Promise<UserRecord> {
  const existing = await UserEntity.get({ userId }).go();
  if (existing.data) return existing.data as UserRecord;
  const trial = newTrial(now);
  const base = {
    userId,
    ...(profile.email ? { email: profile.email.toLowerCase() } : {}),
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    typeId: profile.typeId ?? 'individual',
    subscription: trial,
  };
  const { group, membership } = newGroupItems(base, privateGroupInput, generateKeyBetween(null, null), true);
  const timezone = profile.timezone && isValidTimezone(profile.timezone) ? profile.timezone : undefined;
  try {
    await transact(({ user: u, group: g, membership: m, dayState: d }) => [
      u
        .create({
          ...base,
          config: { ...defaultUserConfig(timezone), group: group.groupId },
          ...(trial.endsAt ? { trialEndsOn: trial.endsAt.slice(0, 10) } : {}),
          ownedGroupCount: 1,
          ownedGroupTotalCount: 1,
          groupMembershipCount: 1,
          version: 1,
        })
        .commit(),
      g.create(group).commit(),
      m.create(membership).commit(),
      // Their first normalisation: the next 03:00 in their zone.
      d
        .create({ userId, dueHour: nextDueHour(timezone ?? 'UTC', now), timezone: timezone ?? 'UTC' })
        .commit(),
    ]);
  } catch (e) {
    if (!(e instanceof TransactionCanceledError)) throw e;
  }
  const created = await UserEntity.get({ userId }).go();
  if (!created.data) throw new Error(`User ${userId} could not be created`);
  return created.data as UserRecord;
}

/** Called by the post-confirmation trigger: the record with the profile given at sign-up. */
export async function createUserFromSignUp(userId: string, profile: NewUserProfile): Promise<UserRecord> {
  let user = await ensureUser(userId, profile);
  if (!user.email && profile.email)
    user = await updateProfile({ userId, username: userId }, profile, profile.email);
  // Invitations this e-mail accepted before it had an account become memberships now. (Imported on
  // use: invitations depend on groups, which depend on this module.)
  const { joinAcceptedInvitations } = await import('./invitations.ts');
  await joinAcceptedInvitations(user);
  return user;
}

export const getUser = (actor: Actor) => ensureUser(actor.userId);

/** Whether the person is one of the internal accounts of the allow-list (configuration, not code). */
export const isInternalUser = (user: Pick<UserRecord, 'email'>) =>
  isInternalAccount(parseAllowList(env.internalAccounts), user.email);

export async function getUserConfig(actor: Actor): Promise<UserConfig> {
  return (await getUser(actor)).config;
}

/**
 * Merges a partial settings change into the stored settings. Nested objects (preferences,
 * routineTimes) merge key by key. The write is conditional on the version read, so two concurrent
 * changes never silently overwrite each other: the loser gets 409 and retries.
 */
export async function updateUserConfig(actor: Actor, input: UpdateUserConfigInput): Promise<UserConfig> {
  const user = await getUser(actor);
  if (input.group) {
    const m = await MembershipEntity.get({ userId: actor.userId, groupId: input.group }).go();
    if (!m.data) throw new ValidationError({ group: 'Choose one of your groups as the default group.' });
  }
  const next = userConfig.parse({
    ...user.config,
    ...input,
    preferences: { ...user.config.preferences, ...input.preferences },
    routineTimes: { ...user.config.routineTimes, ...input.routineTimes },
  });
  await patchVersioned(user, { config: next });
  return next;
}

/** Records (or clears) the avatar id; the avatar module owns the image itself. */
export async function updateUserConfigAvatar(actor: Actor, avatar: UserConfig['avatar']): Promise<void> {
  const user = await getUser(actor);
  await patchVersioned(user, { config: { ...user.config, avatar } });
}

export async function updateProfile(
  actor: Actor,
  input: Pick<UpdateAuthUserInput, 'firstName' | 'lastName'>,
  email?: string,
): Promise<UserRecord> {
  const user = await getUser(actor);
  const changes = {
    ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
    ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
    ...(email ? { email: email.toLowerCase() } : {}),
  };
  await patchVersioned(user, changes);
  return { ...user, ...changes, version: user.version + 1 };
}

export async function getSubscription(actor: Actor, now = new Date()) {
  const { subscription } = await getUser(actor);
  return {
    package: subscription.package,
    currentStatus: effectiveStatus(subscription, now),
    startedAt: subscription.startedAt,
    endsAt: subscription.endsAt,
  };
}

async function patchVersioned(user: UserRecord, set: Partial<Omit<UserRecord, 'userId'>>): Promise<void> {
  try {
    await UserEntity.patch({ userId: user.userId })
      .set({ ...set, version: user.version + 1 })
      .where(({ version }, { eq }) => eq(version, user.version))
      .go({ response: 'none' });
  } catch (e) {
    if (isConditionFailure(e))
      throw new ConflictError('Your settings were changed elsewhere. Please reload and try again.');
    throw e;
  }
}
