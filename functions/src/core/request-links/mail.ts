/** The e-mail a requester gets when their request is in (decisions D68): the link's confirmation texts. */
import type { Mail } from '../../lib/mailer.ts';
import type { StoredConfig } from './links.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function requestMail(
  r: { requesterName: string; requesterEmail: string; requestType: string; companyName: string },
  c: StoredConfig['confirmationConfig'],
  _appUrl: string,
): Mail {
  const lines = [c.confirmationMessage, c.nextSteps, c.responseTimePromise, c.businessHours].filter(
    (l) => l !== '',
  );
  return {
    to: r.requesterEmail,
    subject: `${r.companyName}: we received your request (${r.requestType})`,
    text: `Hello ${r.requesterName},\n\n${lines.join('\n\n')}`,
    html: `<p>Hello ${esc(r.requesterName)},</p>${lines.map((l) => `<p>${esc(l)}</p>`).join('')}`,
  };
}
