/**
 * The emails Cognito sends (sign-up confirmation, password reset). In AWS the CustomMessage trigger
 * builds them with Cognito's `{####}` placeholder as the code; locally the stand-in calls this with
 * the real code. One text for both, so what a person reads locally is what they read in production.
 *
 * The reset link carries the account as `uid` (the e-mail, base64url) and the code as `token`,
 * matching the route /password-reset/{uid}/{token} (spec 001 §2).
 */
export type AuthMessageSource =
  | 'SignUp'
  | 'ResendCode'
  | 'ForgotPassword'
  | 'UpdateUserAttribute'
  | 'VerifyUserAttribute';

export interface AuthMessage {
  subject: string;
  text: string;
  html: string;
}

export const encodeUid = (email: string): string => Buffer.from(email, 'utf8').toString('base64url');

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function composeAuthMessage(
  source: AuthMessageSource,
  input: { code: string; email: string; firstName?: string; appUrl: string },
): AuthMessage {
  const hello = input.firstName ? `Hello ${input.firstName},` : 'Hello,';
  if (source === 'ForgotPassword') {
    const link = `${input.appUrl}/password-reset/${encodeUid(input.email)}/${input.code}`;
    return {
      subject: 'Reset your Tandem password',
      text: `${hello}\n\nSomeone asked to reset the password of your Tandem account. To choose a new password, open:\n${link}\n\nOr enter this code on the reset page: ${input.code}\n\nIf it was not you, ignore this e-mail; your password stays as it is.`,
      html: `<p>${escapeHtml(hello)}</p><p>Someone asked to reset the password of your Tandem account.</p><p><a href="${link}">Choose a new password</a></p><p>Or enter this code on the reset page: <strong>${input.code}</strong></p><p>If it was not you, ignore this e-mail; your password stays as it is.</p>`,
    };
  }
  if (source === 'UpdateUserAttribute' || source === 'VerifyUserAttribute') {
    const link = `${input.appUrl}/settings`;
    return {
      subject: 'Confirm your new Tandem e-mail address',
      text: `${hello}\n\nTo sign in to Tandem with this address from now on, enter this code in your profile settings: ${input.code}\n\n${link}\n\nUntil then you sign in with your current address. If it was not you, ignore this e-mail; nothing changes.`,
      html: `<p>${escapeHtml(hello)}</p><p>To sign in to Tandem with this address from now on, enter this code in your <a href="${link}">profile settings</a>:</p><p style="font-size:24px;letter-spacing:4px"><strong>${input.code}</strong></p><p>Until then you sign in with your current address. If it was not you, ignore this e-mail; nothing changes.</p>`,
    };
  }
  const link = `${input.appUrl}/verify-email?email=${encodeURIComponent(input.email)}`;
  return {
    subject: 'Confirm your Tandem account',
    text: `${hello}\n\nWelcome to Tandem. Your confirmation code is ${input.code}\n\nEnter it at ${link} to finish creating your account.`,
    html: `<p>${escapeHtml(hello)}</p><p>Welcome to Tandem. Your confirmation code is</p><p style="font-size:24px;letter-spacing:4px"><strong>${input.code}</strong></p><p>Enter it on the <a href="${link}">confirmation page</a> to finish creating your account.</p>`,
  };
}
