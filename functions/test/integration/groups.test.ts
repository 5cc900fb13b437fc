/** Groups: create, rules of the group form, list and order, archive and restore, delete. */
import { describe, expect, it } from 'vitest';
import { addMember, groupOf, memberIdOf, newGroup, person } from './support.ts';

describe('groups', () => {
  it('every user starts with a Private group that is their default and cannot be deleted or archived', async () => {
    const ann = await person('Ann');
    const list = await ann.api.get('/group/member');
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    const [priv] = list.body.results;
    expect(priv).toMatchObject({
      title: 'Private',
      is_private: true,
      is_default: true,
      role: 1,
      status: 1,
      member_status: 1,
    });
    expect((await ann.api.delete(`/user/group/${priv.id}`)).status).toBe(400);
    expect((await ann.api.patch(`/user/group/${priv.id}`, { status: 2 })).status).toBe(400);
    expect((await groupOf(ann.api, priv.id)).status).toBe(1);
  });

  it('creates a group, expanding a 3-digit colour, with defaults for what was not given', async () => {
    const ann = await person('Ann');
    const r = await ann.api.post('/user/group', {
      title: ' Garden ',
      metadata: { color: '#a1c', icon: 'leaf' },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      title: 'Garden',
      description: '',
      metadata: { color: '#AA11CC', icon: 'leaf' },
      role: 1,
    });
    const plain = await ann.api.post('/user/group', { title: 'Plain' });
    expect(plain.body.metadata).toEqual({ color: '#7EC242', icon: 'star' });
    const six = await ann.api.post('/user/group', { title: 'Six', metadata: { color: '7ec242' } });
    expect(six.body.metadata.color).toBe('#7EC242');
  });

  it.each([
    ['a 251-character description', { title: 'Long', description: 'x'.repeat(251) }, 'description'],
    ['no title', { description: 'no name' }, 'title'],
    ['a blank title', { title: '   ' }, 'title'],
    ['a colour of 4 digits', { title: 'Bad', metadata: { color: '#abcd' } }, 'metadata.color'],
    ['an unknown icon', { title: 'Bad', metadata: { icon: 'unicorn' } }, 'metadata.icon'],
  ])('refuses %s with 400 and stores nothing', async (_name, body, field) => {
    const ann = await person('Ann');
    const r = await ann.api.post('/user/group', body);
    expect(r.status).toBe(400);
    expect(r.body.errors[field]).toBeTruthy();
    expect((await ann.api.get('/group/member')).body.count).toBe(1);
  });

  it('accepts a description of exactly 250 characters', async () => {
    const ann = await person('Ann');
    const r = await ann.api.post('/user/group', { title: 'Edge', description: 'x'.repeat(250) });
    expect(r.status).toBe(201);
  });

  it('lists groups in the order the user chose', async () => {
    const ann = await person('Ann');
    const a = await newGroup(ann.api, 'A');
    const b = await newGroup(ann.api, 'B');
    const titles = async () =>
      (await ann.api.get('/group/member')).body.results.map((g: { title: string }) => g.title);
    expect(await titles()).toEqual(['Private', 'A', 'B']);
    expect((await ann.api.put('/group/order', { group_id: b.id, next_index: 0 })).status).toBe(200);
    expect(await titles()).toEqual(['B', 'Private', 'A']);
    await ann.api.put('/group/order', { group_id: a.id, next_index: 1 });
    expect(await titles()).toEqual(['B', 'A', 'Private']);
    const orders = (await ann.api.get('/group/member')).body.results.map(
      (g: { user_order: number }) => g.user_order,
    );
    expect(orders).toEqual([0, 1, 2]);
  });

  it('makes a group the default (favourite) only when the user belongs to it', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const mine = await newGroup(ann.api);
    const theirs = await newGroup(bob.api);
    expect((await ann.api.patch('/user/config/', { group: theirs.id })).status).toBe(400);
    expect((await ann.api.patch('/user/config/', { group: mine.id })).status).toBe(200);
    expect((await groupOf(ann.api, mine.id)).is_default).toBe(true);
  });

  it('an admin archives a group for everyone; a viewer archives it only for himself', async () => {
    const ann = await person('Ann');
    const adam = await person('Adam');
    const vic = await person('Vic');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, adam, 3);
    await addMember(ann.api, g.id, vic, 4);

    const own = await vic.api.patch(`/user/group/${g.id}`, { status: 2 });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ status: 1, member_status: 2 });
    const annView = await groupOf(ann.api, g.id);
    expect(annView.status).toBe(1);
    expect(annView.group_members.find((m: { email: string }) => m.email === vic.email).status).toBe(
      'inactive',
    );

    const all = await adam.api.patch(`/user/group/${g.id}`, { status: 2 });
    expect(all.status).toBe(200);
    expect((await groupOf(ann.api, g.id)).status).toBe(2);
    expect((await groupOf(vic.api, g.id)).status).toBe(2);
    expect((await adam.api.patch(`/user/group/${g.id}`, { status: 1 })).body.status).toBe(1);
  });

  it('deleting a group removes it and every membership and invitation for everyone', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, bob, 5);
    await ann.api.post('/group/member/invitation', { group: g.id, email: 'later@example.com', role: 5 });
    const before = (await bob.api.get('/user/subscription/limit?event=groupMembership')).body.results[0]
      .current_count;

    expect((await bob.api.delete(`/user/group/${g.id}`)).status).toBe(403);
    expect((await ann.api.delete(`/user/group/${g.id}`)).status).toBe(204);
    expect(await groupOf(ann.api, g.id)).toBeUndefined();
    expect(await groupOf(bob.api, g.id)).toBeUndefined();
    const after = (await bob.api.get('/user/subscription/limit?event=groupMembership')).body.results[0]
      .current_count;
    expect(after).toBe(before - 1);
    expect((await ann.api.delete(`/user/group/${g.id}`)).status).toBe(404);
  });

  it('keeps fields read-only for roles without the permission', async () => {
    const ann = await person('Ann');
    const ed = await person('Ed');
    const g = await newGroup(ann.api, 'Fixed');
    await addMember(ann.api, g.id, ed, 6);
    const r = await ed.api.patch(`/user/group/${g.id}`, { title: 'Renamed' });
    expect(r.status).toBe(403);
    expect(r.body.errors).toHaveProperty('title');
    expect((await groupOf(ann.api, g.id)).title).toBe('Fixed');
    const memberId = memberIdOf(await groupOf(ann.api, g.id), ed.email);
    expect(memberId).toContain(g.id);
  });
});
