/**
 * A person's own group order and archive on DynamoDB Local's real stream (docs/realtime.md, D46): the
 * change reaches that person's other tab as membership_changed, and nobody else's socket.
 */
import { GROUP_STATUS, MEMBERSHIP_EVENT_TYPE, ROLES } from '@tandem/shared';
import { describe, expect, test } from 'vitest';
import { listen } from './sockets.ts';
import { addMember, newGroup, person } from './support.ts';

const heard = (s: { messages: Array<Record<string, unknown>> }, groupId: string) =>
  s.messages.filter((m) => m.type === MEMBERSHIP_EVENT_TYPE && m.group_id === groupId).map((m) => m.change);

describe("a person's own membership", () => {
  test("their archive and their order reach their other tab, not the group's other members", async () => {
    const [a, b] = await Promise.all([person('Ada'), person('Bo')]);
    const group = await newGroup(a.api);
    await addMember(a.api, group.id, b, ROLES.standard);
    const [bOther, aSocket] = await Promise.all([listen(b.accessToken), listen(a.accessToken)]);

    // Bo archives the group for himself (a member without the status permission archives his own).
    expect((await b.api.patch(`/user/group/${group.id}`, { status: GROUP_STATUS.archived })).status).toBe(
      200,
    );
    await expect.poll(() => heard(bOther, group.id)).toEqual(['status']);
    expect((await b.api.patch(`/user/group/${group.id}`, { status: GROUP_STATUS.active })).status).toBe(200);
    await expect.poll(() => heard(bOther, group.id)).toEqual(['status', 'status']);

    // Bo moves the group to the top of his list (before his Private group).
    expect((await b.api.put('/group/order', { group_id: group.id, next_index: 0 })).status).toBe(200);
    await expect.poll(() => heard(bOther, group.id)).toEqual(['status', 'status', 'order']);

    // Ada's socket is open and served, yet heard none of Bo's own changes.
    aSocket.ws.send(JSON.stringify({ type: 'ping' }));
    await expect.poll(() => aSocket.messages).toContainEqual({ type: 'pong' });
    expect(heard(aSocket, group.id)).toEqual([]);
  });
});
