/** POST /auth/user/email/verify — the code sent to a new address makes it the sign-in address. */
import * as routes from '@tandem/shared/api/route-defs';
import { mutate } from 'swr';
import { api } from '../../../lib/api.ts';
import { type AuthUser, authUserKey } from '../../../lib/user/get-auth-user.ts';

export async function verifyEmailChange(code: string): Promise<AuthUser> {
  const user = await api<AuthUser>(routes.verifyEmailChange, { body: { code } });
  await mutate(authUserKey, user, { revalidate: false });
  return user;
}
