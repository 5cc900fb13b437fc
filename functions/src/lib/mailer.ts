/**
 * Outgoing e-mail through SES v2. Locally SES_ENDPOINT points at the stack's capture, which stores the
 * mail for a person to read instead of sending it; the code here is the same either way. The SDK
 * client is loaded with the first mail (docs/decisions.md D35): most calls of a mailing route send
 * none, and a cold start should not pay for it.
 */
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { env } from './env.ts';

let ses: SESv2Client | undefined;

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export async function sendMail(mail: Mail): Promise<void> {
  const { SESv2Client, SendEmailCommand } = await import('@aws-sdk/client-sesv2');
  const endpoint = env.sesEndpoint;
  ses ??= new SESv2Client({ region: env.region, ...(endpoint ? { endpoint } : {}) });
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: env.mailFrom,
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
        },
      },
    }),
  );
}
