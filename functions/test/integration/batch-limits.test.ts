/**
 * No N+1, no limit surprises (issue 10, target 3): tree delete, new-structure, invitation cancel and
 * group delete at 250 items. Each writes in transactions of at most 100 writes (DynamoDB refuses
 * more) and batches of 25, so the call succeeds, leaves nothing behind, and its DynamoDB requests
 * grow with the batches, not with the items. Rosters of 250 are written straight to the table: no
 * plan lets a group grow that big through the API today, and the delete must still hold then.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { GroupEntity, type RosterEntry } from '@tandem/functions/db/entities/group';
import { InvitationEntity } from '@tandem/functions/db/entities/invitation';
import { MembershipEntity } from '@tandem/functions/db/entities/membership';
import { UserEntity } from '@tandem/functions/db/entities/user';
import { DYNAMODB_REQUESTS_HEADER } from '@tandem/functions/lib/request-count';
import type { Subscription, UserConfig } from '@tandem/shared';
import { describe, expect, it } from 'vitest';
import { type Api, newGroup, person, privateGroup } from './support.ts';

const N = 250;
const requestsOf = (r: Awaited<ReturnType<Api['get']>>) => Number(r.headers.get(DYNAMODB_REQUESTS_HEADER));

/** A tree of exactly N tasks: a root with 100 children, and two more children of it with 100 and 47. */
async function treeOf250(api: Api, group: string) {
  const kids = (n: number, prefix: string) =>
    Array.from({ length: n }, (_, i) => ({ title: `${prefix} ${i}` }));
  const post = async (body: object) => {
    const r = await api.post('/task', body);
    if (r.status !== 201) throw new Error(`create answered ${r.status}: ${JSON.stringify(r.body)}`);
    return r.body.results[0];
  };
  const root = await post({ title: 'Root', group, children: kids(100, 'Leaf') });
  const a = await post({ title: 'Branch A', group, parent: root.id, children: kids(100, 'A') });
  const b = await post({ title: 'Branch B', group, parent: root.id, children: kids(47, 'B') });
  return { root, a, b };
}

const counters = async (userId: string) => (await UserEntity.get({ userId }).go()).data!;

describe('a tree of 250 tasks', () => {
  it('is deleted whole with its placements and counters, in batches', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const before = await counters(ann.userId);
    const { root } = await treeOf250(ann.api, group);
    const grown = await counters(ann.userId);
    expect((grown.totalTasksCount ?? 0) - (before.totalTasksCount ?? 0)).toBe(N);
    const tree = await ann.api.get(`/task/descendants/list?task_id=${root.id}&start_from_root=true`);
    expect(tree.body.count).toBe(N);

    const r = await ann.api.delete('/task', { tasks: [root.id], with_children: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ deleted: N });
    // 500 writes (each task and its placement): a handful of transactions, not one request per item.
    expect(requestsOf(r)).toBeLessThanOrEqual(12);

    expect((await ann.api.get(`/task/${root.id}`)).status).toBe(404);
    const search = await ann.api.get('/task/search?text=Leaf');
    expect(search.body.count).toBe(0);
    const after = await counters(ann.userId);
    expect(after.totalTasksCount ?? 0).toBe(before.totalTasksCount ?? 0);
    expect(after.activeTasksCount ?? 0).toBe(before.activeTasksCount ?? 0);
  });

  it('deleted without children, moves its 249 descendants up as a tree of their own roots', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const { root, a, b } = await treeOf250(ann.api, group);
    const r = await ann.api.delete('/task', { tasks: [root.id], with_children: false });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ deleted: 1 });
    const branch = (await ann.api.get(`/task/${a.id}`)).body;
    expect(branch).toMatchObject({ parent: null, child_count: 100 });
    const tree = await ann.api.get(`/task/descendants/list?task_id=${a.id}&start_from_root=true`);
    expect(tree.status, JSON.stringify(tree.body)).toBe(200);
    expect(tree.body.count).toBe(101);
    expect((await ann.api.get(`/task/${b.id}`)).body.parent).toBeNull();
  });
});

describe('new-structure over 250 tasks', () => {
  it('moves a branch and re-roots its 100 descendants, more than one transaction holds', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const { root, a, b } = await treeOf250(ann.api, group);
    // Branch A leaves the tree (its 100 children change root with it) and branch B goes under A.
    const r = await ann.api.patch('/task/descendants/new-structure', {
      tasks: [
        { id: a.id, level: a.level.id, parent: null },
        { id: b.id, level: b.level.id, parent: a.id },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // A, B and all their 147 children get a new root.
    expect(r.body.updated).toBe(149);
    expect(requestsOf(r)).toBeLessThanOrEqual(10);
    expect((await ann.api.get(`/task/${root.id}`)).body.child_count).toBe(100);
    expect((await ann.api.get(`/task/${a.id}`)).body).toMatchObject({ parent: null, child_count: 101 });
    expect((await ann.api.get(`/task/${b.id}`)).body.parent).toMatchObject({ id: a.id });
    const moved = await ann.api.get(`/task/descendants/list?task_id=${a.id}&start_from_root=true`);
    expect(moved.body.count).toBe(149);
    const left = await ann.api.get(`/task/descendants/list?task_id=${root.id}&start_from_root=true`);
    expect(left.body.count).toBe(101);
  });
});

/** Seeds N invitations of `email`, one in each of N groups `owner` manages, straight to the table. */
async function groupsInviting(owner: { userId: string }, email: string) {
  const groups = Array.from({ length: N }, () => {
    const groupId = randomUUID();
    const me = `${groupId}~${randomBytes(6).toString('hex')}`;
    const them = `${groupId}~${randomBytes(6).toString('hex')}`;
    const keyHash = randomBytes(16).toString('hex');
    const now = new Date().toISOString();
    const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    return {
      groupId,
      them,
      keyHash,
      group: {
        groupId,
        title: `Club ${groupId.slice(0, 4)}`,
        metadata: { color: '#228be6', icon: 'users' as const },
        createdBy: owner.userId,
        ownerName: 'Ann Test',
        ownerPackage: 'teams_license',
        members: {
          [me]: {
            memberId: me,
            userId: owner.userId,
            email: 'owner@example.com',
            name: 'Ann Test',
            role: 1,
            invitationStatus: 'accepted',
            memberStatus: 1,
            createdAt: now,
          },
          [them]: {
            memberId: them,
            userId: null,
            email,
            name: '',
            role: 5,
            invitationStatus: 'pending',
            memberStatus: 1,
            keyHash,
            expiresAt,
            invitedBy: owner.userId,
            createdAt: now,
          },
        } satisfies Record<string, RosterEntry>,
      },
      membership: { userId: owner.userId, groupId, memberId: me, role: 1, orderKey: `b${groupId}` },
      invitation: {
        keyHash,
        groupId,
        memberId: them,
        email,
        role: 5,
        invitedBy: owner.userId,
        status: 'pending',
        expiresAt,
      },
    };
  });
  await GroupEntity.put(groups.map((g) => g.group)).go();
  await MembershipEntity.put(groups.map((g) => g.membership)).go();
  await InvitationEntity.put(groups.map((g) => g.invitation)).go();
  return groups;
}

describe('cancelling one e-mail’s invitations in 250 groups', () => {
  it('withdraws every one, in batches of reads and transactions', async () => {
    const ann = await person('Ann');
    const email = `invitee-${randomUUID().slice(0, 8)}@example.com`;
    const seeded = await groupsInviting(ann, email);
    const r = await ann.api.delete(`/group/member/invitation?email=${encodeURIComponent(email)}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ cancelled: N });
    // 250 groups: 3 batch reads and 5 transactions of 50 groups, not 500 requests.
    expect(requestsOf(r)).toBeLessThanOrEqual(12);
    const groups = (await GroupEntity.get(seeded.map((s) => ({ groupId: s.groupId }))).go()).data;
    expect(groups).toHaveLength(N);
    for (const g of groups) expect(Object.values(g.members as object)).toHaveLength(1);
    const invitations = await InvitationEntity.get(seeded.map((s) => ({ keyHash: s.keyHash }))).go();
    expect(invitations.data).toHaveLength(0);
  });
});

/** A group of `owner` with N more accepted members and N pending invitees, straight to the table. */
async function bigGroup(owner: { api: Api }) {
  const g = await newGroup(owner.api);
  const current = (await GroupEntity.get({ groupId: g.id }).go()).data!;
  const now = new Date().toISOString();
  const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const people = Array.from({ length: N }, (_, i) => ({
    userId: randomUUID(),
    memberId: `${g.id}~${randomBytes(6).toString('hex')}`,
    email: `member-${i}-${randomUUID().slice(0, 6)}@example.com`,
  }));
  const invitees = Array.from({ length: N }, (_, i) => ({
    memberId: `${g.id}~${randomBytes(6).toString('hex')}`,
    email: `invitee-${i}-${randomUUID().slice(0, 6)}@example.com`,
    keyHash: randomBytes(16).toString('hex'),
  }));
  await UserEntity.put(
    people.map((p) => ({
      userId: p.userId,
      email: p.email,
      // Just enough of a person for the group delete (never read by the settings routes here).
      config: {} as UserConfig,
      subscription: { package: 'teams_license' } as Subscription,
      groupMembershipCount: 1,
    })),
  ).go();
  await MembershipEntity.put(
    people.map((p) => ({ userId: p.userId, groupId: g.id, memberId: p.memberId, role: 5, orderKey: 'b0' })),
  ).go();
  await InvitationEntity.put(
    invitees.map((i) => ({
      keyHash: i.keyHash,
      groupId: g.id,
      memberId: i.memberId,
      email: i.email,
      role: 5,
      invitedBy: current.createdBy,
      status: 'pending',
      expiresAt,
    })),
  ).go();
  const members: Record<string, RosterEntry> = { ...current.members };
  for (const p of people)
    members[p.memberId] = {
      memberId: p.memberId,
      userId: p.userId,
      email: p.email,
      name: '',
      role: 5,
      invitationStatus: 'accepted',
      memberStatus: 1,
      createdAt: now,
    };
  for (const i of invitees)
    members[i.memberId] = {
      memberId: i.memberId,
      userId: null,
      email: i.email,
      name: '',
      role: 5,
      invitationStatus: 'pending',
      memberStatus: 1,
      keyHash: i.keyHash,
      expiresAt,
      createdAt: now,
    };
  await GroupEntity.patch({ groupId: g.id })
    .set({ members, version: current.version + 1 })
    .go();
  return { groupId: g.id, people, invitees };
}

async function expectAllGone(groupId: string, ownerId: string, big: Awaited<ReturnType<typeof bigGroup>>) {
  expect((await GroupEntity.get({ groupId }).go()).data).toBeNull();
  const memberships = await MembershipEntity.get([
    { userId: ownerId, groupId },
    ...big.people.map((p) => ({ userId: p.userId, groupId })),
  ]).go();
  expect(memberships.data).toHaveLength(0);
  const invitations = await InvitationEntity.get(big.invitees.map((i) => ({ keyHash: i.keyHash }))).go();
  expect(invitations.data).toHaveLength(0);
  // Every member counted out exactly once.
  const users = (await UserEntity.get(big.people.map((p) => ({ userId: p.userId }))).go()).data;
  expect(users.map((u) => u.groupMembershipCount)).toEqual(big.people.map(() => 0));
}

describe('deleting a group of 250 members and 250 invitees', () => {
  it('removes every membership, counter and invitation, in batches', async () => {
    const ann = await person('Ann');
    const big = await bigGroup(ann);
    const before = await counters(ann.userId);
    const r = await ann.api.delete(`/user/group/${big.groupId}`);
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
    // 251 memberships in 6 transactions, 250 invitations in 10 batch writes, plus reads: not 750 requests.
    expect(requestsOf(r)).toBeLessThanOrEqual(25);
    await expectAllGone(big.groupId, ann.userId, big);
    const after = await counters(ann.userId);
    expect(after.ownedGroupCount).toBe(before.ownedGroupCount - 1);
    expect(after.ownedGroupTotalCount).toBe(before.ownedGroupTotalCount - 1);
    expect(after.groupMembershipCount).toBe(before.groupMembershipCount - 1);
    expect((await ann.api.get('/group/member')).body.results.map((g: { id: string }) => g.id)).not.toContain(
      big.groupId,
    );
  });

  it('sent twice at once, deletes once: every member and the owner counted out exactly once', async () => {
    const ann = await person('Ann');
    const big = await bigGroup(ann);
    const before = await counters(ann.userId);
    const both = await Promise.all([
      ann.api.delete(`/user/group/${big.groupId}`),
      ann.api.delete(`/user/group/${big.groupId}`),
    ]);
    // Each either finished it or lost the race to mark it (409, to be sent again).
    for (const r of both) expect([200, 204, 409], JSON.stringify(r.body)).toContain(r.status);
    if (both.some((r) => r.status === 409)) {
      expect([200, 204, 404]).toContain((await ann.api.delete(`/user/group/${big.groupId}`)).status);
    }
    await expectAllGone(big.groupId, ann.userId, big);
    const after = await counters(ann.userId);
    expect(after.ownedGroupCount).toBe(before.ownedGroupCount - 1);
    expect(after.ownedGroupTotalCount).toBe(before.ownedGroupTotalCount - 1);
    expect(after.groupMembershipCount).toBe(before.groupMembershipCount - 1);
  });

  it('cut short half way, is finished by sending the delete again, counting nobody out twice', async () => {
    const ann = await person('Ann');
    const big = await bigGroup(ann);
    const before = await counters(ann.userId);
    // As a delete that stopped after marking the group and removing 100 memberships would leave it.
    const g = (await GroupEntity.get({ groupId: big.groupId }).go()).data!;
    await GroupEntity.patch({ groupId: big.groupId })
      .set({ deleting: true, version: g.version + 1 })
      .go();
    for (const p of big.people.slice(0, 100)) {
      await MembershipEntity.delete({ userId: p.userId, groupId: big.groupId }).go();
      await UserEntity.patch({ userId: p.userId }).subtract({ groupMembershipCount: 1 }).go();
    }
    // Meanwhile the group is gone for everyone.
    expect((await ann.api.get('/group/member')).body.results.map((x: { id: string }) => x.id)).not.toContain(
      big.groupId,
    );
    const r = await ann.api.delete(`/user/group/${big.groupId}`);
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
    await expectAllGone(big.groupId, ann.userId, big);
    const after = await counters(ann.userId);
    expect(after.ownedGroupCount).toBe(before.ownedGroupCount - 1);
    expect(after.groupMembershipCount).toBe(before.groupMembershipCount - 1);
    // Once gone, a further delete finds nothing.
    expect((await ann.api.delete(`/user/group/${big.groupId}`)).status).toBe(404);
  });
});
