/**
 * The public invitation pages for a delegated task and a scheduled task's attendee, opened signed out
 * from the e-mailed link: the invitation is shown, accepted once, and a second visit says so.
 */
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { waitForMail } from '../src/local/mail/wait-for-mail.ts';
import { type BrowserSession, openBrowser } from '../src/testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
let s: BrowserSession;
let api: ReturnType<typeof apiClient>;
let group: string;

beforeAll(async () => {
  const user = await createUser(env as StackEnv, { firstName: 'Iris', password: 'Correct-Horse-9' });
  api = apiClient(url, user.accessToken);
  group = (await api.get('/group/member')).body.results[0].id;
  s = await openBrowser();
});
afterAll(async () => {
  await s?.close();
});

const linkIn = (text: string, path: string) =>
  new RegExp(`(http\\S+${path}\\?key=[A-Za-z0-9_-]+)`).exec(text)![1]!;

describe('public invitation pages', () => {
  it('a delegation is accepted from the link, once', async () => {
    const invitee = `helper-${randomUUID().slice(0, 8)}@example.com`;
    const task = (await api.post('/task', { title: 'Fix the gate', group })).body.results[0];
    await api.put('/task/delegation/invitation', { task: task.id, email: invitee });
    const mail = await waitForMail(url, { to: invitee, subjectIncludes: 'asked you to take on' });
    const link = linkIn(mail.text, '/accept-delegate-invite');
    await s.page.goto(link);
    await s.page.getByText('Fix the gate').first().waitFor();
    await s.page.getByRole('button', { name: 'Accept', exact: true }).click();
    await s.page
      .getByRole('link', { name: 'Create account' })
      .or(s.page.getByRole('button', { name: 'Create account' }))
      .waitFor();
    await s.page.goto(link);
    await s.page.getByText('This invitation has already been answered.').waitFor();
  });

  it('an attendee accepts from the link, once', async () => {
    const guest = `guest-${randomUUID().slice(0, 8)}@example.com`;
    const task = (await api.post('/task', { title: 'Garden planning', group })).body.results[0];
    await api.patch(`/task/schedule/${task.id}`, {
      start_date: DateTime.utc().plus({ days: 3 }).set({ hour: 15, minute: 0 }).toISO(),
      duration: 60,
      timezone: 'UTC',
      scheduled_attendees: [{ email: guest }],
    });
    const mail = await waitForMail(url, { to: guest, subjectIncludes: 'Garden planning' });
    const link = linkIn(mail.text, '/accept-attendee-invite');
    await s.page.goto(link);
    await s.page.getByText('Garden planning').first().waitFor();
    await s.page.getByRole('button', { name: 'Accept', exact: true }).click();
    await s.page.getByText(/You will attend/).waitFor();
    await s.page.goto(link);
    await s.page.getByText('This invitation has already been answered.').waitFor();
    const schedule = await api.get(`/task/schedule/${task.id}`);
    expect(schedule.body.pending_attendees).toEqual([{ email: guest, status: 'accepted' }]);
  });
});
