/**
 * `npm run bench -- avatars` (decisions D48): what other people's avatars cost. In the process: the
 * signing walk over a page of 100 task views (3 assignees each, 30 people) with avatars and without.
 * On a throwaway stack: how long after a person with `BENCH_AVATAR_TASKS` tasks in 10 groups changes
 * their avatar the stream consumer has written the new id into every copy (their tasks and rosters).
 */
import { readFileSync } from 'node:fs';
import { fmt, median, percentile } from './stats.ts';

const picture = readFileSync(new URL('../../../functions/test/unit/avatar-images/256.jpg', import.meta.url));

function page(withAvatars: boolean, run = 0) {
  return {
    count: 100,
    results: Array.from({ length: 100 }, (_, i) => ({
      id: `task-${i}`,
      title: `Task ${i}`,
      user: {
        id: `u${i % 30}`,
        name: 'Someone',
        avatar: withAvatars ? `avatars/u${i % 30}/a${run}-${i % 30}` : null,
      },
      taskAssignees: [0, 1, 2].map((k) => ({
        user: `u${(i + k) % 30}`,
        assigneeName: 'Someone',
        avatar: withAvatars ? `avatars/u${(i + k) % 30}/a${run}-${(i + k) % 30}` : null,
      })),
    })),
  };
}

/** `fresh`: other avatar ids on every run, so each is signed (else the half hour's links are kept). */
async function timeWalk(withAvatars: boolean, runs: number, fresh = false) {
  const { withAvatarUrls } = await import('@tandem/functions/lib/avatar-urls');
  await withAvatarUrls(page(withAvatars)); // loads the presigner once
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const p = page(withAvatars, fresh ? i + 1 : 0);
    const t = performance.now();
    await withAvatarUrls(p);
    ms.push(performance.now() - t);
  }
  return ms;
}

export async function benchAvatars(owner: { userId: string }, tasks: number): Promise<void> {
  const without = await timeWalk(false, 200);
  const signing = await timeWalk(true, 200, true);
  const withKeys = await timeWalk(true, 200);
  console.log(
    '\nAvatars (D48): signing a page of 100 tasks, 300 assignee and 100 creator avatars, 30 people',
  );
  console.log(
    `  without avatars: median ${fmt(median(without), 3)} ms, p95 ${fmt(percentile(without, 95), 3)} ms`,
  );
  console.log(
    `  with avatars, 30 links signed: median ${fmt(median(signing), 3)} ms, p95 ${fmt(percentile(signing, 95), 3)} ms`,
  );
  console.log(
    `  with avatars, the half hour's links kept: median ${fmt(median(withKeys), 3)} ms, p95 ${fmt(percentile(withKeys, 95), 3)} ms`,
  );

  const { seedTasks } = await import('./seed-tasks.ts');
  const { setAvatar } = await import('@tandem/functions/core/user/avatar');
  const { PlacementEntity } = await import('@tandem/functions/db/entities/placement');
  const { TaskEntity } = await import('@tandem/functions/db/entities/task');
  const { listGroups } = await import('@tandem/functions/core/groups/groups');
  const actor = { userId: owner.userId, username: owner.userId };
  await seedTasks(owner, tasks, 10);
  const placements = (await PlacementEntity.query.byUser({ userId: owner.userId }).go({ pages: 'all' })).data;
  const ids = placements.map((p) => ({ taskId: p.taskId }));
  const copies = async (avatarId: string) => {
    const ts = (await TaskEntity.get(ids).go()).data as Array<{ creatorAvatarId?: string }>;
    const groups = (await listGroups(actor)).results;
    return (
      ts.filter((t) => t.creatorAvatarId === avatarId).length +
      groups.filter((g) =>
        g.groupMembers.some((m) => m.user === owner.userId && m.avatar?.includes(avatarId)),
      ).length
    );
  };
  const want = ids.length + 10;
  const times: number[] = [];
  for (let run = 0; run < 3; run++) {
    const t = performance.now();
    const { id } = await setAvatar(actor, picture);
    while ((await copies(id)) < want) await new Promise((r) => setTimeout(r, 100));
    times.push(performance.now() - t);
  }
  console.log(
    `  a new avatar in every copy (${ids.length} tasks, 10 rosters): median ${fmt(median(times) / 1000, 2)} s ` +
      `(runs ${times.map((x) => fmt(x / 1000, 2)).join(', ')} s; polled every 100 ms)`,
  );
}
