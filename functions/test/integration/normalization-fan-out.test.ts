/**
 * The daily job fanned out (decisions D34): its handler answers the people due page by page, and its
 * worker normalises them in batches — here through the local runner's pool, which stands in for the
 * Step Functions distributed map, running the same handler modules.
 */
import { jobs } from '@tandem/shared/api/routes';
import { DateTime } from 'luxon';
import { describe, expect, it, vi } from 'vitest';
import { runFanOut } from '../../../scripts/src/local/gateway/fan-out.ts';
import { person, privateGroup, task } from './support.ts';

const { duePeoplePage } = await import('../../src/core/schedules/normalization-due.ts');
const { DayStateEntity } = await import('../../src/db/entities/day-state.ts');

// A moment far from the other tests' due hours, so the people due then are this file's.
const runAt = DateTime.utc().plus({ days: 40 }).set({ hour: 10, minute: 10, second: 0, millisecond: 0 });
const hour = (h: DateTime) => h.toFormat("yyyy-MM-dd'T'HH");

describe('the daily job, fanned out', () => {
  it('pages through everyone due and normalises each of them once, in batches', async () => {
    const people = await Promise.all(Array.from({ length: 12 }, (_, i) => person(`Due${i}`)));
    const urgent = await Promise.all(
      people.map(async (p) =>
        task(p.api, {
          title: 'Urgent one',
          group: await privateGroup(p.api),
          priority_group: 2,
          details: { flag: 1 },
        }),
      ),
    );
    // Due at three different hours of the last day.
    await Promise.all(
      people.map((p, i) =>
        DayStateEntity.patch({ userId: p.userId })
          .set({ dueHour: hour(runAt.minus({ hours: 1 + (i % 3) })), timezone: 'UTC' })
          .go(),
      ),
    );

    // Small pages still reach everyone, each once.
    const seen: string[] = [];
    let cursor = null;
    do {
      const page = await duePeoplePage(runAt.toJSDate(), cursor, 5);
      expect(page.people.length).toBeLessThanOrEqual(5);
      seen.push(...page.people.map((d) => d.userId));
      cursor = page.next;
    } while (cursor);
    expect(seen.sort()).toEqual(people.map((p) => p.userId).sort());

    const job = { ...jobs.normalizeDays, fanOut: { ...jobs.normalizeDays.fanOut, batchSize: 5 } };
    const run = await runFanOut(job, { now: runAt.toISO() });
    expect(run).toEqual({ items: 12, batches: 3, failedBatches: 0 });
    for (const [i, p] of people.entries()) {
      expect((await p.api.get(`/task/${urgent[i].id}`)).body.priority_group.id).toBe(0);
      const state = (await DayStateEntity.get({ userId: p.userId }).go()).data!;
      expect(state.normalizedOn).toBe(runAt.toISODate());
      // Their next morning: no longer due in the hours just run.
      expect(state.dueHour > hour(runAt)).toBe(true);
    }
    // Nobody is due any more: a second run hands out nothing.
    expect(await runFanOut(job, { now: runAt.toISO() })).toEqual({ items: 0, batches: 0, failedBatches: 0 });
  });

  it('a failing batch is run again twice, then counted as failed; the rest go on', async () => {
    const calls: string[] = [];
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const job = {
      handler: 'list',
      cron: '* * * * ? *',
      description: 'test',
      fanOut: { worker: 'work', batchSize: 2, concurrency: 2 },
    };
    const r = await runFanOut(job, {}, async (module, event) => {
      if (module === 'list') {
        const first = (event as { cursor?: number }).cursor === undefined;
        return first
          ? { now: 'n', items: ['a', 'b', 'bad', 'c'], next: { cursor: 1 } }
          : { now: 'n', items: ['d'], next: null };
      }
      const items = (event as { Items: string[] }).Items;
      calls.push(items.join(','));
      if (items.includes('bad')) throw new Error('boom');
      return {};
    });
    expect(r).toEqual({ items: 5, batches: 3, failedBatches: 1 });
    expect(calls.filter((c) => c === 'bad,c')).toHaveLength(3);
    expect(calls).toContain('a,b');
    expect(calls).toContain('d');
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });
});
