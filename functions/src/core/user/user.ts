/**
 * Users: profile, settings and subscription. A user is provisioned — record, Private group, invitations
 * accepted before sign-up — by Cognito's post-confirmation trigger with the profile, or by the first
 * authenticated call when that trigger could not finish (an engine was down at sign-up) or never runs
 * (federated sign-in); then with the profile the user pool keeps. Always with default settings and the
 * full 14-day trial, and never twice (docs/decisions.md D12).
 */

import {
  defaultUserConfig,
  effectiveStatus,
  isInternalAccount,
  isValidTimezone,
  mergePatch,
  newTrial,
  parseAllowList,
  type UpdateAuthUserInput,
  type UpdateUserConfigInput,
  type UserConfig,
  userConfig,
  withConfigDefaults,
} from '@tandem/shared';
import { generateKeyBetween } from 'fractional-indexing';
import { MembershipEntity } from '../../db/entities/membership.ts';
import { UserEntity } from '../../db/entities/user.ts';
import { TransactionCanceledError, transact } from '../../db/transact.ts';
import type { Actor } from '../../lib/actor.ts';
import { cognito } from '../../lib/cognito.ts';
import { isConditionFailed } from '../../lib/conditions.ts';
import { env } from '../../lib/env.ts';
import { ConflictError, NotAuthenticatedError, ValidationError } from '../../lib/errors.ts';
import { joinAcceptedInvitations } from '../access/joins.ts';
import { newGroupItems, privateGroupInput } from '../access/roster.ts';
import type { UserRecord } from '../access/users.ts';
import { nextDueHour } from '../schedules/day-hours.ts';

export type { UserRecord } from '../access/users.ts';

export interface NewUserProfile {
  email?: string;
  firstName?: string;
  lastName?: string;
  typeId?: string;
  timezone?: string;
}

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
  if (existing.data) return existing.data;
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
  return created.data;
}

/**
 * Provisioning, run by the post-confirmation trigger and, when that did not finish, by the first
 * authenticated call: the record with its Private group (ensureUser), the e-mail given at sign-up,
 * the invitations this e-mail accepted before it had an account (access/joins.ts), then
 * `provisionedAt`. Each step is idempotent — a record is created once, a taken-on invitation leaves
 * the pending index — so a second run adds nothing.
 */
export async function provisionUser(
  userId: string,
  profile: NewUserProfile,
  now = new Date(),
): Promise<UserRecord> {
  let user = await ensureUser(userId, profile, now);
  if (user.provisionedAt) return user;
  if (!user.email && profile.email)
    user = await updateProfile({ userId, username: userId }, profile, profile.email);
  await joinAcceptedInvitations(user);
  await UserEntity.patch({ userId }).set({ provisionedAt: now.toISOString() }).go({ response: 'none' });
  const done = await UserEntity.get({ userId }).go();
  if (!done.data) throw new Error(`The user ${userId} was gone right after provisioning`);
  return done.data;
}

/** The profile given at sign-up, as the user pool keeps it (its attributes). */
async function signUpProfile(username: string): Promise<NewUserProfile> {
  try {
    // Loaded here: only a caller whose provisioning did not finish gets this far (D35).
    const { AdminGetUserCommand } = await import('@aws-sdk/client-cognito-identity-provider');
    const r = await (await cognito()).send(
      new AdminGetUserCommand({ UserPoolId: env.cognitoUserPoolId, Username: username }),
    );
    const a = Object.fromEntries((r.UserAttributes ?? []).map((x) => [x.Name, x.Value]));
    return {
      email: a.email,
      firstName: a.given_name,
      lastName: a.family_name,
      typeId: a['custom:user_type'],
      timezone: a.zoneinfo,
    };
  } catch (e) {
    // A valid token of an account since deleted from the pool: there is no one to provision.
    if (e instanceof Error && e.name === 'UserNotFoundException') throw new NotAuthenticatedError();
    throw e;
  }
}

/**
 * The caller's record, provisioned: one GetItem when provisioning is done (every call but the first).
 * Otherwise it is finished here; the user pool is asked for the profile only when the record lacks it.
 */
export async function getUser(actor: Actor): Promise<UserRecord> {
  const existing = (await UserEntity.get({ userId: actor.userId }).go()).data;
  if (existing?.provisionedAt) return existing;
  const profile = existing?.email ? {} : await signUpProfile(actor.username);
  return provisionUser(actor.userId, profile);
}

/** Whether the person is one of the internal accounts of the allow-list (configuration, not code). */
export const isInternalUser = (user: Pick<UserRecord, 'email'>) =>
  isInternalAccount(parseAllowList(env.internalAccounts), user.email);

export async function getUserConfig(actor: Actor): Promise<UserConfig> {
  // Settings stored before a setting existed (notifications) read with its defaults.
  return withConfigDefaults((await getUser(actor)).config);
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
  // Absent settings are unchanged; preferences and routine times merge field by field.
  const next = userConfig.parse(mergePatch(user.config, input));
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

/** Writes changed fields (and removes optional ones) if nobody wrote the record since it was read. */
export async function patchVersioned(
  user: UserRecord,
  set: Partial<Omit<UserRecord, 'userId'>>,
  remove: Array<'pendingEmail'> = [],
): Promise<void> {
  try {
    const patch = UserEntity.patch({ userId: user.userId }).set({ ...set, version: user.version + 1 });
    await (remove.length > 0 ? patch.remove(remove) : patch)
      .where(({ version }, { eq }) => eq(version, user.version))
      .go({ response: 'none' });
  } catch (e) {
    if (isConditionFailed(e))
      throw new ConflictError('Your settings were changed elsewhere. Please reload and try again.');
    throw e;
  }
}
