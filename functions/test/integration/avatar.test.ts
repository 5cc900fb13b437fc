import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient, createUser, type StackEnv, type TestUser } from '../../../scripts/src/testing/users.ts';

const stack = inject('stack');
const env = stack.env as StackEnv;

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d4948445200000001000000010806000000', 'hex'),
]);

function form(data: Buffer, name = 'me.png', type = 'image/png') {
  const fd = new FormData();
  fd.append('avatar', new Blob([new Uint8Array(data)], { type }), name);
  return fd;
}

let user: TestUser;
let api: ReturnType<typeof apiClient>;
beforeAll(async () => {
  user = await createUser(env);
  api = apiClient(stack.url, user.accessToken);
});

describe('avatar', () => {
  it('uploads, shows in the settings with a working link, replaces and deletes', async () => {
    const up = await api.raw('POST', '/user/avatar/', { body: form(png) });
    expect(up.status).toBe(201);
    const avatar = (await up.json()) as { id: string; original_url: string; thumbnail_url: string };
    const img = await fetch(avatar.original_url);
    expect(img.status).toBe(200);
    expect(Buffer.from(await img.arrayBuffer()).equals(png)).toBe(true);

    const config = await api.get('/user/config/');
    expect(config.body.avatar.id).toBe(avatar.id);
    // The same link on the next read (signed per half hour), so the browser keeps the picture; a read
    // that crossed the half hour is repeated once.
    // The reads are a second apart, so a link signed at the moment of reading would differ.
    const reread = async () => (await api.get('/user/config/')).body.avatar.thumbnail_url as string;
    const apart = async () => {
      const first = await reread();
      await new Promise((r) => setTimeout(r, 1_100));
      return [first, await reread()] as const;
    };
    const [a, b] = await apart();
    const [c, d] = a === b ? [a, b] : await apart();
    expect(c).toBe(d);
    expect((await fetch(c)).status).toBe(200);
    expect((await api.get(`/user/avatar/${avatar.id}?size=thumbnail`)).status).toBe(200);

    const second = (await (await api.raw('POST', '/user/avatar/', { body: form(png) })).json()) as {
      id: string;
    };
    expect(second.id).not.toBe(avatar.id);
    expect((await api.get(`/user/avatar/${avatar.id}`)).status).toBe(404);

    expect((await api.delete(`/user/avatar/${second.id}`)).status).toBe(204);
    expect((await api.get('/user/config/')).body.avatar).toBeNull();
  });

  it('refuses a file that is not an image, whatever its name says, and one over 2 MB', async () => {
    const svg = await api.raw('POST', '/user/avatar/', {
      body: form(Buffer.from('<svg onload="x()"/>'), 'a.png'),
    });
    expect(svg.status).toBe(400);
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await api.raw('POST', '/user/avatar/', { body: form(big) });
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { fallback_message: string }).fallback_message).toBe(
      'Please choose an image smaller than 2 MB.',
    );
    expect((await api.get('/user/config/')).body.avatar).toBeNull();
  });

  it("does not show another user's avatar", async () => {
    const other = await createUser(env);
    const up = (await (
      await apiClient(stack.url, other.accessToken).raw('POST', '/user/avatar/', { body: form(png) })
    ).json()) as {
      id: string;
    };
    expect((await api.get(`/user/avatar/${up.id}`)).status).toBe(404);
    expect((await api.delete(`/user/avatar/${up.id}`)).status).toBe(404);
  });
});
