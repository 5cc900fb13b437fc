/**
 * Group, roster and placement events on DynamoDB Local's real stream (docs/realtime.md, D41): a group
 * renamed, a member added or removed, a group deleted reach the members of the roster before and after
 * (the one removed too), never an outsider; a person's own placement change reaches that person's other
 * sockets and nobody else's.
 */
import { GROUP_EVENT_TYPES, type GroupEvent, PLACEMENT_EVENT_TYPE, ROLES } from '@tandem/shared';
import { beforeAll, describe, expect, test } from 'vitest';
import { listen as openSocket } from './sockets.ts';
import { addMember, groupOf, memberIdOf, newGroup, person, task } from './support.ts';

/** A socket of the person, recording every message it receives. */
async function listen(token: string) {
  const { ws, messages } = await openSocket(token);
  const groupEvents = (groupId: string) =>
    messages.filter(
      (m) => m.group_id === groupId && String(m.type).endsWith('_changed'),
    ) as unknown as GroupEvent[];
  const kinds = (groupId: string) =>
    groupEvents(groupId).map((e) => (e.type === GROUP_EVENT_TYPES.group ? `group:${e.change}` : 'roster'));
  return { ws, messages, groupEvents, kinds };
}

let a: Awaited<ReturnType<typeof person>>;
let b: Awaited<ReturnType<typeof person>>;
let c: Awaited<ReturnType<typeof person>>;
let outsider: Awaited<ReturnType<typeof person>>;

beforeAll(async () => {
  [a, b, c, outsider] = await Promise.all([person('Ada'), person('Bo'), person('Cy'), person('Olu')]);
});

describe('group and roster events', () => {
  test('members old and new hear a group and its roster change; an outsider nothing', async () => {
    const aSocket = await listen(a.accessToken);
    const bSocket = await listen(b.accessToken);
    const cSocket = await listen(c.accessToken);
    const outsiderSocket = await listen(outsider.accessToken);
    const group = await newGroup(a.api);
    await expect.poll(() => aSocket.kinds(group.id)).toEqual(['group:created']);

    // B joins: B (now a member) and A hear the roster change.
    await addMember(a.api, group.id, b, ROLES.standard);
    await expect.poll(() => bSocket.kinds(group.id)).toContain('roster');
    await expect.poll(() => aSocket.kinds(group.id).filter((k) => k === 'roster').length).toBeGreaterThan(0);

    // Renamed: both members hear group_changed.
    const renamed = await a.api.patch(`/user/group/${group.id}`, { title: 'Renamed live' });
    expect(renamed.status).toBe(200);
    await expect.poll(() => bSocket.kinds(group.id)).toContain('group:changed');

    // C joins, then B is removed: B (the roster before) hears that too, C hears it as a member.
    await addMember(a.api, group.id, c, ROLES.standard);
    await expect.poll(() => cSocket.kinds(group.id)).toContain('roster');
    const bHeard = bSocket.groupEvents(group.id).length;
    const cHeard = cSocket.groupEvents(group.id).length;
    const members = (await groupOf(a.api, group.id)) as {
      group_members: Array<{ id: string; email: string }>;
    };
    const removed = await a.api.delete(`/group/member/${memberIdOf(members, b.email)}`);
    expect(removed.status).toBeLessThan(300);
    await expect.poll(() => bSocket.groupEvents(group.id).length).toBeGreaterThan(bHeard);
    expect(bSocket.kinds(group.id).at(-1)).toBe('roster');
    await expect.poll(() => cSocket.groupEvents(group.id).length).toBeGreaterThan(cHeard);

    // Deleted: the members at the time hear it once; B, removed before, does not.
    const bBefore = bSocket.groupEvents(group.id).length;
    const deleted = await a.api.delete(`/user/group/${group.id}`);
    expect(deleted.status).toBeLessThan(300);
    await expect
      .poll(() => cSocket.kinds(group.id).filter((k) => k === 'group:deleted'))
      .toEqual(['group:deleted']);
    await expect.poll(() => aSocket.kinds(group.id)).toContain('group:deleted');

    // The outsider's socket is served (a ping is answered) yet heard nothing of the group.
    outsiderSocket.ws.send(JSON.stringify({ type: 'ping' }));
    await expect.poll(() => outsiderSocket.messages).toContainEqual({ type: 'pong' });
    expect(outsiderSocket.groupEvents(group.id)).toEqual([]);
    expect(bSocket.groupEvents(group.id).length).toBe(bBefore);
  });
});

describe("a person's own placement", () => {
  test("moving a task to another priority group reaches the person's other tab, not the group's members", async () => {
    const group = await newGroup(a.api);
    await addMember(a.api, group.id, b, ROLES.standard);
    const first = await listen(a.accessToken);
    const second = await listen(a.accessToken);
    const bSocket = await listen(b.accessToken);
    const t = await task(a.api, { title: 'Mine to place', group: group.id });
    await expect.poll(() => bSocket.messages.filter((m) => m.task_id === t.id).length).toBe(1);

    const r = await a.api.patch(`/task/${t.id}`, { priority_group: 1 });
    expect(r.status).toBe(200);
    const placed = (s: { messages: Array<Record<string, unknown>> }) =>
      s.messages.filter((m) => m.type === PLACEMENT_EVENT_TYPE && m.task_id === t.id);
    await expect.poll(() => placed(second)).toEqual([expect.objectContaining({ priority_group: 1 })]);
    await expect.poll(() => placed(first).length).toBe(1);

    // B hears the next change of the task itself, and never A's placement.
    await a.api.patch(`/task/${t.id}`, { title: 'Mine to place, renamed' });
    await expect.poll(() => bSocket.messages.filter((m) => m.task_id === t.id).length).toBe(2);
    expect(placed(bSocket)).toEqual([]);
  });
});
