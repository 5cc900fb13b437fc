/**
 * A real CalDAV server for tests (decisions D70): Debian's Radicale, started on a free port with a
 * throwaway storage folder and plain htpasswd users, stopped after. `.ci/run` installs the package
 * when it is missing, as it does chromium.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../engines/ports.ts';

export interface Radicale {
  /** The server's root (…/), what a person types as the server address. */
  url: string;
  username: string;
  password: string;
  /** Makes a calendar collection of the user and answers its URL. */
  makeCalendar(name: string): Promise<string>;
  /** A CalDAV request as the user (PUT, GET, DELETE, PROPFIND…). */
  request(method: string, url: string, body?: string, headers?: Record<string, string>): Promise<Response>;
  stop(): Promise<void>;
}

export async function startRadicale(binary = '/usr/bin/radicale'): Promise<Radicale> {
  const dir = await mkdtemp(path.join(tmpdir(), 'radicale-'));
  const username = 'person';
  const password = randomBytes(9).toString('base64url');
  await writeFile(path.join(dir, 'users'), `${username}:${password}\n`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const child: ChildProcess = spawn(
    binary,
    [
      '--config',
      '',
      '--server-hosts',
      `127.0.0.1:${port}`,
      '--storage-filesystem-folder',
      path.join(dir, 'collections'),
      '--auth-type',
      'htpasswd',
      '--auth-htpasswd-filename',
      path.join(dir, 'users'),
      '--auth-htpasswd-encryption',
      'plain',
      '--logging-level',
      'warning',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  const auth = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const request = (method: string, to: string, body?: string, headers: Record<string, string> = {}) =>
    fetch(new URL(to, url), {
      method,
      headers: { authorization: auth, ...headers },
      ...(body ? { body } : {}),
    });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Radicale exited: ${stderr}`);
    try {
      await fetch(url);
      break;
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`Radicale did not start: ${stderr}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    username,
    password,
    request,
    stop,
    async makeCalendar(name) {
      const at = `${url}${username}/${randomBytes(6).toString('hex')}/`;
      const r = await request(
        'MKCALENDAR',
        at,
        `<?xml version="1.0" encoding="utf-8"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop><D:displayname>${name}</D:displayname></D:prop></D:set></C:mkcalendar>`,
        { 'content-type': 'application/xml' },
      );
      if (r.status !== 201) throw new Error(`MKCALENDAR answered ${r.status}: ${await r.text()}`);
      return at;
    },
  };
}
