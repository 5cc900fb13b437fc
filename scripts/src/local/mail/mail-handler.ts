/**
 * HTTP side of the captured mail, mounted by the local gateway on the app's origin:
 * - `POST /_local/ses/v2/email/outbound-emails` — SES v2 SendEmail, as sent by @aws-sdk/client-sesv2
 *   with endpoint `<app>/_local/ses`; the mail is stored instead of sent.
 * - `GET /_local/mail` — a page listing mails newest first; `GET /_local/mail/<id>` shows one.
 * - `GET /_local/mail.json?to=&subject=&since=` — the same as JSON, for tests and scripts.
 * Captured mail holds sign-up and reset codes, so all of it answers loopback only: a request from
 * any other address (the gateway opened with HOST=0.0.0.0) gets 404, as if it did not exist. Nothing
 * of it exists in AWS, where SES sends the mail (infra/test/web.test.ts checks no route serves it).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isLoopback } from '../engines/ports.ts';
import type { Mail, MailStore } from './mail-store.ts';

const LOCAL_PREFIX = '/_local/';
const SES_SEND_PATH = '/_local/ses/v2/email/outbound-emails';
const MAX_BODY = 10 * 1024 * 1024; // SES's own limit for a message

/** The SendEmail fields the stand-in reads (Simple content; SES's JSON names). */
interface SendEmailBody {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[]; CcAddresses?: string[]; BccAddresses?: string[] };
  Content?: {
    Simple?: { Subject?: { Data?: string }; Body?: { Text?: { Data?: string }; Html?: { Data?: string } } };
  };
}

export type MailRequestHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

/** Returns true when the request is one of the mail routes (and answers it); false lets the gateway go on. */
export function mailRequestHandler(
  store: MailStore,
  opts: { defaultFrom?: string } = {},
): MailRequestHandler {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const p = url.pathname;
    if (!p.startsWith(LOCAL_PREFIX) && p !== '/_local') return false;
    if (!isLoopback(req.socket.remoteAddress)) {
      req.resume();
      send(res, 404, 'text/plain; charset=utf-8', 'Not found\n');
      return true;
    }
    let work: Promise<void> | undefined;
    if (req.method === 'POST' && p === SES_SEND_PATH) work = sendEmail(req, res, store, opts.defaultFrom);
    else if (req.method === 'GET' && p === '/_local/mail.json') work = listJson(url, res, store);
    else if (req.method === 'GET' && (p === '/_local/mail' || p === '/_local/mail/'))
      work = listPage(res, store);
    else if (req.method === 'GET' && p.startsWith('/_local/mail/')) work = mailPage(p.slice(13), res, store);
    if (!work) return false;
    work.catch((e: unknown) => {
      if (!res.headersSent) send(res, 500, 'application/json', JSON.stringify({ message: String(e) }));
      else res.destroy();
    });
    return true;
  };
}

async function sendEmail(req: IncomingMessage, res: ServerResponse, store: MailStore, defaultFrom?: string) {
  let body: SendEmailBody;
  try {
    body = JSON.parse((await readBody(req)).toString('utf8') || '{}') as SendEmailBody;
  } catch (e) {
    return sesError(res, 'BadRequestException', `Unreadable request body: ${(e as Error).message}`);
  }
  const d = body.Destination ?? {};
  const to = [...(d.ToAddresses ?? []), ...(d.CcAddresses ?? []), ...(d.BccAddresses ?? [])];
  const simple = body.Content?.Simple;
  if (!to.length) return sesError(res, 'BadRequestException', 'Destination has no addresses.');
  // Raw and template mails are not used by Tandem; refusing them loudly beats storing an empty mail.
  if (!simple)
    return sesError(res, 'BadRequestException', 'The local SES stand-in captures only Content.Simple.');
  const from = body.FromEmailAddress ?? defaultFrom;
  if (!from) return sesError(res, 'BadRequestException', 'FromEmailAddress is required.');
  await store.add({
    from,
    to,
    subject: simple.Subject?.Data ?? '',
    text: simple.Body?.Text?.Data ?? '',
    html: simple.Body?.Html?.Data ?? '',
  });
  send(res, 200, 'application/json', JSON.stringify({ MessageId: randomUUID() }));
}

async function listJson(url: URL, res: ServerResponse, store: MailStore) {
  const q = {
    to: url.searchParams.get('to') ?? undefined,
    subjectIncludes: url.searchParams.get('subject') ?? undefined,
    since: url.searchParams.get('since') ?? undefined,
  };
  send(res, 200, 'application/json', JSON.stringify(await store.list(q)));
}

async function listPage(res: ServerResponse, store: MailStore) {
  const mails = await store.list();
  const rows = mails
    .map(
      (m) =>
        `<tr><td>${esc(new Date(m.at).toLocaleString('en-GB'))}</td><td>${esc(m.to.join(', '))}</td><td><a href="/_local/mail/${m.id}">${esc(m.subject || '(no subject)')}</a></td></tr>`,
    )
    .join('\n');
  const body = mails.length
    ? `<table><thead><tr><th>When</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No mail yet. Mail the app sends (sign-up codes, password resets, reminders) shows up here.</p>';
  send(res, 200, 'text/html; charset=utf-8', page('Tandem — local mail', `<h1>Local mail</h1>${body}`));
}

async function mailPage(id: string, res: ServerResponse, store: MailStore) {
  const m: Mail | undefined = await store.get(id);
  if (!m)
    return send(
      res,
      404,
      'text/html; charset=utf-8',
      page('Not found', '<p>No such mail. <a href="/_local/mail">All mail</a></p>'),
    );
  // The HTML part runs in a sandboxed frame: it is shown as sent, but cannot script this page.
  const html = m.html
    ? `<h2>HTML</h2><iframe sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${esc(`<base target="_blank">${m.html}`)}"></iframe>`
    : '';
  const text = m.text ? `<h2>Text</h2><pre>${esc(m.text)}</pre>` : '';
  send(
    res,
    200,
    'text/html; charset=utf-8',
    page(
      m.subject,
      `<p><a href="/_local/mail">← All mail</a></p><h1>${esc(m.subject || '(no subject)')}</h1>
<dl><dt>From</dt><dd>${esc(m.from)}</dd><dt>To</dt><dd>${esc(m.to.join(', '))}</dd><dt>When</dt><dd>${esc(m.at)}</dd></dl>${html}${text}`,
    ),
  );
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#222}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #ddd;vertical-align:top}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}dt{font-weight:600}dd{margin:0}
iframe{width:100%;height:24rem;border:1px solid #ddd}pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}
</style></head><body>${body}</body></html>`;

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function send(res: ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

/** SES v2 REST-JSON error: the SDK reads the type from this header. */
function sesError(res: ServerResponse, type: string, message: string) {
  res.writeHead(400, { 'content-type': 'application/json', 'x-amzn-errortype': type });
  res.end(JSON.stringify({ message }));
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new Error('Request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
