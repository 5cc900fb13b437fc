/** GET /auth/user/ — the signed-in user's profile (loaded right after sign-in; header, Today, settings). */
import useSWR from 'swr';
import { type AuthUser, getAuthUser } from './user-reads.ts';

export { type AuthUser, getAuthUser };

export const authUserKey = ['auth-user'] as const;
export const useAuthUser = () => useSWR(authUserKey, getAuthUser);
