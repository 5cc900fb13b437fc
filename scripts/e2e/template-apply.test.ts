/**
 * Applying a template through its role mapping in a real browser (issue 16's "Done when"; decisions
 * D64): the owner opens a template in the planner, adds two sub-tasks naming the task roles Writer
 * and Reviewer, saves, sees the role mapping (Writer → Mia, Reviewer → Ben) in the viewer's panel and
 * converts the template to a draft. Mia and Ben each sign in and find their own task in their lists,
 * and not the other's.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { waitForMail } from '../src/local/mail/wait-for-mail.ts';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const tag = randomUUID().slice(0, 6);
const people = {
  olga: `olga-${tag}@example.com`,
  mia: `mia-${tag}@example.com`,
  ben: `ben-${tag}@example.com`,
};
const shots = join(tmpdir(), 'tandem-template-apply-shots');
const templateTitle = `Newsletter ${tag}`;

let s: BrowserSession;
let page: Page;
let api: ReturnType<typeof apiClient>;
let templateId: string;

async function join_(groupId: string, email: string) {
  const since = new Date();
  const r = await api.post('/group/member/invitation', { group: groupId, email, role: 5 });
  if (r.status !== 201) throw new Error(`invite answered ${r.status}`);
  const mail = await waitForMail(url, { to: email, subjectIncludes: 'invited you', since });
  const key = /accept-invite\?key=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  const a = await apiClient(url).post('/group/member/invitation/request', { key, action: 1 });
  if (a.status !== 200) throw new Error(`accept answered ${a.status}`);
}

async function addChild(p: Page, parent: string, title: string, role: string) {
  await p.getByRole('button', { name: `Add sub-task to ${parent}` }).click();
  const panel = p.getByRole('region', { name: 'Edit task' });
  const field = panel.getByLabel('Title');
  await expect.poll(() => field.inputValue()).toBe('New task');
  await field.fill(title);
  await field.press('Enter');
  const roleField = panel.getByLabel('Task role');
  await roleField.fill(role);
  await roleField.press('Enter');
  await panel.getByRole('button', { name: 'Done' }).click();
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  const olga = await createUser(env as StackEnv, { email: people.olga, firstName: 'Olga', password });
  await createUser(env as StackEnv, { email: people.mia, firstName: 'Mia', password });
  await createUser(env as StackEnv, { email: people.ben, firstName: 'Ben', password });
  api = apiClient(url, olga.accessToken);
  const group = (await api.post('/user/group', { title: `Team ${tag}` })).body.id as string;
  await join_(group, people.mia);
  await join_(group, people.ben);
  const t = await api.post('/task/template', { title: templateTitle, group });
  if (t.status !== 201) throw new Error(`template answered ${t.status}`);
  templateId = t.body.id;
  s = await openBrowser();
  page = s.page;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, url, people.olga, password);
}, 180_000);

afterAll(async () => {
  await s?.close();
});

describe('applying a template with a role mapping for two people', () => {
  it('assigns the Writer task to Mia and the Reviewer task to Ben, who each find theirs', async () => {
    await page.goto(`${url}/planning?plan=${templateId}`);
    await page.getByTestId('plan-canvas').waitFor();
    await addChild(page, templateTitle, 'Write copy', 'Writer');
    await addChild(page, templateTitle, 'Review copy', 'Reviewer');
    await expect
      .poll(() => page.getByTestId('plan-card-role').allTextContents())
      .toEqual(expect.arrayContaining(['Role: Writer', 'Role: Reviewer']));
    await page
      .getByRole('toolbar', { name: 'Plan actions' })
      .getByRole('button', { name: 'Save', exact: true })
      .click();
    await page.getByText('Plan saved.').first().waitFor();

    // The mapping (written through the API here; its panel is the roles part's, tested there) shows
    // in the viewer's role-mapping panel.
    for (const [role, email] of [
      ['Writer', people.mia],
      ['Reviewer', people.ben],
    ] as const) {
      const r = await api.post('/task/role-mapping', { template: templateId, assigning_role: role, email });
      expect(r.status).toBe(201);
    }
    await page.getByRole('button', { name: 'Role mapping' }).click();
    await page.getByText(people.mia).first().waitFor();
    await page.getByText(people.ben).first().waitFor();
    await page.screenshot({ path: join(shots, 'viewer-mapping.png') });

    await page.getByRole('button', { name: 'Convert to draft' }).click();
    await page.getByText('Draft created from the template.').first().waitFor();
    expect(s.errors).toEqual([]);

    for (const [who, mine, theirs] of [
      [people.mia, 'Write copy', 'Review copy'],
      [people.ben, 'Review copy', 'Write copy'],
    ] as const) {
      const b = await openBrowser();
      try {
        await signIn(b.page, url, who, password);
        await b.page.goto(`${url}/tasks`);
        const main = b.page.getByRole('main');
        await main.getByText(mine).first().waitFor({ timeout: 20_000 });
        expect(await main.getByText(theirs).count()).toBe(0);
        await b.page.screenshot({ path: join(shots, `${who.split('@')[0]}-tasks.png`) });
      } finally {
        await b.close();
      }
    }
  }, 240_000);
});
