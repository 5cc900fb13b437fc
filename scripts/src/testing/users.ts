/**
 * Test and bench helper: makes a confirmed Cognito user on the local pool and signs it in, the way a
 * person would end up after sign-up and confirmation, without reading mail.
 */
import { randomUUID } from 'node:crypto';
import './stack-context.ts';
import {
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';

export interface StackEnv {
  COGNITO_USER_POOL_ID: string;
  COGNITO_CLIENT_ID: string;
  COGNITO_ENDPOINT: string;
  [key: string]: string;
}

export interface TestUser {
  email: string;
  password: string;
  accessToken: string;
  idToken: string;
  refreshToken: string;
  userId: string;
}

const clients = new Map<string, CognitoIdentityProviderClient>();
const cognitoFor = (endpoint: string) => {
  let c = clients.get(endpoint);
  if (!c) {
    c = new CognitoIdentityProviderClient({
      region: 'us-east-1',
      endpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    clients.set(endpoint, c);
  }
  return c;
};

export async function createUser(
  env: StackEnv,
  profile: { email?: string; firstName?: string; lastName?: string; password?: string } = {},
): Promise<TestUser> {
  const cognito = cognitoFor(env.COGNITO_ENDPOINT);
  const email = profile.email ?? `user-${randomUUID().slice(0, 8)}@example.com`;
  const password = profile.password ?? 'Passw0rd!long';
  await cognito.send(
    new SignUpCommand({
      ClientId: env.COGNITO_CLIENT_ID,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'given_name', Value: profile.firstName ?? 'Test' },
        { Name: 'family_name', Value: profile.lastName ?? 'User' },
      ],
    }),
  );
  await cognito.send(
    new AdminConfirmSignUpCommand({ UserPoolId: env.COGNITO_USER_POOL_ID, Username: email }),
  );
  return signIn(env, email, password);
}

export async function signIn(env: StackEnv, email: string, password: string): Promise<TestUser> {
  const r = await cognitoFor(env.COGNITO_ENDPOINT).send(
    new InitiateAuthCommand({
      ClientId: env.COGNITO_CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const a = r.AuthenticationResult;
  if (!a?.AccessToken || !a.IdToken || !a.RefreshToken)
    throw new Error(`Sign-in did not return tokens for ${email}`);
  const claims = JSON.parse(Buffer.from(a.AccessToken.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
  };
  return {
    email,
    password,
    accessToken: a.AccessToken,
    idToken: a.IdToken,
    refreshToken: a.RefreshToken,
    userId: claims.sub,
  };
}

/** A tiny API client for tests: JSON in and out, bearer token, raw status. */
export function apiClient(baseUrl: string, token?: string) {
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined && typeof body === 'string' ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    // biome-ignore lint/suspicious/noExplicitAny: test responses are inspected field by field
    return { status: res.status, headers: res.headers, body: json as any };
  };
  return {
    get: (p: string) => call('GET', p),
    post: (p: string, b?: unknown, h?: Record<string, string>) => call('POST', p, b, h),
    patch: (p: string, b?: unknown, h?: Record<string, string>) => call('PATCH', p, b, h),
    put: (p: string, b?: unknown) => call('PUT', p, b),
    delete: (p: string, b?: unknown) => call('DELETE', p, b),
    raw: (method: string, p: string, init: RequestInit) =>
      fetch(`${baseUrl}/api/v1${p}`, {
        method,
        ...init,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(init.headers as Record<string, string>),
        },
      }),
  };
}
