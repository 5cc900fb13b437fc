/**
 * cognito-local as the web app uses it, through amazon-cognito-identity-js: sign-up with the code
 * mailed (our text), the post-confirmation trigger creating the Tandem user, USER_PASSWORD_AUTH,
 * password reset by mailed code, and TOTP two-factor.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { UserEntity } from '@tandem/functions/db/entities/user';
import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserAttribute,
  CognitoUserPool,
  type CognitoUserSession,
} from 'amazon-cognito-identity-js';
import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { MailStore, waitForMail } from '../src/local/mail/index.ts';

const env = process.env as Record<string, string>;
const pool = new CognitoUserPool({
  UserPoolId: env.COGNITO_USER_POOL_ID!,
  ClientId: env.COGNITO_CLIENT_ID!,
  endpoint: env.COGNITO_ENDPOINT,
});
// Read from the folder: these tests need no gateway.
const mail = new MailStore(path.join(env.LOCAL_DATA_DIR!, 'mail'));
const PASSWORD = 'Correct-horse-1';

const newEmail = () => `cognito-${randomUUID().slice(0, 8)}@example.com`;
const claims = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

const userOf = (email: string) => {
  const u = new CognitoUser({ Username: email, Pool: pool });
  u.setAuthenticationFlowType('USER_PASSWORD_AUTH'); // cognito-local has no SRP
  return u;
};

function signUp(email: string, firstName: string, password = PASSWORD): Promise<void> {
  const attrs = [
    new CognitoUserAttribute({ Name: 'email', Value: email }),
    new CognitoUserAttribute({ Name: 'given_name', Value: firstName }),
    new CognitoUserAttribute({ Name: 'family_name', Value: 'Lovelace' }),
    new CognitoUserAttribute({ Name: 'custom:user_type', Value: 'individual' }),
  ];
  return new Promise((resolve, reject) =>
    pool.signUp(email, password, attrs, [], (e) => (e ? reject(e) : resolve())),
  );
}

const confirm = (email: string, code: string) =>
  new Promise<void>((resolve, reject) =>
    userOf(email).confirmRegistration(code, true, (e) => (e ? reject(e) : resolve())),
  );

type SignInResult = { session: CognitoUserSession } | { totp: CognitoUser };
function signIn(email: string, password = PASSWORD): Promise<SignInResult> {
  const user = userOf(email);
  return new Promise((resolve, reject) =>
    user.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), {
      onSuccess: (session) => resolve({ session }),
      onFailure: reject,
      totpRequired: () => resolve({ totp: user }),
    }),
  );
}

async function signedUpUser(firstName = 'Ada') {
  const email = newEmail();
  const since = new Date();
  await signUp(email, firstName);
  const m = await waitForMail(mail, { to: email, subjectIncludes: 'Confirm your Tandem account', since });
  const code = /confirmation code is (\d{6})/.exec(m.text)?.[1];
  expect(code).toBeDefined();
  await confirm(email, code!);
  return { email, mail: m };
}

describe('cognito-local in the stack', () => {
  it('mails the sign-up code, confirms, creates the Tandem user and signs in', async () => {
    const { email, mail: m } = await signedUpUser('Ada');
    expect(m.to).toEqual([email]);
    expect(m.text).toContain('Hello Ada,');
    expect(m.html).toContain(`/verify-email?email=${encodeURIComponent(email)}`);

    const r = await signIn(email);
    if (!('session' in r)) throw new Error('expected tokens, got a TOTP challenge');
    const access = claims(r.session.getAccessToken().getJwtToken());
    expect(access).toMatchObject({
      iss: env.COGNITO_ISSUER,
      client_id: env.COGNITO_CLIENT_ID,
      token_use: 'access',
    });
    const id = claims(r.session.getIdToken().getJwtToken());
    expect(id).toMatchObject({ email, aud: env.COGNITO_CLIENT_ID });

    // PostConfirmation ran our trigger in-process, against the stack's DynamoDB.
    const { data } = await UserEntity.get({ userId: access.sub as string }).go();
    expect(data).toMatchObject({ email, firstName: 'Ada', lastName: 'Lovelace', typeId: 'individual' });
  });

  it('resends the sign-up code (ResendConfirmationCode, added to cognito-local) and the new one works', async () => {
    const email = newEmail();
    await signUp(email, 'Cy');
    const since = new Date();
    await new Promise<void>((resolve, reject) =>
      userOf(email).resendConfirmationCode((e) => (e ? reject(e) : resolve())),
    );
    const m = await waitForMail(mail, { to: email, subjectIncludes: 'Confirm your Tandem account', since });
    await confirm(email, /confirmation code is (\d{6})/.exec(m.text)![1]!);
    await expect(
      new Promise<void>((resolve, reject) =>
        userOf(email).resendConfirmationCode((e) => (e ? reject(e) : resolve())),
      ),
    ).rejects.toMatchObject({ code: 'InvalidParameterException' });
  });

  it('refuses a wrong code and an unconfirmed sign-in', async () => {
    const email = newEmail();
    await signUp(email, 'Bob');
    await expect(signIn(email)).rejects.toMatchObject({ code: 'UserNotConfirmedException' });
    await expect(confirm(email, '000000')).rejects.toMatchObject({ code: 'CodeMismatchException' });
  });

  it('mails a reset link with the code, and the new password works', async () => {
    const { email } = await signedUpUser('Grace');
    const user = userOf(email);
    const since = new Date();
    await new Promise<void>((resolve, reject) =>
      user.forgotPassword({ onSuccess: () => {}, onFailure: reject, inputVerificationCode: () => resolve() }),
    );
    const m = await waitForMail(mail, { to: email, subjectIncludes: 'Reset your Tandem password', since });
    const uid = Buffer.from(email).toString('base64url');
    const code = new RegExp(`/password-reset/${uid}/(\\d{6})`).exec(m.text)?.[1];
    expect(code).toBeDefined();
    expect(m.text).toContain('Hello Grace,');

    await new Promise<void>((resolve, reject) =>
      user.confirmPassword(code!, 'Another-pass-2', { onSuccess: () => resolve(), onFailure: reject }),
    );
    // Cognito's answer to a wrong password (cognito-local's own would be InvalidPasswordException).
    await expect(signIn(email)).rejects.toMatchObject({
      code: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect(await signIn(email, 'Another-pass-2')).toHaveProperty('session');
  });

  it('holds the password policy of the AWS user pool on sign-up, reset and change', async () => {
    const policyError = {
      code: 'InvalidPasswordException',
      message: expect.stringMatching(/^Password did not conform with policy: /),
    };
    // The 5-character password cognito-local used to accept, and one without a digit.
    await expect(signUp(newEmail(), 'Short', 'abcde')).rejects.toMatchObject({
      ...policyError,
      message: 'Password did not conform with policy: Password not long enough',
    });
    await expect(signUp(newEmail(), 'Nodigit', 'no-digits-here')).rejects.toMatchObject({
      ...policyError,
      message: 'Password did not conform with policy: Password must have numeric characters',
    });

    const { email } = await signedUpUser('Policy');
    const user = userOf(email);
    const since = new Date();
    await new Promise<void>((resolve, reject) =>
      user.forgotPassword({ onSuccess: () => {}, onFailure: reject, inputVerificationCode: () => resolve() }),
    );
    const m = await waitForMail(mail, { to: email, subjectIncludes: 'Reset your Tandem password', since });
    const code = /\/password-reset\/[^/]+\/(\d{6})/.exec(m.text)?.[1];
    await expect(
      new Promise<void>((resolve, reject) =>
        user.confirmPassword(code!, 'short1', { onSuccess: () => resolve(), onFailure: reject }),
      ),
    ).rejects.toMatchObject(policyError);

    const session = userOf(email);
    await new Promise((resolve, reject) =>
      session.authenticateUser(new AuthenticationDetails({ Username: email, Password: PASSWORD }), {
        onSuccess: resolve,
        onFailure: reject,
      }),
    );
    await expect(
      new Promise<void>((resolve, reject) =>
        session.changePassword(PASSWORD, 'abc', (e) => (e ? reject(e) : resolve())),
      ),
    ).rejects.toMatchObject(policyError);
    // Nothing changed: the old password still signs in.
    expect(await signIn(email)).toHaveProperty('session');
  });

  it('sets up TOTP two-factor and then asks for it at sign-in', async () => {
    const { email } = await signedUpUser();
    const first = await signIn(email);
    if (!('session' in first)) throw new Error('expected tokens');
    // The signed-in CognitoUser from signIn is gone; this one carries the session for the MFA calls.
    const user = userOf(email);
    user.setSignInUserSession(first.session);

    const secret = await new Promise<string>((resolve, reject) =>
      user.associateSoftwareToken({ associateSecretCode: resolve, onFailure: reject }),
    );
    await new Promise<void>((resolve, reject) =>
      user.verifySoftwareToken(generateSync({ secret }), 'Test phone', {
        onSuccess: () => resolve(),
        onFailure: reject,
      }),
    );
    await new Promise<void>((resolve, reject) =>
      user.setUserMfaPreference(null, { PreferredMfa: true, Enabled: true }, (e) =>
        e ? reject(e) : resolve(),
      ),
    );

    const second = await signIn(email);
    if (!('totp' in second)) throw new Error('expected a TOTP challenge');
    await expect(
      new Promise((resolve, reject) =>
        second.totp.sendMFACode('000000', { onSuccess: resolve, onFailure: reject }, 'SOFTWARE_TOKEN_MFA'),
      ),
    ).rejects.toBeTruthy();

    const third = await signIn(email);
    if (!('totp' in third)) throw new Error('expected a TOTP challenge');
    const session = await new Promise<CognitoUserSession>((resolve, reject) =>
      third.totp.sendMFACode(
        generateSync({ secret }),
        { onSuccess: resolve, onFailure: reject },
        'SOFTWARE_TOKEN_MFA',
      ),
    );
    expect(claims(session.getAccessToken().getJwtToken())).toMatchObject({ iss: env.COGNITO_ISSUER });
  });
});
