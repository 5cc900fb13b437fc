/**
 * A learner added to a curriculum is told (D85) and the notice opens the curriculum, in a real browser
 * through the local stack: the author delegates it (API), the learner signs in, opens the
 * notifications pane, clicks "… added you to the curriculum …" and lands on that curriculum's page
 * with its lesson; the notice is read from then on.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addMember, newGroup } from '../../functions/test/integration/support.ts';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const authorEmail = `curnote-author-${randomUUID().slice(0, 8)}@example.com`;
const learnerEmail = `curnote-learner-${randomUUID().slice(0, 8)}@example.com`;
const title = `Induction ${randomUUID().slice(0, 6)}`;
let s: BrowserSession;
let learnerApi: ReturnType<typeof apiClient>;
let curriculumId = '';

interface Listed {
  results: Array<{ id: string; read_at: string | null; variables: Record<string, unknown> }>;
}
const additions = async () =>
  ((await learnerApi.get('/notifications/?page=1&offset=0&limit=100')).body as Listed).results.filter(
    (n) => n.variables.change === 'curriculum_added',
  );

beforeAll(async () => {
  const author = await createUser(env as StackEnv, {
    email: authorEmail,
    firstName: 'Cora',
    lastName: 'Author',
    password,
  });
  const learner = await createUser(env as StackEnv, {
    email: learnerEmail,
    firstName: 'Lea',
    lastName: 'Learner',
    password,
  });
  learnerApi = apiClient(url, learner.accessToken);
  const api = apiClient(url, author.accessToken);
  const group = (await newGroup(api, `Learning ${randomUUID().slice(0, 6)}`)).id;
  await addMember(api, group, { email: learnerEmail }, 5);
  const c = await api.post('/curriculum', { title, group });
  if (c.status !== 201) throw new Error(JSON.stringify(c.body));
  curriculumId = c.body.id;
  const lesson = await api.post('/curriculum/task/create', {
    curriculum: curriculumId,
    title: 'Read the handbook',
  });
  if (lesson.status !== 201) throw new Error(JSON.stringify(lesson.body));
  const added = await api.post(`/curriculum/learner/${curriculumId}`, { email: learnerEmail });
  if (added.status !== 201) throw new Error(JSON.stringify(added.body));
  s = await openBrowser({ width: 1280, height: 900 });
}, 180_000);
afterAll(async () => {
  await s?.close();
});

describe('the curriculum notification', () => {
  it('opens the curriculum the learner was added to, and is read from then on', async () => {
    await expect.poll(async () => (await additions()).length).toBe(1);
    expect((await additions())[0]!.read_at).toBeNull();

    const page = s.page;
    await signIn(page, url, learnerEmail, password);
    await page.getByRole('button', { name: 'Notifications' }).click();
    const pane = page.getByRole('dialog', { name: 'Notifications' }).first();
    const notice = `Cora Author added you to the curriculum ${title}. Its lessons are on your lists.`;
    await pane.getByTestId('notification-item').getByText(notice).click();

    await page.waitForURL((u) => u.pathname === '/curriculum' && u.searchParams.get('id') === curriculumId);
    await page.getByRole('heading', { name: title }).waitFor();
    // The lessons are a read of their own: they may show a moment after the heading.
    await expect
      .poll(() => page.getByTestId('lesson-list').getByRole('link').allTextContents())
      .toEqual(['Read the handbook']);
    await expect.poll(async () => (await additions())[0]!.read_at).not.toBeNull();
    expect(s.errors).toEqual([]);
  });
});
