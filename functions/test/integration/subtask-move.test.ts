/** Issue 11 item 4: a parent moved to another priority group takes the sub-tasks shown under it. */
import { DYNAMODB_REQUESTS_HEADER } from '@tandem/functions/lib/request-count';
import { describe, expect, it } from 'vitest';
import { type Api, person, privateGroup, task } from './support.ts';

const titlesIn = async (api: Api, priorityGroup: number) =>
  (await api.get(`/task?priority_group=${priorityGroup}`)).body.results.map(
    (t: { title: string }) => t.title,
  );

describe('moving a parent to another priority group', () => {
  it('takes its sub-tasks (and theirs) along; one placed elsewhere stays; moving back brings them back', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const trip = await task(ann.api, {
      title: 'Plan the trip',
      group,
      level: 4,
      children: [{ title: 'Book flights' }, { title: 'Pack bags' }],
    });
    const flights = trip.children.find((c: { title: string }) => c.title === 'Book flights');
    await task(ann.api, { title: 'Pick seats', group, parent: flights.id });
    await task(ann.api, { title: 'Renew passport', group, parent: trip.id, priority_group: 2 });
    expect(await titlesIn(ann.api, 0)).toEqual(['Plan the trip']);

    const moved = await ann.api.patch(`/task/${trip.id}`, { priority_group: 1 });
    expect(moved.status).toBe(200);
    expect(await titlesIn(ann.api, 0)).toEqual([]);
    expect(await titlesIn(ann.api, 1)).toEqual(['Plan the trip']);
    // Each sub-task is in the new group on its own too (its page and the task's own view say so).
    for (const c of trip.children) {
      expect((await ann.api.get(`/task/${c.id}`)).body.priority_group).toEqual({ id: 1 });
    }
    expect(await titlesIn(ann.api, 2)).toEqual(['Renew passport']);

    const back = await ann.api.patch(`/task/${trip.id}`, {
      priority_group: 0,
      place_between: { before: null, after: null },
    });
    expect(back.status).toBe(200);
    expect(await titlesIn(ann.api, 1)).toEqual([]);
    expect(await titlesIn(ann.api, 0)).toEqual(['Plan the trip']);
  });

  it('without deeper sub-tasks: the ones under it go along, one placed elsewhere stays, in 3 requests', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const room = await task(ann.api, {
      title: 'Paint the room',
      group,
      children: [{ title: 'Buy paint' }, { title: 'Tape the edges' }],
    });
    await task(ann.api, { title: 'Choose colours', group, parent: room.id, priority_group: 3 });
    expect(await titlesIn(ann.api, 0)).toEqual(['Paint the room']);

    const moved = await ann.api.patch(`/task/${room.id}`, { priority_group: 2 });
    expect(moved.status).toBe(200);
    expect(Number(moved.headers.get(DYNAMODB_REQUESTS_HEADER))).toBeLessThanOrEqual(3);
    expect(await titlesIn(ann.api, 0)).toEqual([]);
    expect(await titlesIn(ann.api, 2)).toEqual(['Paint the room']);
    for (const c of room.children) {
      expect((await ann.api.get(`/task/${c.id}`)).body.priority_group).toEqual({ id: 2 });
    }
    expect(await titlesIn(ann.api, 3)).toEqual(['Choose colours']);
  });
});
