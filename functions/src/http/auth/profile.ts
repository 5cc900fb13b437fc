import type { UserRecord } from '../../core/user/user.ts';

/** The profile as the API shows it (spec 001 §3 session user; otp_enabled comes from Cognito). */
export const toProfile = (u: UserRecord) => ({
  id: u.userId,
  email: u.email ?? '',
  firstName: u.firstName,
  lastName: u.lastName,
  typeId: u.typeId,
  ...(u.pendingEmail ? { pendingEmail: u.pendingEmail } : {}),
});
