/**
 * Outgoing e-mail through SES v2. Locally SES_ENDPOINT points at the stack's capture, which stores the
 * mail for a person to read instead of sending it; the code here is the same either way.
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { env } from './env.ts';

const endpoint = env.sesEndpoint;
const ses = new SESv2Client({ region: env.region, ...(endpoint ? { endpoint } : {}) });

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export async function sendMail(mail: Mail): Promise<void> {
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
