/**
 * The captured mail on its own HTTP server (the gateway mounts the same handler): the real SES v2
 * client sends to it, the JSON list and the viewer show what was sent.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Mail, MailStore, mailRequestHandler, waitForMail } from '../src/local/mail/index.ts';

let dir: string;
let store: MailStore;
let server: http.Server;
let base: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tandem-mail-'));
  store = new MailStore(dir);
  const handle = mailRequestHandler(store);
  server = http.createServer((req, res) => {
    if (!handle(req, res)) res.writeHead(404).end('not a mail route');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await rm(dir, { recursive: true, force: true });
});

const ses = () =>
  new SESv2Client({
    endpoint: `${base}/_local/ses`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });

describe('captured mail', () => {
  it('stores what SESv2 SendEmail sends and lists it newest first', async () => {
    const send = (subject: string) =>
      ses().send(
        new SendEmailCommand({
          FromEmailAddress: 'Tandem <no-reply@tandem.local>',
          Destination: { ToAddresses: ['Ada <Ada@Example.com>'], CcAddresses: ['cc@example.com'] },
          Content: {
            Simple: {
              Subject: { Data: subject },
              Body: {
                Text: { Data: `${subject} as text` },
                Html: { Data: `<p>${subject} <b>as html</b></p>` },
              },
            },
          },
        }),
      );
    const r = await send('First <reminder>');
    expect(r.MessageId).toMatch(/\w/);
    await send('Second');

    const res = await fetch(`${base}/_local/mail.json?to=ada@example.com`);
    const mails = (await res.json()) as Mail[];
    expect(mails.map((m) => m.subject)).toEqual(['Second', 'First <reminder>']);
    expect(mails[1]).toMatchObject({
      from: 'Tandem <no-reply@tandem.local>',
      to: ['Ada <Ada@Example.com>', 'cc@example.com'],
      text: 'First <reminder> as text',
      html: '<p>First <reminder> <b>as html</b></p>',
    });

    const list = await (await fetch(`${base}/_local/mail`)).text();
    expect(list).toContain('First &lt;reminder&gt;');
    expect(list.indexOf('Second')).toBeLessThan(list.indexOf('First &lt;reminder&gt;'));
    const one = await fetch(`${base}/_local/mail/${mails[1]!.id}`);
    expect(one.headers.get('content-type')).toContain('text/html');
    expect(await one.text()).toContain('First &lt;reminder&gt; as text');
    expect((await fetch(`${base}/_local/mail/..%2Fstack`)).status).toBe(404);
  });

  it('answers SES errors the SDK understands', async () => {
    await expect(
      ses().send(
        new SendEmailCommand({ FromEmailAddress: 'a@b.c', Destination: { ToAddresses: [] }, Content: {} }),
      ),
    ).rejects.toMatchObject({ name: 'BadRequestException' });
  });

  it('waitForMail finds a mail over HTTP and in the folder, after `since`', async () => {
    const since = new Date();
    setTimeout(
      () => void store.add({ from: 'x@y.z', to: ['late@example.com'], subject: 'Later', text: '', html: '' }),
      300,
    );
    const viaHttp = await waitForMail(
      base,
      { to: 'late@example.com', subjectIncludes: 'Later', since },
      5000,
    );
    const viaStore = await waitForMail(store, { to: 'LATE@example.com', since }, 1000);
    expect(viaStore.id).toBe(viaHttp.id);
    await expect(waitForMail(store, { to: 'nobody@example.com' }, 300)).rejects.toThrow(/No mail matching/);
  });
});

describe('captured mail through the stack gateway', () => {
  it('is served on the app origin, and SES_ENDPOINT stores what handlers send', async () => {
    const { url, env } = inject('stack');
    const to = `gw-${Date.now()}@example.com`;
    const client = new SESv2Client({
      endpoint: env.SES_ENDPOINT,
      region: env.AWS_REGION,
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! },
    });
    await client.send(
      new SendEmailCommand({
        FromEmailAddress: 'Tandem <no-reply@tandem.local>',
        Destination: { ToAddresses: [to] },
        Content: { Simple: { Subject: { Data: 'Via gateway' }, Body: { Text: { Data: 'hi' } } } },
      }),
    );
    expect((await waitForMail(url, { to }, 5000)).subject).toBe('Via gateway');
    expect(await (await fetch(`${url}/_local/mail`)).text()).toContain('Via gateway');
    const config = await (await fetch(`${url}/config.json`)).json();
    expect(config).toMatchObject({
      apiUrl: `${url}/api/v1`,
      cognito: {
        userPoolId: env.COGNITO_USER_POOL_ID,
        clientId: env.COGNITO_CLIENT_ID,
        // cognito-local through the gateway (one-origin.test.ts).
        endpoint: `${url}/cognito-idp`,
      },
    });
  });
});
