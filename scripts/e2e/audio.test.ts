/**
 * Audio tasks in a real browser through the local stack (issue 13 item 4; decisions D47): Chromium's
 * fake microphone (--use-fake-device-for-media-stream, --use-fake-ui-for-media-stream: this test's
 * browsers only) records about two seconds in the New audio task dialog, a small WAV is uploaded
 * beside it, the task is saved with inputType 'audio'; reopened, its Audio tab lists both tracks and
 * they play. A track is deleted after a confirmation. A browser that refuses the microphone gets the
 * plain message. axe on the dialog and the tab; screenshots light, dark and narrow.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUDIO_MESSAGES } from '@tandem/shared/attachments/audio';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { violations } from '../src/testing/axe.ts';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';
import { wav } from '../src/testing/wav.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const email = `audio-${randomUUID().slice(0, 8)}@example.com`;
const shots = join(tmpdir(), 'tandem-audio-shots');
const FAKE_MIC = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

/** What each <audio> of the page reports once its metadata is in, after playing a moment. */
async function players(p: Page) {
  return p.getByTestId('audio-player').evaluateAll(async (els) =>
    Promise.all(
      (els as HTMLAudioElement[]).map(async (a) => {
        if (a.readyState < 1)
          await new Promise((ok) => {
            a.addEventListener('loadedmetadata', ok, { once: true });
            a.addEventListener('error', ok, { once: true });
          });
        a.muted = true;
        await a.play().catch(() => undefined);
        await new Promise((ok) => setTimeout(ok, 400));
        a.pause();
        return { duration: a.duration, played: a.currentTime, error: a.error?.code ?? null };
      }),
    ),
  );
}

let s: BrowserSession;
let page: Page;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  const user = await createUser(env as StackEnv, { email, firstName: 'Aud', lastName: 'Io', password });
  api = apiClient(url, user.accessToken);
  s = await openBrowser({ width: 1280, height: 900, args: FAKE_MIC });
  page = s.page;
  await signIn(page, url, email, password);
}, 120_000);
afterAll(async () => {
  await s?.close();
});

describe('an audio task', () => {
  let taskId: string;

  it('records about two seconds, takes an uploaded WAV, and saves both as tracks of a new audio task', async () => {
    await page.goto(`${url}/tasks`);
    await page.getByRole('button', { name: 'New audio task' }).click();
    const dialog = page.getByRole('dialog', { name: 'New audio task' });
    await dialog.getByLabel('Title').fill('Morning memo');
    await dialog.getByLabel('Description').fill('What to buy on the way home');

    await dialog.getByTestId('audio-record').click();
    await expect
      .poll(() => dialog.getByTestId('audio-recording').isVisible(), { timeout: 20_000 })
      .toBe(true);
    // The clock runs while recording; stop past two seconds.
    await expect
      .poll(() => dialog.getByTestId('audio-elapsed').innerText(), { timeout: 20_000 })
      .toMatch(/^0:0[2-9]$/);
    expect(await dialog.getByRole('progressbar', { name: 'Microphone level' }).count()).toBe(1);
    await page.screenshot({ path: join(shots, 'recording-light.png') });
    await dialog.getByTestId('audio-stop').click();
    await expect.poll(() => dialog.getByTestId('audio-track').count(), { timeout: 20_000 }).toBe(1);
    expect(await dialog.getByTestId('audio-recording').count()).toBe(0);

    const chooser = page.waitForEvent('filechooser');
    await dialog.getByTestId('audio-upload').click();
    await (await chooser).setFiles({ name: 'tone.wav', mimeType: 'audio/wav', buffer: wav(800) });
    await expect.poll(() => dialog.getByTestId('audio-track').count()).toBe(2);
    // Both play in the dialog before anything is saved.
    for (const p of await players(page)) expect(p.error).toBeNull();
    await page.screenshot({ path: join(shots, 'dialog-light.png') });
    expect(await violations(page, '[role=dialog]')).toEqual([]);

    await dialog.getByTestId('audio-save').click();
    await expect.poll(() => dialog.isVisible(), { timeout: 30_000 }).toBe(false);

    const tasks = (await api.get('/task?size=100')).body.results as Array<{
      id: string;
      title: string;
      input_type: string | null;
      task_details: { description: string };
    }>;
    const made = tasks.find((t) => t.title === 'Morning memo');
    expect(made).toMatchObject({
      input_type: 'audio',
      task_details: { description: 'What to buy on the way home' },
    });
    taskId = made!.id;
    const tracks = (await api.get(`/task/attachment/${taskId}?q=audio`)).body.results as Array<{
      filename: string;
      size: number;
    }>;
    expect(tracks.map((t) => t.filename).sort()).toEqual(['Recording 1.webm', 'tone.wav']);
    expect(tracks.every((t) => t.size > 0)).toBe(true);
    expect(s.errors).toEqual([]);
  }, 150_000);

  it('reopened, lists its tracks in the Audio tab and plays them', async () => {
    await page.goto(`${url}/task/${taskId}`);
    await page.getByRole('tab', { name: 'Audio' }).click();
    await expect.poll(() => page.getByTestId('audio-track').count(), { timeout: 30_000 }).toBe(2);
    const played = await players(page);
    expect(played).toHaveLength(2);
    for (const p of played) {
      expect(p.error).toBeNull();
      // A recording's length is known too (MediaRecorder writes none; the player finds it).
      expect(Number.isFinite(p.duration)).toBe(true);
      expect(p.duration).toBeGreaterThan(0);
      expect(p.played).toBeGreaterThan(0);
    }
    await page.screenshot({ path: join(shots, 'tab-light.png') });
    expect(await violations(page)).toEqual([]);
  }, 90_000);

  it('deletes a track after a confirmation', async () => {
    await page.getByRole('button', { name: 'Delete tone.wav' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this track?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByTestId('audio-track').count(), { timeout: 20_000 }).toBe(1);
    const left = async () =>
      ((await api.get(`/task/attachment/${taskId}?q=audio`)).body.results as Array<{ filename: string }>).map(
        (t) => t.filename,
      );
    await expect.poll(left, { timeout: 20_000 }).toEqual(['Recording 1.webm']);
    // Still one when the list is read again: the delete was the server's.
    await page.reload();
    await page.getByRole('tab', { name: 'Audio' }).click();
    await expect.poll(() => page.getByTestId('audio-track').count(), { timeout: 30_000 }).toBe(1);
  }, 60_000);
});

describe('a refused microphone, dark and narrow', () => {
  it('says plainly that the microphone is not available (dark, no permission given)', async () => {
    // Without --use-fake-ui-for-media-stream nobody answers the permission prompt: it is refused.
    const b = await openBrowser({
      width: 1280,
      height: 900,
      colorScheme: 'dark',
      args: FAKE_MIC.slice(0, 1),
    });
    try {
      await signIn(b.page, url, email, password);
      await b.page.goto(`${url}/tasks`);
      await b.page.getByRole('button', { name: 'New audio task' }).click();
      const dialog = b.page.getByRole('dialog', { name: 'New audio task' });
      await dialog.getByTestId('audio-record').click();
      await expect
        .poll(() => dialog.getByTestId('audio-error').innerText(), { timeout: 20_000 })
        .toContain(AUDIO_MESSAGES.microphoneDenied);
      await b.page.screenshot({ path: join(shots, 'denied-dark.png') });
      expect(await violations(b.page, '[role=dialog]')).toEqual([]);
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
    }
  }, 120_000);

  it('looks right narrow, with the tab and the dialog free of serious axe findings', async () => {
    const b = await openBrowser({ width: 390, height: 844, args: FAKE_MIC });
    try {
      await signIn(b.page, url, email, password);
      await b.page.goto(`${url}/tasks`);
      await b.page.getByRole('button', { name: 'New audio task' }).click();
      const dialog = b.page.getByRole('dialog', { name: 'New audio task' });
      await dialog.getByTestId('audio-record').click();
      await expect
        .poll(() => dialog.getByTestId('audio-recording').isVisible(), { timeout: 20_000 })
        .toBe(true);
      await b.page.screenshot({ path: join(shots, 'recording-narrow.png') });
      expect(await violations(b.page, '[role=dialog]')).toEqual([]);
      await dialog.getByTestId('audio-stop').click();
      await expect.poll(() => dialog.getByTestId('audio-track').count(), { timeout: 20_000 }).toBe(1);
      await b.page.keyboard.press('Escape');
      await b.page.goto(`${url}/task/${(await firstAudioTask())!}`);
      await b.page.getByRole('tab', { name: 'Audio' }).click();
      await expect.poll(() => b.page.getByTestId('audio-track').count(), { timeout: 20_000 }).toBe(1);
      await b.page.screenshot({ path: join(shots, 'tab-narrow.png') });
      expect(await violations(b.page)).toEqual([]);
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
    }
  }, 150_000);
});

async function firstAudioTask(): Promise<string | undefined> {
  const tasks = (await api.get('/task?size=100')).body.results as Array<{
    id: string;
    input_type: string | null;
  }>;
  return tasks.find((t) => t.input_type === 'audio')?.id;
}
