/** Test helper: waits until a matching mail has been captured, read from the store or over HTTP. */
import { type Mail, type MailQuery, MailStore } from './mail-store.ts';

/**
 * Resolves with the newest mail matching `q`, polling every 100 ms. `source` is a MailStore (same
 * machine, no gateway needed) or the app's base URL (reads `GET /_local/mail.json`). Pass `since`
 * (e.g. the time before the action) when the same recipient may already have a matching mail.
 */
export async function waitForMail(
  source: MailStore | string,
  q: MailQuery,
  timeoutMs = 30_000,
): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [mail] = await findMail(source, q, 1);
    if (mail) return mail;
    if (Date.now() > deadline) {
      throw new Error(`No mail matching ${JSON.stringify(q)} within ${timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The captured mails matching `q`, newest first (at most `limit` from a store; the page's 200 over HTTP). */
export async function findMail(source: MailStore | string, q: MailQuery, limit = 200): Promise<Mail[]> {
  if (source instanceof MailStore) return source.list(q, limit);
  const url = new URL('/_local/mail.json', source);
  if (q.to) url.searchParams.set('to', q.to);
  if (q.subjectIncludes) url.searchParams.set('subject', q.subjectIncludes);
  if (q.since) url.searchParams.set('since', new Date(q.since).toISOString());
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  return (await res.json()) as Mail[];
}
