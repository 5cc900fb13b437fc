/**
 * The one place that talks to Cognito (amazon-cognito-identity-js). Every call is wrapped in a
 * promise and every failure becomes an AuthError. Usernames are the lower-cased e-mail.
 *
 * Sign-in uses SRP in AWS, where the app client allows nothing else, and USER_PASSWORD_AUTH only
 * against the local stand-in, which has no SRP (signInFlow in @tandem/shared/api/config).
 */
import { signInFlow } from '@tandem/shared/api/config';
import {
  AuthenticationDetails,
  CognitoAccessToken,
  CognitoIdToken,
  CognitoRefreshToken,
  CognitoUser,
  CognitoUserAttribute,
  CognitoUserPool,
  CognitoUserSession,
} from 'amazon-cognito-identity-js';
import { getConfig } from '../config.ts';
import { type AuthAction, AuthError, toAuthError } from './auth-error.ts';
import { needsRefresh } from './token-refresh.ts';

let pool: CognitoUserPool | null = null;
let flow: ReturnType<typeof signInFlow> = 'USER_SRP_AUTH';
/** The signed-in user with its session loaded; null when signed out. */
let current: CognitoUser | null = null;
/** A sign-in waiting for its two-factor code (kept in memory only: a reload starts over). */
let pendingTotp: CognitoUser | null = null;
/** One refresh at a time: concurrent requests wait for the same one. */
let refreshing: Promise<CognitoUserSession> | null = null;

/** The pool from /config.json, made on first use: this module loads only when it is needed. */
function getPool(): CognitoUserPool {
  if (!pool) {
    const c = getConfig().cognito;
    flow = signInFlow(c);
    pool = new CognitoUserPool({
      UserPoolId: c.userPoolId,
      ClientId: c.clientId,
      ...(c.endpoint ? { endpoint: c.endpoint } : {}),
    });
  }
  return pool;
}

/** The user whose tokens this browser keeps, or null (also when no configuration is loaded). */
function storedUser(): CognitoUser | null {
  try {
    return getPool().getCurrentUser();
  } catch {
    return null;
  }
}

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

function userFor(email: string): CognitoUser {
  const user = new CognitoUser({ Username: normaliseEmail(email), Pool: getPool() });
  user.setAuthenticationFlowType(flow);
  return user;
}

function call<T>(action: AuthAction, run: (done: (err: unknown, result?: T) => void) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    try {
      run((err, result) => (err ? reject(toAuthError(err, action)) : resolve(result as T)));
    } catch (err) {
      reject(toAuthError(err, action));
    }
  });
}

// ---------- session ----------

/** The clock drift Cognito measured when the tokens were issued, in ms (it keeps seconds; local minus server). */
const driftOf = (s: CognitoUserSession): number =>
  ((s as unknown as { getClockDrift?: () => number }).getClockDrift?.() ?? 0) * 1000;

function refresh(user: CognitoUser, session: CognitoUserSession): Promise<CognitoUserSession> {
  refreshing ??= call<CognitoUserSession>('session', (done) =>
    user.refreshSession(session.getRefreshToken(), (err: unknown, s: CognitoUserSession) => done(err, s)),
  ).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** The current session, refreshed when the access token expires within 60 s; null when signed out. */
export async function currentSession(): Promise<CognitoUserSession | null> {
  const user = current ?? getPool().getCurrentUser();
  if (!user) return null;
  const session = await call<CognitoUserSession>('session', (done) =>
    user.getSession((err: Error | null, s: CognitoUserSession | null) => done(err, s ?? undefined)),
  ).catch(() => null);
  if (!session) {
    current = null;
    return null;
  }
  current = user;
  const exp = session.getAccessToken().getExpiration();
  if (needsRefresh(exp, Date.now() - driftOf(session))) return refresh(user, session);
  return session;
}

/** A valid access token, or AuthError('notLoggedIn') — spec 001 §8 'User not logged in'. */
export async function getAccessToken(): Promise<string> {
  const session = await currentSession();
  if (!session) throw new AuthError('notLoggedIn', 'NoSession');
  return session.getAccessToken().getJwtToken();
}

/** Forces a refresh (after the API answered 401). Rejects when the refresh token is no longer good. */
export async function forceRefresh(): Promise<void> {
  const session = await currentSession();
  if (!session || !current) throw new AuthError('notLoggedIn', 'NoSession');
  await refresh(current, session);
}

/** The signed-in user's e-mail as Cognito knows it (from the ID token). */
export async function currentEmail(): Promise<string> {
  const session = await currentSession();
  const email = session?.getIdToken().payload.email;
  return typeof email === 'string' ? email : '';
}

/** Revokes the refresh token where possible and always forgets the tokens on this device. */
export async function cognitoSignOut(): Promise<void> {
  const user = current ?? storedUser();
  current = null;
  pendingTotp = null;
  if (!user) return;
  await Promise.race([
    new Promise<void>((resolve) => user.signOut(() => resolve())),
    new Promise<void>((resolve) => setTimeout(resolve, 3000)),
  ]);
  user.signOut();
}

/** Forgets the tokens on this device without asking Cognito (the session is already gone). */
export function forgetSession(): void {
  const user = current ?? storedUser();
  current = null;
  pendingTotp = null;
  user?.signOut();
}

// ---------- sign-in ----------

export type SignInResult = { status: 'signedIn' } | { status: 'totp' };

export function signIn(email: string, password: string): Promise<SignInResult> {
  const user = userFor(email);
  const details = new AuthenticationDetails({ Username: normaliseEmail(email), Password: password });
  return new Promise((resolve, reject) => {
    const fail = (err: unknown) => reject(toAuthError(err, 'signIn'));
    const totp = () => {
      pendingTotp = user;
      resolve({ status: 'totp' });
    };
    user.authenticateUser(details, {
      onSuccess: () => {
        current = user;
        resolve({ status: 'signedIn' });
      },
      onFailure: fail,
      totpRequired: totp,
      selectMFAType: () =>
        user.sendMFASelectionAnswer('SOFTWARE_TOKEN_MFA', {
          onSuccess: () => {
            current = user;
            resolve({ status: 'signedIn' });
          },
          onFailure: fail,
          totpRequired: totp,
        }),
      mfaRequired: () => reject(new AuthError('unsupportedChallenge', 'SMS_MFA')),
      mfaSetup: () => reject(new AuthError('unsupportedChallenge', 'MFA_SETUP')),
      newPasswordRequired: () => reject(new AuthError('newPasswordRequired', 'NEW_PASSWORD_REQUIRED')),
      customChallenge: () => reject(new AuthError('unsupportedChallenge', 'CUSTOM_CHALLENGE')),
    });
  });
}

export const hasPendingTotp = (): boolean => pendingTotp !== null;

export function confirmTotpSignIn(code: string): Promise<void> {
  const user = pendingTotp;
  if (!user) return Promise.reject(new AuthError('generic', 'NoPendingSignIn'));
  return new Promise((resolve, reject) => {
    user.sendMFACode(
      code.trim(),
      {
        onSuccess: () => {
          pendingTotp = null;
          current = user;
          resolve();
        },
        onFailure: (err: unknown) => reject(toAuthError(err, 'totp')),
      },
      'SOFTWARE_TOKEN_MFA',
    );
  });
}

// ---------- registration and passwords ----------

export interface SignUpInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  userType: string;
  timezone: string;
}

export function signUp(input: SignUpInput): Promise<{ confirmed: boolean }> {
  const attr = (Name: string, Value: string) => new CognitoUserAttribute({ Name, Value });
  const attributes = [
    attr('email', normaliseEmail(input.email)),
    attr('given_name', input.firstName.trim()),
    attr('family_name', input.lastName.trim()),
    attr('custom:user_type', input.userType),
    attr('zoneinfo', input.timezone),
  ];
  return call('signUp', (done) =>
    getPool().signUp(normaliseEmail(input.email), input.password, attributes, [], (err, result) =>
      done(err, { confirmed: result?.userConfirmed ?? false }),
    ),
  );
}

export function confirmSignUp(email: string, code: string): Promise<void> {
  return call('confirmSignUp', (done) =>
    userFor(email).confirmRegistration(code.trim(), true, (err: unknown) => done(err)),
  );
}

export function resendSignUpCode(email: string): Promise<void> {
  return call('resendCode', (done) => userFor(email).resendConfirmationCode((err) => done(err)));
}

export function forgotPassword(email: string): Promise<void> {
  return call('forgotPassword', (done) =>
    userFor(email).forgotPassword({
      onSuccess: () => done(null),
      onFailure: (err) => done(err),
      inputVerificationCode: () => done(null),
    }),
  );
}

export function resetPassword(email: string, code: string, newPassword: string): Promise<void> {
  return call('resetPassword', (done) =>
    userFor(email).confirmPassword(code.trim(), newPassword, {
      onSuccess: () => done(null),
      onFailure: (err) => done(err),
    }),
  );
}

async function signedInUser(): Promise<CognitoUser> {
  const session = await currentSession();
  if (!session || !current) throw new AuthError('notLoggedIn', 'NoSession');
  return current;
}

export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  const user = await signedInUser();
  return call('changePassword', (done) => user.changePassword(oldPassword, newPassword, (err) => done(err)));
}

// ---------- two-factor (TOTP) ----------

export async function isTotpEnabled(): Promise<boolean> {
  const user = await signedInUser();
  const data = await call<{ UserMFASettingList?: string[]; PreferredMfaSetting?: string }>(
    'session',
    (done) => user.getUserData((err, d) => done(err, d), { bypassCache: true }),
  );
  return (
    (data.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA') ||
    data.PreferredMfaSetting === 'SOFTWARE_TOKEN_MFA'
  );
}

/** Starts setup: returns the shared secret for the authenticator app. */
export async function startTotpSetup(): Promise<string> {
  const user = await signedInUser();
  return call<string>('totp', (done) =>
    user.associateSoftwareToken({
      associateSecretCode: (secret) => done(null, secret),
      onFailure: (err) => done(err),
    }),
  );
}

/** Checks the first code from the app, then makes TOTP the preferred second factor. */
export async function finishTotpSetup(code: string): Promise<void> {
  const user = await signedInUser();
  await call('totp', (done) =>
    user.verifySoftwareToken(code.trim(), 'Tandem', {
      onSuccess: () => done(null),
      onFailure: (err) => done(err),
    }),
  );
  await call('totp', (done) =>
    user.setUserMfaPreference(null, { PreferredMfa: true, Enabled: true }, (err) => done(err)),
  );
}

export async function disableTotp(): Promise<void> {
  const user = await signedInUser();
  await call('totp', (done) =>
    user.setUserMfaPreference(null, { PreferredMfa: false, Enabled: false }, (err) => done(err)),
  );
}

// ---------- federated sign-in (hosted UI) ----------

export interface OAuthTokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

/** Stores tokens obtained from the hosted UI so the rest of the app sees a normal session. */
export function adoptTokens(tokens: OAuthTokens): void {
  const accessToken = new CognitoAccessToken({ AccessToken: tokens.accessToken });
  const session = new CognitoUserSession({
    IdToken: new CognitoIdToken({ IdToken: tokens.idToken }),
    AccessToken: accessToken,
    RefreshToken: new CognitoRefreshToken({ RefreshToken: tokens.refreshToken }),
  });
  const username =
    accessToken.payload.username ?? accessToken.payload['cognito:username'] ?? accessToken.payload.sub;
  const user = new CognitoUser({ Username: String(username), Pool: getPool() });
  // setSignInUserSession caches the tokens where getCurrentUser() finds them.
  user.setSignInUserSession(session);
  current = user;
}
