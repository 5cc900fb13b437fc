/**
 * Settings (issue 11 item 11), in a real browser through the local stack: the country picked from a
 * searchable list of names, and a profile picture cut square with a preview before it is uploaded,
 * then shown in the header.
 */
import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser, signIn } from '../src/testing/browser.ts';
import { apiClient, createUser, type StackEnv } from '../src/testing/users.ts';

const { url, env } = inject('stack');
const password = 'Correct-Horse-9';
const email = `settings-${randomUUID().slice(0, 8)}@example.com`;
let s: BrowserSession;
let page: Page;
let api: ReturnType<typeof apiClient>;

/** A w×h RGB PNG, red left of x = split and blue from it on. */
function twoColourPng(w: number, h: number, split: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(h * (1 + w * 3));
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) rows.set(x < split ? [255, 0, 0] : [0, 0, 255], y * (1 + w * 3) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  const user = await createUser(env as StackEnv, { email, firstName: 'Cora', lastName: 'Lee', password });
  api = apiClient(url, user.accessToken);
  s = await openBrowser({ width: 1280, height: 900 });
  page = s.page;
  await signIn(page, url, email, password);
});
afterAll(async () => {
  await s?.close();
});

describe('country', () => {
  it('starts as the United States, finds Germany by typing, and keeps it', async () => {
    await page.goto(`${url}/settings?activeTab=preferences`);
    const country = page.locator('input').and(page.getByLabel('Country', { exact: true }));
    await expect.poll(() => country.inputValue()).toBe('United States');
    await country.click();
    await country.fill('germ');
    // The search narrows about 250 names to the one that matches.
    const list = page.getByRole('listbox', { name: 'Country' });
    await expect.poll(() => list.getByRole('option').allTextContents()).toEqual(['Germany']);
    await list.getByRole('option', { name: 'Germany' }).click();
    await page.getByText('Your country is now Germany.').waitFor();
    await expect.poll(async () => (await api.get('/user/config/')).body.country).toBe('DE');

    await page.reload();
    await expect
      .poll(() =>
        page
          .locator('input')
          .and(page.getByLabel('Country', { exact: true }))
          .inputValue(),
      )
      .toBe('Germany');
  });
});

describe('profile picture', () => {
  it('refuses a file that is not a picture, cuts a square where it was dragged, previews it, shows it in the header', async () => {
    await page.goto(`${url}/settings?activeTab=profile`);
    expect(await page.getByTestId('header-avatar').locator('img').count()).toBe(0);
    // A file that is not a picture, whatever its name says, is refused before anything is sent.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture'),
    });
    await page.getByText('This file is not a picture we can read.', { exact: false }).waitFor();
    expect(await page.getByTestId('avatar-crop-frame').count()).toBe(0);
    // 300×200: red up to x = 100, blue after. The square opens centred (x 50 to 250).
    await page.locator('input[type="file"]').setInputFiles({
      name: 'wide.png',
      mimeType: 'image/png',
      buffer: twoColourPng(300, 200, 100),
    });
    const frame = page.getByTestId('avatar-crop-frame');
    await frame.waitFor();
    await page.getByRole('img', { name: 'Preview' }).waitFor();
    const box = (await frame.boundingBox())!;
    // Drag the picture right: the square moves to the picture's left edge (x 0 to 200).
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 150, box.y + box.height / 2, { steps: 6 });
    await page.mouse.up();
    await page.getByRole('button', { name: 'Save picture' }).click();
    await page.getByText('Your profile picture is saved.').waitFor();

    const headerImg = page.getByTestId('header-avatar').locator('img');
    await headerImg.waitFor();
    // What was uploaded is the 200 px square from the left edge, scaled to 256 px (D48): at x = 77 (60
    // of the 200) it is red (centred, blue).
    await expect
      .poll(
        () =>
          headerImg.evaluate(async (img: HTMLImageElement) => {
            const bitmap = await createImageBitmap(await (await fetch(img.src)).blob());
            const c = new OffscreenCanvas(bitmap.width, bitmap.height);
            const ctx = c.getContext('2d')!;
            ctx.drawImage(bitmap, 0, 0);
            const at = (x: number) => Array.from(ctx.getImageData(x, 128, 1, 1).data.slice(0, 3));
            return { w: bitmap.width, h: bitmap.height, x60: at(77), x150: at(192) };
          }),
        { timeout: 30_000 },
      )
      .toEqual({ w: 256, h: 256, x60: [255, 0, 0], x150: [0, 0, 255] });
    const config = (await api.get('/user/config/')).body;
    expect(config.avatar?.id).toMatch(/[0-9a-f-]{36}/);
  });
});
