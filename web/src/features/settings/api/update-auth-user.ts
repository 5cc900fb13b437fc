/** PATCH /auth/user/ — first and last name, and a new e-mail address (answered with `pendingEmail`). */
import * as routes from '@tandem/shared/api/route-defs';
import type { UpdateAuthUserInput } from '@tandem/shared/user/config';
import { mutate } from 'swr';
import { api } from '../../../lib/api.ts';
import { type AuthUser, authUserKey } from '../../../lib/user/get-auth-user.ts';

export async function updateAuthUser(input: UpdateAuthUserInput): Promise<AuthUser> {
  const user = await api<AuthUser>(routes.updateAuthUser, { body: input });
  await mutate(authUserKey, user, { revalidate: false });
  return user;
}
