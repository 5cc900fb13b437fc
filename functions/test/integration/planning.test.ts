/**
 * Issue 16 item 3: the planning viewer's calls. GET /task/plan/{rootId} reads the tree; PATCH saves a
 * session's changes, checked whole before anything is written, idempotent by its key.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Api, addMember, newGroup, person, privateGroup, task } from './support.ts';

interface PlanView {
  id: string;
  title: string;
  mode: string;
  parent: { id: string } | null;
}
const planOf = async (api: Api, rootId: string) => {
  const r = await api.get(`/task/plan/${rootId}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.results as PlanView[];
};
/** The tree as "title<parent title" lines, sorted: compares shapes regardless of ids. */
const shape = (plan: PlanView[]) => {
  const title = new Map(plan.map((n) => [n.id, n.title]));
  return plan.map((n) => `${n.title}<${n.parent ? title.get(n.parent.id) : ''}`).sort();
};
const save = (api: Api, rootId: string, changes: object, key = `k-${randomUUID()}`) =>
  api.patch(`/task/plan/${rootId}`, { key, ...changes });

async function tripPlan() {
  const ann = await person('Ann');
  const group = await privateGroup(ann.api);
  const root = await task(ann.api, {
    title: 'Trip',
    group,
    children: [{ title: 'Flights' }, { title: 'Hotel' }],
  });
  const [flights, hotel] = root.children as Array<{ id: string }>;
  const seats = await task(ann.api, { title: 'Seats', group, parent: flights!.id });
  return {
    ann,
    group,
    root: root.id as string,
    flights: flights!.id,
    hotel: hotel!.id,
    seats: seats.id as string,
  };
}

describe('GET /task/plan/{rootId}', () => {
  it('answers the task and its descendants, parents first; someone outside gets 404', async () => {
    const { ann, root } = await tripPlan();
    const plan = await planOf(ann.api, root);
    expect(plan[0]!.id).toBe(root);
    expect(plan[0]!.parent).toBeNull();
    expect(shape(plan)).toEqual(['Flights<Trip', 'Hotel<Trip', 'Seats<Flights', 'Trip<']);
    const eve = await person('Eve');
    expect((await eve.api.get(`/task/plan/${root}`)).status).toBe(404);
  });
});

describe('PATCH /task/plan/{rootId}', () => {
  it('saves creates (nested), a move, a rename, a mode change and a delete together', async () => {
    const { ann, root, flights, hotel, seats } = await tripPlan();
    const r = await save(ann.api, root, {
      creates: [
        { id: 'new:1', parent_id: hotel, title: 'Book room', level: 4 },
        { id: 'new:2', parent_id: 'new:1', title: 'Compare prices', level: 5, mode: 'active' },
      ],
      moves: [{ id: seats, parent_id: hotel, level: 5 }],
      edits: [{ id: hotel, title: 'Hotel booked', mode: 'draft' }],
      deletes: [flights],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.created.map((c: { temp_id: string }) => c.temp_id)).toEqual(['new:1', 'new:2']);
    const plan = await planOf(ann.api, root);
    expect(shape(plan)).toEqual([
      'Book room<Hotel booked',
      'Compare prices<Book room',
      'Hotel booked<Trip',
      'Seats<Hotel booked',
      'Trip<',
    ]);
    expect(plan.find((n) => n.title === 'Book room')!.mode).toBe('draft');
    expect(plan.find((n) => n.title === 'Compare prices')!.mode).toBe('active');
    expect(plan.find((n) => n.title === 'Hotel booked')!.mode).toBe('draft');
    // The tasks' own reads agree: the parent lists its children, the deleted one is gone.
    expect((await ann.api.get(`/task/${flights}`)).status).toBe(404);
    const h = (await ann.api.get(`/task/${hotel}`)).body;
    expect(h.child_count).toBe(2);
  });

  it('refuses a move under its own descendant (a cycle), writing nothing of the save', async () => {
    const { ann, root, flights, seats, hotel } = await tripPlan();
    const before = shape(await planOf(ann.api, root));
    const r = await save(ann.api, root, {
      creates: [{ id: 'new:1', parent_id: hotel, title: 'Would be written first', level: 4 }],
      moves: [{ id: flights, parent_id: seats, level: 4 }],
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('planning.move-under-descendant');
    expect(shape(await planOf(ann.api, root))).toEqual(before);
  });

  it('refuses a node without a title (planning.title-required), writing nothing', async () => {
    const { ann, root, hotel } = await tripPlan();
    const before = shape(await planOf(ann.api, root));
    const r = await save(ann.api, root, {
      creates: [{ id: 'new:1', parent_id: hotel, title: 'Fine', level: 4 }],
      edits: [{ id: hotel, title: '   ' }],
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('planning.title-required');
    expect(shape(await planOf(ann.api, root))).toEqual(before);
  });

  it('refuses children under an issue (level 8)', async () => {
    const { ann, group, root } = await tripPlan();
    const issue = await task(ann.api, { title: 'Bug', group, parent: root, level: 8 });
    const r = await save(ann.api, root, {
      creates: [{ id: 'new:1', parent_id: issue.id, title: 'Sub', level: 8 }],
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('planning.issue-no-children');
  });

  it('answers planning.no-changes-to-save when nothing changed', async () => {
    const { ann, root } = await tripPlan();
    const r = await save(ann.api, root, {});
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('planning.no-changes-to-save');
  });

  it('saves 250 new nodes in one call; a retry with the same key writes nothing new', async () => {
    const { ann, root, hotel } = await tripPlan();
    // 10 branches of 24 leaves, and 10 more under the hotel (the plan has 4 tasks before).
    const creates = [
      ...Array.from({ length: 10 }, (_, b) => [
        { id: `new:b${b}`, parent_id: root, title: `Branch ${b}`, level: 4 },
        ...Array.from({ length: 24 }, (_, l) => ({
          id: `new:b${b}l${l}`,
          parent_id: `new:b${b}`,
          title: `Leaf ${b}.${l}`,
          level: 5,
        })),
      ]).flat(),
      ...Array.from({ length: 10 }, (_, i) => ({
        id: `new:h${i}`,
        parent_id: hotel,
        title: `Room ${i}`,
        level: 5,
      })),
    ];
    expect(creates).toHaveLength(260);
    const key = `k-${randomUUID()}`;
    const first = await save(ann.api, root, { creates }, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const plan = await planOf(ann.api, root);
    expect(plan).toHaveLength(4 + 260);
    const again = await save(ann.api, root, { creates }, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await planOf(ann.api, root)).toHaveLength(4 + 260);
  });

  it('refuses a change the caller may not make (viewer: 403; outsider: 404), writing nothing', async () => {
    const ann = await person('Ann');
    const vic = await person('Vic');
    const eve = await person('Eve');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, vic, 4);
    const root = await task(ann.api, { title: 'Shared plan', group: g.id, children: [{ title: 'Step' }] });
    const step = root.children[0].id;
    const before = shape(await planOf(ann.api, root.id));
    expect(shape(await planOf(vic.api, root.id))).toEqual(before);
    const rename = await save(vic.api, root.id, {
      creates: [{ id: 'new:1', parent_id: root.id, title: 'Sneaky', level: 4 }],
    });
    expect(rename.status).toBe(403);
    const edit = await save(vic.api, root.id, { edits: [{ id: step, title: 'Renamed' }] });
    expect(edit.status).toBe(403);
    const outsider = await save(eve.api, root.id, { edits: [{ id: step, title: 'Renamed' }] });
    expect(outsider.status).toBe(404);
    expect(shape(await planOf(ann.api, root.id))).toEqual(before);
  });

  it('refuses a task from outside the plan (404) and a bad body (400), writing nothing', async () => {
    const { ann, group, root } = await tripPlan();
    const other = await task(ann.api, { title: 'Elsewhere', group });
    expect((await save(ann.api, root, { edits: [{ id: other.id, title: 'x' }] })).status).toBe(404);
    expect((await save(ann.api, root, { edits: [{ id: root, priority_group: 4 }] })).status).toBe(400);
    expect((await ann.api.patch(`/task/plan/${root}`, { creates: [] })).status).toBe(400);
  });
});

describe('bringing existing tasks into a plan (the left panel)', () => {
  it('moves a task from elsewhere with its descendants under a node; the plan’s own ancestor is refused', async () => {
    const { ann, group, root, hotel } = await tripPlan();
    const visa = await task(ann.api, { title: 'Visa', group, children: [{ title: 'Photos' }] });
    const r = await save(ann.api, root, { moves: [{ id: visa.id, parent_id: hotel, level: 5 }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(shape(await planOf(ann.api, root))).toEqual([
      'Flights<Trip',
      'Hotel<Trip',
      'Photos<Visa',
      'Seats<Flights',
      'Trip<',
      'Visa<Hotel',
    ]);
    // The trip's own parent cannot come under it: nothing written.
    const above = await task(ann.api, { title: 'Year', group });
    const sub = await task(ann.api, { title: 'Summer', group, parent: above.id });
    const refused = await save(ann.api, sub.id, { moves: [{ id: above.id, parent_id: sub.id, level: 5 }] });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('planning.move-under-descendant');
    expect((await ann.api.get(`/task/${above.id}`)).body.parent).toBeNull();
  });
});

describe('GET /task/plan', () => {
  it("lists the caller's top-level tasks with sub-tasks", async () => {
    const { ann, group, root } = await tripPlan();
    await task(ann.api, { title: 'Lonely', group });
    const r = await ann.api.get('/task/plan');
    expect(r.status).toBe(200);
    expect(r.body.results.map((t: { id: string }) => t.id)).toEqual([root]);
  });
});

describe('a node’s schedule in a save (scheduled_task edits)', () => {
  const oneOff = {
    start_date: '2031-03-04T09:00:00.000Z',
    all_day: false,
    duration: 90,
    flexible_time: 4,
    recur_rule: null,
    timezone: 'Europe/Berlin',
  };
  it('sets a task’s schedule (Scheduled on its list) and a new node’s, then clears one', async () => {
    const { ann, root, hotel } = await tripPlan();
    const weekly = { ...oneOff, all_day: true, duration: 1440, recur_rule: 'FREQ=WEEKLY;BYDAY=MO' };
    const r = await save(ann.api, root, {
      creates: [{ id: 'new:1', parent_id: root, title: 'Pack', level: 4 }],
      edits: [
        { id: hotel, scheduled_task: oneOff },
        { id: 'new:1', scheduled_task: weekly },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const h = (await ann.api.get(`/task/${hotel}`)).body;
    expect(h.scheduled_task).toMatchObject({ ...oneOff, start_date: '2031-03-04T09:00:00.000Z' });
    expect(h.priority_group.id).toBe(4);
    const packId = r.body.created[0].id;
    const pack = (await ann.api.get(`/task/${packId}`)).body;
    expect(pack.scheduled_task).toMatchObject({ all_day: true, recur_rule: 'FREQ=WEEKLY;BYDAY=MO' });
    expect(pack.priority_group.id).toBe(6);
    // The plan answers the schedules with its nodes (what the viewer's cards show).
    const plan = (await ann.api.get(`/task/plan/${root}`)).body.results as Array<{
      id: string;
      scheduled_task: { duration: number } | null;
    }>;
    expect(plan.find((n) => n.id === hotel)!.scheduled_task?.duration).toBe(90);

    const cleared = await save(ann.api, root, { edits: [{ id: hotel, scheduled_task: null }] });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    const after = (await ann.api.get(`/task/${hotel}`)).body;
    expect(after.scheduled_task).toBeNull();
    expect(after.priority_group.id).toBe(0);
  });

  it('refuses an unreadable repeat rule or a start in the past, writing nothing of the save', async () => {
    const { ann, root, hotel, flights } = await tripPlan();
    const before = shape(await planOf(ann.api, root));
    const badRule = await save(ann.api, root, {
      edits: [
        { id: flights, title: 'Flights booked' },
        { id: hotel, scheduled_task: { ...oneOff, recur_rule: 'FREQ=SOMETIMES' } },
      ],
    });
    expect(badRule.status).toBe(400);
    expect(JSON.stringify(badRule.body)).toContain('edits.1.scheduled_task.recur_rule');
    const past = await save(ann.api, root, {
      creates: [{ id: 'new:1', parent_id: root, title: 'Pack', level: 4 }],
      edits: [{ id: 'new:1', scheduled_task: { ...oneOff, start_date: '2020-01-01T09:00:00.000Z' } }],
    });
    expect(past.status).toBe(400);
    expect(JSON.stringify(past.body)).toContain('edits.0.scheduled_task.start_date');
    expect(shape(await planOf(ann.api, root))).toEqual(before);
    expect((await ann.api.get(`/task/${hotel}`)).body.scheduled_task).toBeNull();
  });

  it('refuses a viewer (no task.scheduledTask): 403, nothing written', async () => {
    const ann = await person('Ann');
    const vic = await person('Vic');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, vic, 4);
    const root = await task(ann.api, { title: 'Shared plan', group: g.id, children: [{ title: 'Step' }] });
    const step = root.children[0].id;
    const r = await save(vic.api, root.id, { edits: [{ id: step, scheduled_task: oneOff }] });
    expect(r.status, JSON.stringify(r.body)).toBe(403);
    expect(r.body.errors).toHaveProperty(['edits.0.scheduled_task']);
    expect((await ann.api.get(`/task/${step}`)).body.scheduled_task).toBeNull();
  });
});

describe('a template’s nodes are not scheduled in the viewer', () => {
  it('refuses a schedule edit in a template’s plan (400), writing nothing of the save', async () => {
    const ann = await person('Ann');
    const group = (await newGroup(ann.api)).id;
    const tpl = (await ann.api.post('/task/template', { title: 'Onboarding', group })).body.id as string;
    const r = await save(ann.api, tpl, {
      creates: [{ id: 'new:1', parent_id: tpl, title: 'Plan', level: 6 }],
      edits: [
        { id: tpl, title: 'Onboarding v2' },
        {
          id: 'new:1',
          scheduled_task: {
            start_date: '2031-03-04T09:00:00.000Z',
            all_day: false,
            duration: 60,
            flexible_time: 4,
            recur_rule: null,
            timezone: 'Europe/Berlin',
          },
        },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.code).toBe('planning.template-no-schedule');
    expect(r.body.errors).toHaveProperty(['edits.1.scheduled_task']);
    expect(shape(await planOf(ann.api, tpl))).toEqual(['Onboarding<']);
  });
});
