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

    // Saving the schedule again invites nobody again (a longer meeting is a notice, not an invitation).
    await ann.api.patch(`/task/schedule/${t.id}`, { duration: 90 });
    await waitForMail(stack.url, { to: guest, subjectIncludes: `moved ${title}`, since });
    expect(
      await findMail(stack.url, { to: guest, subjectIncludes: `invited you: ${title}`, since }),
    ).toHaveLength(1);
  });

  test('attendees already invited are told when the meeting moves; one who declined, or invited by the move, is not', async () => {
    const ann = await person('Ann');
    const title = `Standup ${randomUUID().slice(0, 6)}`;
    const group = await privateGroup(ann.api);
    const t = (await ann.api.post('/task', { title, group })).body.results[0] as { id: string };
    const [kept, declined, late] = ['kept', 'declined', 'late'].map(
      (n) => `${n}-${randomUUID().slice(0, 8)}@example.com`,
    ) as [string, string, string];
    const first = DateTime.utc().plus({ days: 3 }).set({ hour: 9, minute: 0, second: 0, millisecond: 0 });
    const since = new Date();
    expect(
      (
        await ann.api.patch(`/task/schedule/${t.id}`, {
          start_date: first.toISO(),
          duration: 30,
          timezone: 'Europe/Paris',
          scheduled_attendees: [{ email: kept }, { email: declined }],
        })
      ).status,
    ).toBe(200);
    const keyOf = (text: string) => /accept-attendee-invite\?key=([A-Za-z0-9_-]+)/.exec(text)![1]!;
    const declinedMail = await waitForMail(stack.url, { to: declined, subjectIncludes: title, since });
    await waitForMail(stack.url, { to: kept, subjectIncludes: title, since });
    const answer = await publicApi().post('/task/schedule/invitation/request', {
      key: keyOf(declinedMail.text),
      action: 0,
    });
    expect(answer.status).toBeLessThan(300);

    // The title alone changes nothing of the meeting's time: nobody is told.
    const moved = new Date();
    expect((await ann.api.patch(`/task/${t.id}`, { title: `${title} (daily)` })).status).toBe(200);
    expect(
      (
        await ann.api.patch(`/task/schedule/${t.id}`, {
          start_date: first.plus({ hours: 2 }).toISO(),
          scheduled_attendees: [{ email: kept }, { email: declined }, { email: late }],
        })
      ).status,
    ).toBe(200);
    const notice = await waitForMail(stack.url, { to: kept, subjectIncludes: 'moved', since: moved });
    expect(notice.subject).toBe(`Ann Test moved ${title} (daily)`);
    expect(notice.text).toContain(
      `${first.plus({ hours: 2 }).setZone('Europe/Paris').toFormat('HH:mm')} (Europe/Paris)`,
    );
    // The one invited by this change gets the invitation, not a notice; the one who declined, nothing.
    const lateMail = await waitForMail(stack.url, { to: late, subjectIncludes: title, since: moved });
    expect(lateMail.subject).toBe(`Ann Test invited you: ${title} (daily)`);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await findMail(stack.url, { to: declined, subjectIncludes: 'moved', since: moved })).toEqual([]);
    expect(await findMail(stack.url, { to: late, subjectIncludes: 'moved', since: moved })).toEqual([]);
  });
});
