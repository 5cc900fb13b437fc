/**
 * Meeting invitations through the one notification path (decisions D46): saving a schedule with
 * attendees queues a telling, and the stream consumer tells each attendee with template `calendar`
 * through tell() — the e-mail (always: its link is the only answer) and, for an address with an
 * account, the in-app notification, which opens the same answer page. The queued item (it holds the
 * answer link) is gone once told.
 */
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { describe, expect, test } from 'vitest';
import { findMail, waitForMail } from '../../../scripts/src/local/mail/wait-for-mail.ts';
import { person, privateGroup, publicApi, stack } from './support.ts';

type Listed = {
  results: Array<{
    id: string;
    template_name: string;
    variables: Record<string, string>;
    actions: { open: string };
  }>;
};

describe('meeting invitations', () => {
  test('each attendee is told with template calendar: e-mail always, in-app for an account, both answering with the same key', async () => {
    const ann = await person('Ann');
    const cy = await person('Cy');
    // E-mail switched off for meeting invitations: it is sent anyway (the only way to answer).
    await cy.api.patch('/user/config/', { notifications: { kinds: { calendar: { email: false } } } });
    const title = `Review ${randomUUID().slice(0, 6)}`;
    const group = await privateGroup(ann.api);
    const t = (await ann.api.post('/task', { title, group })).body.results[0] as { id: string };
    const guest = `guest-${randomUUID().slice(0, 8)}@example.com`;
    const since = new Date();
    const saved = await ann.api.patch(`/task/schedule/${t.id}`, {
      start_date: DateTime.utc().plus({ days: 3 }).set({ hour: 14, minute: 0, second: 0 }).toISO(),
      duration: 60,
      timezone: 'Europe/Paris',
      meeting_template: 'review',
      scheduled_attendees: [{ email: guest }, { email: cy.email }],
    });
    expect(saved.status).toBe(200);

    const keyOf = (text: string) => /accept-attendee-invite\?key=([A-Za-z0-9_-]+)/.exec(text)![1]!;
    const guestMail = await waitForMail(stack.url, { to: guest, subjectIncludes: title, since });
    expect(guestMail.subject).toBe(`Ann Test invited you: ${title}`);
    const cyMail = await waitForMail(stack.url, { to: cy.email, subjectIncludes: title, since });

    // Cy has an account: the notification too, opening the answer page with the e-mail's key.
    let listed: Listed['results'] = [];
    await expect
      .poll(async () => {
        listed = ((await cy.api.get('/notifications/?page=1&offset=0&limit=100')).body as Listed).results;
        return listed.filter((n) => n.template_name === 'calendar').length;
      })
      .toBe(1);
    const note = listed.find((n) => n.template_name === 'calendar')!;
    expect(note.variables).toMatchObject({ task_title: title, by_name: 'Ann Test' });
    expect(note.actions.open).toBe(`/accept-attendee-invite?key=${keyOf(cyMail.text)}`);
    expect(
      (await publicApi().get(`/task/schedule/invitation/request?key=${keyOf(cyMail.text)}`)).body,
    ).toMatchObject({ email: cy.email, task: { title } });

    // The queued items (they held the answer links) are deleted once told.
    const { documentClient } = await import('@tandem/functions/db/client');
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const { hashKey } = await import('@tandem/functions/core/groups/invitations');
    const { env } = await import('@tandem/functions/lib/env');
    const queued = async (key: string) =>
      (
        await documentClient.send(
          new QueryCommand({
            TableName: env.tableName,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': `TELLOUT#${hashKey(key)}` },
          }),
        )
      ).Items ?? [];
    await expect.poll(async () => (await queued(keyOf(guestMail.text))).length).toBe(0);
    await expect.poll(async () => (await queued(keyOf(cyMail.text))).length).toBe(0);

    // Saving the schedule again invites nobody again.
    await ann.api.patch(`/task/schedule/${t.id}`, { duration: 90 });
    await new Promise((r) => setTimeout(r, 500));
    expect(await findMail(stack.url, { to: guest, subjectIncludes: title, since })).toHaveLength(1);
  });
});
