/**
 * No silent overwrites (issue 12 item 2, D41): PATCH /task/{id} given the version the form loaded
 * answers 409 with the task as it is now when someone else saved in between, and writes nothing; the
 * spec's payload without a version still saves as before.
 */
import { ROLES } from '@tandem/shared';
import { beforeAll, describe, expect, test } from 'vitest';
import { addMember, newGroup, person, task } from './support.ts';

let a: Awaited<ReturnType<typeof person>>;
let b: Awaited<ReturnType<typeof person>>;
let outsider: Awaited<ReturnType<typeof person>>;
let groupId: string;

beforeAll(async () => {
  [a, b, outsider] = await Promise.all([person('Ada'), person('Bo'), person('Olu')]);
  groupId = (await newGroup(a.api)).id;
  await addMember(a.api, groupId, b, ROLES.editor);
});

describe('PATCH /task/{id} with a version', () => {
  test('reads carry the version; a save over it moves it on', async () => {
    const t = await task(a.api, { title: 'Versioned', group: groupId });
    expect(t.version).toBe(1);
    const got = await b.api.get(`/task/${t.id}`);
    expect(got.body.version).toBe(1);
    const r = await b.api.patch(`/task/${t.id}`, { title: 'Versioned, v2', version: 1 });
    expect(r.status).toBe(200);
    expect(r.body.version).toBe(2);
  });

  test('a save over an older version is refused with 409 and the current values, and writes nothing', async () => {
    const t = await task(a.api, { title: 'Shared plan', group: groupId, details: { description: 'first' } });
    // A loads version 1; B renames it meanwhile.
    const renamed = await b.api.patch(`/task/${t.id}`, { title: "Bo's title", version: 1 });
    expect(renamed.status).toBe(200);

    const r = await a.api.patch(`/task/${t.id}`, {
      title: "Ada's title",
      details: { description: 'mine' },
      version: 1,
    });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'conflict', errors: {} });
    expect(r.body.fallback_message).toEqual(expect.any(String));
    expect(r.body.detail.current).toMatchObject({
      id: t.id,
      title: "Bo's title",
      version: 2,
      task_details: { description: 'first' },
    });

    const now = (await a.api.get(`/task/${t.id}`)).body;
    expect(now).toMatchObject({ title: "Bo's title", version: 2, task_details: { description: 'first' } });

    // Saved again over the version it was shown: accepted.
    const again = await a.api.patch(`/task/${t.id}`, { title: "Ada's title", version: 2 });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ title: "Ada's title", version: 3 });
  });

  test('without a version the spec payload saves as before (last write wins)', async () => {
    const t = await task(a.api, { title: 'No version', group: groupId });
    expect((await b.api.patch(`/task/${t.id}`, { title: 'B first' })).status).toBe(200);
    const r = await a.api.patch(`/task/${t.id}`, { title: 'A after' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ title: 'A after', version: 3 });
  });

  test('a caller who may not see the task gets 404 whatever version they send; a bad version 400', async () => {
    const t = await task(a.api, { title: 'Not yours', group: groupId });
    expect((await outsider.api.patch(`/task/${t.id}`, { title: 'x', version: 99 })).status).toBe(404);
    const bad = await a.api.patch(`/task/${t.id}`, { title: 'x', version: 'one' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('version');
    expect((await a.api.get(`/task/${t.id}`)).body).toMatchObject({ title: 'Not yours', version: 1 });
  });
});
