/**
 * The reads of the signed-in user's settings and profile, apart from their hooks (get-user-config.ts,
 * get-auth-user.ts re-export them): the start's first step (app/first-reads.ts) asks with them before
 * React or SWR have loaded.
 */
import * as routes from '@tandem/shared/api/route-defs';
import type { UserConfigView, UserProfile } from '@tandem/shared/user/config';
import { api } from '../api.ts';

/** The API's profile; two-factor state is read from Cognito, not from here. */
export type AuthUser = Omit<UserProfile, 'otpEnabled'> & { otpEnabled?: boolean };

/** GET /user/config/ */
export const getUserConfig = (): Promise<UserConfigView> => api<UserConfigView>(routes.getUserConfig);
/** GET /auth/user/ */
export const getAuthUser = (): Promise<AuthUser> => api<AuthUser>(routes.getAuthUser);
