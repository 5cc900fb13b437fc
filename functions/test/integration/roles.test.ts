/** Account roles and role mapping (spec 002 §3, §5, §7; issue 16 item 2). */
import { DYNAMODB_REQUESTS_HEADER } from '@tandem/functions/lib/request-count';
import { describe, expect, it } from 'vitest';
import { addMember, newGroup, person, privateGroup, task } from './support.ts';

describe('account roles', () => {
  it('are a person’s own: create, list, read, change, remove; someone else’s is not found', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const made = await ann.api.post('/task/template/role', {
      title: ' Reviewer ',
      email: 'Rita@Example.com',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ title: 'Reviewer', email: 'rita@example.com' });
    const id = made.body.id as string;

    const list = await ann.api.get('/task/template/role');
    expect(list.body).toMatchObject({ count: 1, results: [{ id, title: 'Reviewer' }] });
    expect((await bob.api.get('/task/template/role')).body.count).toBe(0);

    expect((await bob.api.get(`/task/template/role/${id}`)).status).toBe(404);
    expect((await bob.api.patch(`/task/template/role/${id}`, { title: 'Mine' })).status).toBe(404);
    expect((await bob.api.delete(`/task/template/role/${id}`)).status).toBe(404);
    expect((await ann.api.get(`/task/template/role/${id}`)).body.title).toBe('Reviewer');

    const changed = await ann.api.patch(`/task/template/role/${id}`, { email: '' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ title: 'Reviewer', email: '' });

    expect((await ann.api.delete(`/task/template/role/${id}`)).status).toBe(204);
    expect((await ann.api.get(`/task/template/role/${id}`)).status).toBe(404);
    expect((await ann.api.delete(`/task/template/role/${id}`)).status).toBe(404);
  });

  it('refuse an invalid e-mail and an empty name, and write nothing', async () => {
    const ann = await person('Ann');
    const bad = await ann.api.post('/task/template/role', { title: 'Reviewer', email: 'rita@example' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.email).toBe('Enter a valid e-mail address, or leave it empty.');
    expect(bad.body.fallback_message).toBe('Enter a valid e-mail address, or leave it empty.');
    expect((await ann.api.post('/task/template/role', { title: '   ' })).status).toBe(400);
    expect((await ann.api.get('/task/template/role')).body.count).toBe(0);

    const ok = await ann.api.post('/task/template/role', { title: 'Reviewer' });
    expect(ok.status).toBe(201);
    expect(ok.body.email).toBe('');
    const patch = await ann.api.patch(`/task/template/role/${ok.body.id}`, { email: 'not an e-mail' });
    expect(patch.status).toBe(400);
    expect((await ann.api.get(`/task/template/role/${ok.body.id}`)).body.email).toBe('');
  });

  it('have names unique per person, compared trimmed and case-insensitively', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const first = await ann.api.post('/task/template/role', { title: 'Reviewer' });
    const again = await ann.api.post('/task/template/role', { title: '  reviewer ' });
    expect(again.status).toBe(409);
    expect(again.body.fallback_message).toBe('You already have a role with this name.');
    // Another person may use the same name.
    expect((await bob.api.post('/task/template/role', { title: 'Reviewer' })).status).toBe(201);
    const other = await ann.api.post('/task/template/role', { title: 'Writer' });
    expect((await ann.api.patch(`/task/template/role/${other.body.id}`, { title: 'REVIEWER' })).status).toBe(
      409,
    );
    // Renaming a role to its own name in another case is fine.
    expect((await ann.api.patch(`/task/template/role/${first.body.id}`, { title: 'REVIEWER' })).status).toBe(
      200,
    );
    expect((await ann.api.get('/task/template/role')).body.count).toBe(2);
  });
});

describe('role mapping', () => {
  it('maps a task’s roles to e-mails or role titles, with the match mark', async () => {
    const ann = await person('Ann');
    await ann.api.post('/task/template/role', { title: 'Lead', email: 'leo@example.com' });
    const t = await task(ann.api, { title: 'Launch', group: await privateGroup(ann.api) });

    const byEmail = await ann.api.post('/task/role-mapping', {
      task: t.id,
      assigning_role: 'Designer',
      email: 'dee@example.com',
      managing_role: 'Lead',
    });
    expect(byEmail.status).toBe(201);
    expect(byEmail.body).toMatchObject({
      task: t.id,
      template: null,
      assigning_role: 'Designer',
      email: 'dee@example.com',
      managing_role: 'Lead',
      role_matches: false,
    });
    const byTitle = await ann.api.post('/task/role-mapping', {
      task: t.id,
      assigning_role: 'lead',
      email: 'LEAD',
    });
    expect(byTitle.status).toBe(201);
    expect(byTitle.body.role_matches).toBe(true);

    // A target that is neither an e-mail nor one of the caller's role titles.
    const bad = await ann.api.post('/task/role-mapping', {
      task: t.id,
      assigning_role: 'QA',
      email: 'nobody',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.email).toBe('Enter a valid e-mail address or the name of one of your roles.');
    // One row per source role.
    expect(
      (await ann.api.post('/task/role-mapping', { task: t.id, assigning_role: ' designer', email: 'x@y.zz' }))
        .status,
    ).toBe(409);
    // Neither a task nor a template, or both.
    expect((await ann.api.post('/task/role-mapping', { assigning_role: 'QA' })).status).toBe(400);
    expect(
      (await ann.api.post('/task/role-mapping', { assigning_role: 'QA', task: t.id, template: 'x' })).status,
    ).toBe(400);

    const list = await ann.api.get(`/task/role-mapping?task_id=${t.id}`);
    expect(list.body.count).toBe(2);
    expect(list.body.results.map((r: { assigning_role: string }) => r.assigning_role)).toEqual([
      'Designer',
      'lead',
    ]);
    expect((await ann.api.get('/task/role-mapping')).status).toBe(400);

    const patched = await ann.api.patch(`/task/role-mapping/${byEmail.body.id}`, { email: 'bad' });
    expect(patched.status).toBe(400);
    expect((await ann.api.get(`/task/role-mapping/${byEmail.body.id}`)).body.email).toBe('dee@example.com');
    expect((await ann.api.delete(`/task/role-mapping/${byEmail.body.id}`)).status).toBe(204);
    expect((await ann.api.get(`/task/role-mapping/${byEmail.body.id}`)).status).toBe(404);
    expect((await ann.api.get(`/task/role-mapping?task_id=${t.id}`)).body.count).toBe(1);
  });

  it('needs sight of the task to read (404) and the right to change its assignees to write (403)', async () => {
    const ann = await person('Ann');
    const vic = await person('Vic');
    const out = await person('Out');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, vic, 4);
    const t = await task(ann.api, { title: 'Launch', group: g.id });
    const m = await ann.api.post('/task/role-mapping', { task: t.id, assigning_role: 'Designer' });
    expect(m.status).toBe(201);

    expect((await out.api.get(`/task/role-mapping?task_id=${t.id}`)).status).toBe(404);
    expect((await out.api.get(`/task/role-mapping/${m.body.id}`)).status).toBe(404);
    expect((await out.api.post('/task/role-mapping', { task: t.id, assigning_role: 'QA' })).status).toBe(404);
    expect((await out.api.delete(`/task/role-mapping/${m.body.id}`)).status).toBe(404);

    expect((await vic.api.get(`/task/role-mapping?task_id=${t.id}`)).body.count).toBe(1);
    expect((await vic.api.post('/task/role-mapping', { task: t.id, assigning_role: 'QA' })).status).toBe(403);
    expect((await vic.api.patch(`/task/role-mapping/${m.body.id}`, { email: 'v@x.yz' })).status).toBe(403);
    expect((await vic.api.delete(`/task/role-mapping/${m.body.id}`)).status).toBe(403);
    expect((await ann.api.get(`/task/role-mapping?task_id=${t.id}`)).body.results[0].email).toBe('');

    // Ids that are not ours, and a task that does not exist.
    expect((await ann.api.get('/task/role-mapping/nonsense')).status).toBe(404);
    expect((await ann.api.get('/task/role-mapping?task_id=no-such-task')).status).toBe(404);
    // Templates are checked by their own module; an unknown template is not found.
    expect((await ann.api.get('/task/role-mapping?template_id=no-such-template')).status).toBe(404);
  });

  it("a template's mapping: the group's owners write, its members read, anyone else gets 404", async () => {
    const ann = await person('Ann');
    const vic = await person('Vic');
    const out = await person('Out');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, vic, 4);
    const made = await ann.api.post('/task/template', { title: 'Onboarding', group: g.id });
    expect(made.status).toBe(201);
    const template = made.body.id as string;
    const m = await ann.api.post('/task/role-mapping', {
      template,
      assigning_role: 'Mentor',
      email: 'mentor@example.com',
    });
    expect(m.status).toBe(201);
    expect((await vic.api.get(`/task/role-mapping?template_id=${template}`)).body.count).toBe(1);
    expect((await vic.api.post('/task/role-mapping', { template, assigning_role: 'QA' })).status).toBe(403);
    expect((await out.api.get(`/task/role-mapping?template_id=${template}`)).status).toBe(404);
    expect((await out.api.get(`/task/role-mapping/${m.body.id}`)).status).toBe(404);
  });
});

describe('DynamoDB requests per call', () => {
  /** The count the local stack reports for one call (functions/src/lib/request-count.ts). */
  const requests = (r: { headers: Headers }) => Number(r.headers.get(DYNAMODB_REQUESTS_HEADER));

  it('stay the same whatever the number of roles and rows (one Query each, no scan)', async () => {
    const ann = await person('Ann');
    const t = await task(ann.api, { title: 'Launch', group: await privateGroup(ann.api) });
    const counts = async () => ({
      listRoles: requests(await ann.api.get('/task/template/role')),
      createRole: requests(await ann.api.post('/task/template/role', { title: `R ${Math.random()}` })),
      listMappings: requests(await ann.api.get(`/task/role-mapping?task_id=${t.id}`)),
      createMapping: requests(
        await ann.api.post('/task/role-mapping', { task: t.id, assigning_role: `M ${Math.random()}` }),
      ),
    });
    const few = await counts();
    for (let i = 0; i < 40; i++) {
      await ann.api.post('/task/template/role', { title: `Role ${i}`, email: `r${i}@example.com` });
      await ann.api.post('/task/role-mapping', {
        task: t.id,
        assigning_role: `Role ${i}`,
        email: `Role ${i}`,
      });
    }
    const many = await counts();
    // A read of the list: 1 Query; a new role: the Query of the names, then the write.
    // Mappings: the task and its group (access), the rows and the caller's roles, then the write.
    expect(few).toEqual({ listRoles: 1, createRole: 2, listMappings: 4, createMapping: 5 });
    expect(many).toEqual(few);
    expect((await ann.api.get(`/task/role-mapping?task_id=${t.id}`)).body.count).toBe(42);
  });
});
