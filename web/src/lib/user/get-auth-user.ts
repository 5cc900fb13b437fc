/** GET /auth/user/ — the signed-in user's profile (loaded right after sign-in; header, Today, settings). */
import * as routes from '@tandem/shared/api/route-defs';
import type { UserProfile } from '@tandem/shared/user/config';
import useSWR from 'swr';
import { api } from '../api.ts';

/** The API's profile; two-factor state is read from Cognito, not from here. */
export type AuthUser = Omit<UserProfile, 'otpEnabled'> & { otpEnabled?: boolean };

export const authUserKey = ['auth-user'] as const;
export const getAuthUser = (): Promise<AuthUser> => api<AuthUser>(routes.getAuthUser);
export const useAuthUser = () => useSWR(authUserKey, getAuthUser);
