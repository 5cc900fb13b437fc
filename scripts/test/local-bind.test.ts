/**
 * Every local server listens on loopback unless HOST says otherwise (the shared test stack runs with
 * HOST unset). Checked on the real sockets: each engine's port answers on 127.0.0.1 and refuses a
 * connection made to this machine's own non-loopback address. The captured mail is answered on
 * loopback only, even when HOST opens the gateway to the network.
 */
import net from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isLoopback } from '../src/local/engines/ports.ts';
import { readState } from '../src/local/engines/state.ts';
import type { Gateway } from '../src/local/gateway/index.ts';
import { MailStore, mailRequestHandler } from '../src/local/mail/index.ts';

/** This machine's first non-internal IPv4 address: reachable from the network if a server binds it. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

/** 'open' when a TCP connection to host:port is accepted, 'refused' when it is not. */
const probe = (host: string, port: number) =>
  new Promise<'open' | 'refused'>((resolve) => {
    const socket = net.connect({ host, port, timeout: 5000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve('open');
    });
    socket.once('error', () => resolve('refused'));
    socket.once('timeout', () => {
      socket.destroy();
      resolve('refused');
    });
  });

const portOf = (url: string) => Number(new URL(url).port);

describe('local servers bind loopback by default', () => {
  it('knows loopback addresses', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopback(a)).toBe(true);
    for (const a of ['192.0.2.2', '10.0.0.1', '::ffff:192.0.2.2', 'fd00::2', '', undefined])
      expect(isLoopback(a)).toBe(false);
  });

  it.skipIf(!outsideAddress)(
    'gateway, DynamoDB Local, s3rver and cognito-local refuse connections from the network',
    async () => {
      const { url, env } = inject('stack');
      // The handlers reach s3rver through the gateway; its own port is in the stack's state.
      const { ports } = await readState(env.LOCAL_DATA_DIR!);
      const servers = {
        gateway: portOf(url),
        dynamodb: portOf(env.DYNAMODB_ENDPOINT!),
        s3: ports!.s3!,
        cognito: portOf(env.COGNITO_ENDPOINT!),
      };
      for (const [name, port] of Object.entries(servers)) {
        expect({ name, loopback: await probe('127.0.0.1', port) }).toEqual({ name, loopback: 'open' });
        expect({ name, network: await probe(outsideAddress!, port) }).toEqual({ name, network: 'refused' });
      }
    },
  );
});

describe('the captured mail answers loopback only', () => {
  let gateway: Gateway;
  const store = new MailStore(`${tmpdir()}/tandem-bind-mail-${process.pid}`);

  beforeAll(async () => {
    const { startGateway } = await import('../src/local/gateway/index.ts');
    const { env } = inject('stack');
    gateway = await startGateway({
      port: 0,
      // As with HOST=0.0.0.0: the gateway is open to the network, the mail must not be.
      host: '0.0.0.0',
      webDistDir: tmpdir(),
      runtimeConfig: {
        apiUrl: 'http://localhost/api/v1',
        wsUrl: 'ws://localhost/ws',
        buildVersion: 'test',
        cognito: {
          region: 'us-east-1',
          userPoolId: env.COGNITO_USER_POOL_ID!,
          clientId: env.COGNITO_CLIENT_ID!,
        },
      },
      jwt: { issuer: env.COGNITO_ISSUER!, clientId: env.COGNITO_CLIENT_ID!, jwksUri: env.COGNITO_JWKS_URI! },
      extraHandlers: [mailRequestHandler(store)],
    });
  });
  afterAll(() => gateway?.close());

  it.skipIf(!outsideAddress)('serves /_local/mail on loopback and 404 to the network', async () => {
    const port = portOf(gateway.url);
    expect((await fetch(`http://127.0.0.1:${port}/_local/mail`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/_local/mail.json`)).status).toBe(200);
    for (const p of ['/_local/mail', '/_local/mail.json', '/_local/mail/1700000000000-abcdef12']) {
      const res = await fetch(`http://${outsideAddress}:${port}${p}`);
      expect({ p, status: res.status }).toEqual({ p, status: 404 });
      expect(await res.text()).not.toContain('Local mail');
    }
    const send = await fetch(`http://${outsideAddress}:${port}/_local/ses/v2/email/outbound-emails`, {
      method: 'POST',
      body: '{}',
    });
    expect(send.status).toBe(404);
  });
});
