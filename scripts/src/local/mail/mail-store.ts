/**
 * Captured mail: what SES would have sent, kept as one JSON file per mail under `<dataDir>/mail/` so a
 * person can read it in the viewer and tests can wait for it — from any process that knows the folder.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Mail {
  id: string;
  /** ISO 8601 instant the mail was captured. */
  at: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export type NewMail = Omit<Mail, 'id' | 'at'>;

export interface MailQuery {
  /** Only mails to this address (case-insensitive). */
  to?: string;
  subjectIncludes?: string;
  /** Only mails captured at or after this instant. */
  since?: Date | string;
}

const ID = /^[0-9]{13}-[0-9a-f]{8}$/;

/** The address inside `Name <addr@x>`, lower-cased, for matching. */
export const bareAddress = (s: string): string => (/<([^>]+)>/.exec(s)?.[1] ?? s).trim().toLowerCase();

export function matchesQuery(mail: Mail, q: MailQuery): boolean {
  if (q.to && !mail.to.some((t) => bareAddress(t) === bareAddress(q.to!))) return false;
  if (q.subjectIncludes && !mail.subject.includes(q.subjectIncludes)) return false;
  if (q.since && Date.parse(mail.at) < new Date(q.since).getTime()) return false;
  return true;
}

export class MailStore {
  constructor(readonly dir: string) {}

  async add(mail: NewMail): Promise<Mail> {
    await mkdir(this.dir, { recursive: true });
    const now = new Date();
    // Millisecond time first so file names sort by arrival; random tail keeps same-ms mails apart.
    const id = `${now.getTime()}-${randomBytes(4).toString('hex')}`;
    const stored: Mail = { id, at: now.toISOString(), ...mail };
    const file = path.join(this.dir, `${id}.json`);
    // Write then rename: a reader polling the folder never sees half a file.
    await writeFile(`${file}.tmp`, JSON.stringify(stored, null, 2));
    await rename(`${file}.tmp`, file);
    return stored;
  }

  async get(id: string): Promise<Mail | undefined> {
    if (!ID.test(id)) return undefined;
    try {
      return JSON.parse(await readFile(path.join(this.dir, `${id}.json`), 'utf8')) as Mail;
    } catch {
      return undefined;
    }
  }

  /** Newest first. */
  async list(q: MailQuery = {}, limit = 200): Promise<Mail[]> {
    let names: string[];
    try {
      names = (await readdir(this.dir))
        .filter((n) => n.endsWith('.json'))
        .sort()
        .reverse();
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
    const since = q.since === undefined ? undefined : new Date(q.since).getTime();
    const out: Mail[] = [];
    for (const name of names) {
      // Names start with the capture time in ms: once older than `since`, all the rest are too.
      if (since !== undefined && Number(name.slice(0, 13)) < since) break;
      const mail = await this.get(name.slice(0, -'.json'.length));
      if (mail && matchesQuery(mail, q)) out.push(mail);
      if (out.length >= limit) break;
    }
    return out;
  }
}
