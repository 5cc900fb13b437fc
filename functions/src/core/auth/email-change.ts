/**
 * Changing the sign-in address (spec 001 §7 PATCH /auth/user/ with email; docs/decisions.md D23).
 * The user pool keeps the old address until the new one is proven (Cognito's "keep original
 * attribute value active when an update is pending"): asking sends a 6-digit code to the new address,
 * and only the code makes it the sign-in name. Then the profile and every group roster that lists the
 * person show it. Both steps act with the caller's own access token, as the person would in Cognito.
 */
import {
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { EMAIL_CHANGE_MESSAGES } from '@tandem/shared';
import { UserEntity } from '../../db/entities/user.ts';
import type { Actor } from '../../lib/actor.ts';
import { cognito } from '../../lib/cognito.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { listMemberships, loadGroup, saveGroup } from '../groups/groups.ts';
import { getUser, patchVersioned, type UserRecord } from '../user/user.ts';

/** Cognito's answers that are the person's mistake, by error name (never by message text). */
const COGNITO_FIELD_ERRORS: Record<string, Record<string, string>> = {
  AliasExistsException: { email: EMAIL_CHANGE_MESSAGES.taken },
  UsernameExistsException: { email: EMAIL_CHANGE_MESSAGES.taken },
  CodeMismatchException: { code: EMAIL_CHANGE_MESSAGES.codeWrong },
  ExpiredCodeException: { code: EMAIL_CHANGE_MESSAGES.codeExpired },
};

async function cognitoStep<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (e) {
    const name = e instanceof Error ? e.name : '';
    const errors = COGNITO_FIELD_ERRORS[name];
    if (errors) {
      if (errors.email) throw new ConflictError(errors.email);
      throw new ValidationError(errors);
    }
    throw e;
  }
}

async function addressTaken(email: string, userId: string): Promise<boolean> {
  const { data } = await UserEntity.query.byEmail({ email }).go({ limit: 2 });
  return data.some((u) => u.userId !== userId);
}

/**
 * Asks for a new sign-in address: a code goes to it; the old address stays the sign-in name until
 * the code is given. The same address again (or the current one) changes nothing.
 */
export async function requestEmailChange(
  actor: Actor,
  accessToken: string,
  email: string,
): Promise<UserRecord> {
  const user = await getUser(actor);
  if (email === user.email) {
    if (!user.pendingEmail) return user;
    // Back to the current address: the pending change is dropped.
    await cognitoStep(async () =>
      (await cognito()).send(
        new UpdateUserAttributesCommand({
          AccessToken: accessToken,
          UserAttributes: [{ Name: 'email', Value: email }],
        }),
      ),
    );
    await patchVersioned(user, {}, ['pendingEmail']);
    const { pendingEmail: _dropped, ...rest } = user;
    return { ...rest, version: user.version + 1 };
  }
  if (await addressTaken(email, user.userId)) throw new ConflictError(EMAIL_CHANGE_MESSAGES.taken);
  await cognitoStep(async () =>
    (await cognito()).send(
      new UpdateUserAttributesCommand({
        AccessToken: accessToken,
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    ),
  );
  await patchVersioned(user, { pendingEmail: email });
  return { ...user, pendingEmail: email, version: user.version + 1 };
}

/** The code from the mail: the new address becomes the sign-in name, the profile's and the rosters'. */
export async function confirmEmailChange(
  actor: Actor,
  accessToken: string,
  code: string,
): Promise<UserRecord> {
  const user = await getUser(actor);
  const email = user.pendingEmail;
  if (!email) throw new ValidationError({ code: EMAIL_CHANGE_MESSAGES.nothingPending });
  await cognitoStep(async () =>
    (await cognito()).send(
      new VerifyUserAttributeCommand({ AccessToken: accessToken, AttributeName: 'email', Code: code }),
    ),
  );
  await patchVersioned(user, { email }, ['pendingEmail']);
  await renameInRosters(user.userId, email);
  const { pendingEmail: _done, ...rest } = user;
  return { ...rest, email, version: user.version + 1 };
}

/** Every group that lists the person shows the new address (a read and a conditional write per group). */
async function renameInRosters(userId: string, email: string): Promise<void> {
  for (const m of await listMemberships(userId)) {
    for (let attempt = 0; ; attempt++) {
      const group = await loadGroup(m.groupId);
      const entry = group && Object.values(group.members).find((e) => e.userId === userId);
      if (!group || !entry || entry.email === email) break;
      try {
        await saveGroup(group, { members: { ...group.members, [entry.memberId]: { ...entry, email } } });
        break;
      } catch (e) {
        if (!(e instanceof ConflictError) || attempt >= 4) throw e;
      }
    }
  }
}
