/**
 * The local product is one origin on one port: the web config names only the gateway, sign-up and
 * sign-in reach cognito-local through it (gateway/cognito-proxy.ts), a browser signing in asks
 * nothing of any other port, and stored files (avatars) are linked and served on it too
 * (gateway/s3-proxy.ts).
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RuntimeConfig } from '@tandem/shared';
import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserAttribute,
  CognitoUserPool,
  type CognitoUserSession,
} from 'amazon-cognito-identity-js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../src/local/engines/ports.ts';
import { COGNITO_PATH, cognitoProxy } from '../src/local/gateway/cognito-proxy.ts';
import { s3Proxy } from '../src/local/gateway/s3-proxy.ts';
import { waitForMail } from '../src/local/mail/wait-for-mail.ts';
import { type BrowserSession, openBrowser } from '../src/testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url } = inject('stack');
const PASSWORD = 'Correct-horse-1';
let config: RuntimeConfig;

beforeAll(async () => {
  config = (await (await fetch(`${url}/config.json`)).json()) as RuntimeConfig;
});

/** Every origin (scheme, host, port) a text names. */
const originsIn = (text: string) =>
  [...text.matchAll(/\b(?:https?|wss?):\/\/[^/"'\s]+/g)].map((m) => new URL(m[0]).port || '80');

describe('one origin', () => {
  it('the web config names the gateway only, Cognito under it', () => {
    const port = new URL(url).port;
    expect(config.cognito.endpoint).toBe(`${url}${COGNITO_PATH}`);
    expect(originsIn(JSON.stringify(config))).toEqual([port, port, port]);
  });

  it('signs up, confirms and signs in through the gateway, and the API takes the token', async () => {
    const pool = new CognitoUserPool({
      UserPoolId: config.cognito.userPoolId,
      ClientId: config.cognito.clientId,
      endpoint: config.cognito.endpoint,
    });
    const email = `origin-${randomUUID().slice(0, 8)}@example.com`;
    const since = new Date();
    const attrs = [
      ['email', email],
      ['given_name', 'Olga'],
      ['family_name', 'Origin'],
      ['custom:user_type', 'individual'],
    ].map(([Name, Value]) => new CognitoUserAttribute({ Name: Name!, Value: Value! }));
    await new Promise<void>((resolve, reject) =>
      pool.signUp(email, PASSWORD, attrs, [], (e) => (e ? reject(e) : resolve())),
    );
    const mail = await waitForMail(url, { to: email, subjectIncludes: 'Confirm', since });
    const user = new CognitoUser({ Username: email, Pool: pool });
    user.setAuthenticationFlowType('USER_PASSWORD_AUTH');
    await new Promise<void>((resolve, reject) =>
      user.confirmRegistration(/code is (\d{6})/.exec(mail.text)![1]!, true, (e) =>
        e ? reject(e) : resolve(),
      ),
    );
    // A Cognito error comes back through the gateway as Cognito sent it.
    await expect(
      new Promise((resolve, reject) =>
        user.authenticateUser(new AuthenticationDetails({ Username: email, Password: 'Wrong-pass-1' }), {
          onSuccess: resolve,
          onFailure: reject,
        }),
      ),
    ).rejects.toMatchObject({ code: 'NotAuthorizedException' });
    const session = await new Promise<CognitoUserSession>((resolve, reject) =>
      user.authenticateUser(new AuthenticationDetails({ Username: email, Password: PASSWORD }), {
        onSuccess: resolve,
        onFailure: reject,
      }),
    );
    const res = await fetch(`${config.apiUrl}/user/config/`, {
      headers: { authorization: `Bearer ${session.getAccessToken().getJwtToken()}` },
    });
    expect(res.status).toBe(200);
  });

  it('a browser signing in asks only the gateway origin', async () => {
    // The account, made directly (this test is about the browser's requests, not sign-up).
    const email = `origin-web-${randomUUID().slice(0, 8)}@example.com`;
    const pool = new CognitoUserPool({
      UserPoolId: config.cognito.userPoolId,
      ClientId: config.cognito.clientId,
      endpoint: config.cognito.endpoint,
    });
    const since = new Date();
    await new Promise<void>((resolve, reject) =>
      pool.signUp(
        email,
        PASSWORD,
        [
          new CognitoUserAttribute({ Name: 'email', Value: email }),
          new CognitoUserAttribute({ Name: 'given_name', Value: 'Wanda' }),
          new CognitoUserAttribute({ Name: 'family_name', Value: 'Web' }),
          new CognitoUserAttribute({ Name: 'custom:user_type', Value: 'individual' }),
        ],
        [],
        (e) => (e ? reject(e) : resolve()),
      ),
    );
    const mail = await waitForMail(url, { to: email, subjectIncludes: 'Confirm', since });
    await new Promise<void>((resolve, reject) =>
      new CognitoUser({ Username: email, Pool: pool }).confirmRegistration(
        /code is (\d{6})/.exec(mail.text)![1]!,
        true,
        (e) => (e ? reject(e) : resolve()),
      ),
    );

    let browser: BrowserSession | undefined;
    try {
      browser = await openBrowser();
      const { page } = browser;
      const asked = new Set<string>();
      let cognitoCalls = 0;
      page.on('request', (r) => {
        asked.add(new URL(r.url()).origin);
        if (new URL(r.url()).pathname.startsWith(COGNITO_PATH)) cognitoCalls++;
      });
      await page.goto(`${url}/login`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${url}/`);
      await expect.poll(() => page.getByTestId('header-user-name').textContent()).toContain('Wanda');
      expect(cognitoCalls).toBeGreaterThan(0);
      expect([...asked]).toEqual([new URL(url).origin]);
    } finally {
      await browser?.close();
    }
  });
});

describe('stored files through the gateway', () => {
  it('an avatar link names the app origin and answers the image there', async () => {
    const user = await createUser(inject('stack').env as StackEnv);
    const api = apiClient(url, user.accessToken);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('0000000d4948445200000001000000010806000000', 'hex'),
    ]);
    const body = new FormData();
    body.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const up = await api.raw('POST', '/user/avatar/', { body });
    expect(up.status).toBe(201);
    const { original_url } = (await up.json()) as { original_url: string };
    expect(new URL(original_url).origin).toBe(new URL(url).origin);
    const img = await fetch(original_url);
    expect(img.status).toBe(200);
    expect(Buffer.from(await img.arrayBuffer()).equals(png)).toBe(true);
  });

  it('answers 503 ServiceUnavailable when s3rver does not answer, and leaves other paths alone', async () => {
    const handler = s3Proxy(`http://127.0.0.1:${await freePort()}`, 'bucket-x');
    const server = createServer(async (req, res) => {
      if (!(await handler(req, res))) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await fetch(`${base}/bucket-x/avatars/a?X-Amz-Signature=1`);
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('<Code>ServiceUnavailable</Code>');
      expect((await fetch(`${base}/bucket-xy/a`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('Cognito through the gateway', () => {
  let closeServer: (() => Promise<void>) | undefined;
  afterAll(async () => closeServer?.());

  it('answers 503 NetworkError when cognito-local does not answer, and keeps serving', async () => {
    // Nothing listens on this port.
    const handler = cognitoProxy(`http://localhost:${await freePort()}`);
    const server = createServer(async (req, res) => {
      if (!(await handler(req, res))) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closeServer = () => new Promise((resolve) => server.close(() => resolve()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${base}${COGNITO_PATH}`, {
        method: 'POST',
        headers: { 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
        body: '{}',
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ __type: 'NetworkError' });
    }
    // Only its own path: the rest is left to the gateway's other handlers.
    expect((await fetch(`${base}/cognito-idpx`)).status).toBe(404);
  });
});
