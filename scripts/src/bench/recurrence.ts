/**
 * `npm run bench recurrence`: the CPU cost of expanding a calendar month, without the stack — the
 * month schedule's own work (issue 10, target 4). 300 routines begun 30 to 330 days ago (daily,
 * three times a week, every other day) in two zones with DST, a 31-day window; and the target's case,
 * 50 routines and 500 one-off tasks. Median of 15 runs.
 */
import { expandOccurrences, type Schedule } from '@tandem/shared/time/recurrence';
import { record } from './report.ts';
import { fmt, median } from './stats.ts';

const DAY = 86_400_000;
const RULES = ['FREQ=DAILY', 'FREQ=WEEKLY;BYDAY=MO,WE,FR', 'FREQ=DAILY;INTERVAL=2'];

function routines(n: number, now: number): Schedule[] {
  return Array.from({ length: n }, (_, i) => ({
    startDate: new Date(now - (30 + i) * DAY).toISOString(),
    recurRule: RULES[i % 3]!,
    timezone: i % 2 ? 'Europe/Berlin' : 'America/New_York',
    duration: 30,
    exDate: [new Date(now + 2 * DAY).toISOString()],
  }));
}

function run(label: string, schedules: Schedule[], from: string, to: string): number {
  const times: number[] = [];
  let count = 0;
  for (let r = 0; r < 15; r++) {
    const t = performance.now();
    count = 0;
    for (const s of schedules) count += expandOccurrences(s, from, to).length;
    times.push(performance.now() - t);
  }
  console.log(
    `  ${label.padEnd(46)} ${String(count).padStart(6)} occurrences   p50 ${fmt(median(times)).padStart(7)} ms`,
  );
  return median(times);
}

export function benchRecurrence(): void {
  const now = Date.now();
  const from = new Date(now).toISOString();
  const to = new Date(now + 31 * DAY).toISOString();
  console.log('\nExpanding a month of schedules (CPU only)');
  const many = run('300 routines', routines(300, now), from, to);
  record({
    figure: 'Month expansion, 300 routines (CPU p50)',
    now: `${fmt(many)} ms`,
    target: '—',
    baseline: '455–483 ms',
    met: null,
  });
  const oneOff: Schedule[] = Array.from({ length: 500 }, (_, i) => ({
    startDate: new Date(now + (i % 31) * DAY + i * 60_000).toISOString(),
    recurRule: null,
    timezone: 'Europe/Berlin',
    duration: 60,
  }));
  const mixed = run(
    '50 routines + 500 tasks (target ≤ 100 ms a call)',
    [...routines(50, now), ...oneOff],
    from,
    to,
  );
  record({
    figure: 'Month expansion, 50 routines + 500 tasks (CPU p50)',
    now: `${fmt(mixed)} ms`,
    target: '≤ 100 ms',
    baseline: '36–44 ms',
    met: mixed <= 100,
  });
}
