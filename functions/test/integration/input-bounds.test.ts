/**
 * Bad input never gives 5xx (issue 9, finding 3): nesting depth and body size are bounded at the edge
 * with answers in the error shape, free-text fields are bounded by one table, blank ids and titles of
 * only invisible characters are refused.
 */
import { request } from 'node:http';
import { MAX_JSON_DEPTH, TEXT_LIMITS } from '@tandem/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Api, newGroup, person, publicApi, stack } from './support.ts';

const errorShape = {
  detail: expect.anything(),
  fallback_message: expect.any(String),
  code: expect.any(String),
  errors: expect.any(Object),
};

/** `[[[…]]]` nested `depth` deep, as a JSON text. */
const bomb = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

let api: Api;
let groupId: string;
beforeAll(async () => {
  ({ api } = await person('Bounds'));
  groupId = (await newGroup(api)).id;
});

describe('nesting depth', () => {
  it('answers a body nested 10,000 deep with 400 in the error shape, signed out on a public route', async () => {
    const r = await publicApi().post('/group/member/invitation/request', `{"key":${bomb(10_000)}}`, {
      'content-type': 'application/json',
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ ...errorShape, code: 'body-too-deep' });
  });

  it('answers the same on a signed-in route, and keeps bodies within the bound working', async () => {
    const deep = await api.patch('/user/config/', `{"preferences":${bomb(10_000)}}`, {
      'content-type': 'application/json',
    });
    expect(deep.status).toBe(400);
    expect(deep.body.code).toBe('body-too-deep');
    // Within the bound the body reaches the schema, which names the field.
    const within = await api.patch('/user/config/', `{"preferences":${bomb(MAX_JSON_DEPTH - 1)}}`, {
      'content-type': 'application/json',
    });
    expect(within.status).toBe(400);
    expect(within.body.errors).toHaveProperty('preferences');
  });
});

describe('multipart', () => {
  it('answers multipart/form-data without a boundary with 400 in the error shape', async () => {
    const r = await api.raw('POST', '/user/avatar/', {
      body: 'not really a form',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ ...errorShape, errors: { file: expect.any(String) } });
  });
});

/** A raw upload of `bytes` bytes, read to the end: the status and body, or the socket's error. */
function upload(bytes: number, path: string, token?: string) {
  return new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    const req = request(`${stack.url}/api/v1${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(bytes),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', (e) => resolve({ error: e.message }));
    });
    req.on('error', (e) => resolve({ error: `${(e as NodeJS.ErrnoException).code}: ${e.message}` }));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        const n = Math.min(chunk.byteLength, bytes - sent);
        sent += n;
        if (!req.write(n === chunk.byteLength ? chunk : chunk.subarray(0, n))) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

describe('body size', () => {
  it('answers a JSON body over the API limit with 413 in the error shape', async () => {
    const r = await upload(300 * 1024, '/group/member/invitation/request');
    expect(r).toMatchObject({ status: 413 });
    expect(JSON.parse((r as { body: string }).body)).toEqual({ ...errorShape, code: 'body-too-large' });
  });

  it('answers an 11 MB upload with a readable 413 in the error shape, not a reset connection', async () => {
    const r = await upload(11 * 1024 * 1024, '/group/member/invitation/request');
    expect(r).toMatchObject({ status: 413 });
    expect(JSON.parse((r as { body: string }).body)).toEqual({ ...errorShape, code: 'body-too-large' });
  });
});

describe('free-text fields', () => {
  const over = (n: number) => 'x'.repeat(n + 1);

  it('refuses each over-long field with 400 naming it', async () => {
    const cases: Array<[string, () => ReturnType<Api['post']>, string]> = [
      ['title', () => api.post('/task', { title: over(TEXT_LIMITS.taskTitle), group: groupId }), 'title'],
      [
        'details.description',
        () =>
          api.post('/task', {
            title: 'ok',
            group: groupId,
            details: { description: over(TEXT_LIMITS.taskDescription) },
          }),
        'details.description',
      ],
      ['group title', () => api.post('/user/group', { title: over(TEXT_LIMITS.groupTitle) }), 'title'],
      [
        'group description',
        () => api.post('/user/group', { title: 'ok', description: over(TEXT_LIMITS.groupDescription) }),
        'description',
      ],
      [
        'category title',
        () => api.post('/user/group/category', { title: over(TEXT_LIMITS.categoryTitle) }),
        'title',
      ],
      [
        'category description',
        () =>
          api.post('/user/group/category', {
            title: 'ok',
            description: over(TEXT_LIMITS.categoryDescription),
          }),
        'description',
      ],
      [
        'group_category',
        () =>
          api.post('/time-blocking/', {
            start_date: '2030-01-01T09:00:00Z',
            duration: 60,
            timezone: 'Europe/Berlin',
            group_category: over(TEXT_LIMITS.groupCategory),
          }),
        'group_category',
      ],
      [
        'own level title',
        () => api.patch('/task/user/level/1', { title: over(TEXT_LIMITS.ownTitle) }),
        'title',
      ],
      [
        'first name',
        () => api.patch('/auth/user/', { first_name: over(TEXT_LIMITS.personName) }),
        'first_name',
      ],
    ];
    for (const [name, send, field] of cases) {
      const r = await send();
      expect(r.status, name).toBe(400);
      expect(Object.keys(r.body.errors), name).toContain(field);
    }
  });
});

describe('ids', () => {
  it('refuses a blank or whitespace id with 400, never as id 0', async () => {
    for (const id of ['%20', '%20%20', '%09']) {
      const level = await api.patch(`/task/user/level/${id}`, { title: 'Mine' });
      expect(level.status, `level ${id}`).toBe(400);
      expect(level.body.errors).toHaveProperty('id');
      const pg = await api.patch(`/task/user/priority-group/${id}`, { title: 'Mine' });
      expect(pg.status, `priority group ${id}`).toBe(400);
      const task = await api.get(`/task/${id}`);
      expect(task.status, `task ${id}`).toBe(400);
    }
    const none = await api.get('/task/user/priority-group');
    expect(JSON.stringify(none.body)).not.toContain('Mine');
  });

  it('refuses a blank id inside a body with 400', async () => {
    const r = await api.post('/task', { title: 'ok', group: '   ' });
    expect(r.status).toBe(400);
    expect(r.body.errors).toHaveProperty('group');
  });
});

describe('titles', () => {
  it('refuses titles of only whitespace and zero-width characters', async () => {
    const blank = ' \u200b\u200c\u200d\u2060\ufeff\u00a0\t';
    const task = await api.post('/task', { title: blank, group: groupId });
    expect(task.status).toBe(400);
    expect(task.body.code).toBe('task-form.title-required');
    const group = await api.post('/user/group', { title: blank });
    expect(group.status).toBe(400);
    expect(group.body.errors).toHaveProperty('title');
    const category = await api.post('/user/group/category', { title: blank });
    expect(category.status).toBe(400);
    expect(category.body.errors).toHaveProperty('title');
  });
});
