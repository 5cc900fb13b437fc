/**
 * `npm run bench`: sizes and speeds, measured, never asserted in tests (the brief). Prints medians and
 * percentiles. Starts its own throwaway local stack; nothing of it is kept.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as LocalStack from '../local/stack.ts';
import { apiClient, createUser, type StackEnv } from '../testing/users.ts';
import { measureCall, printLatency } from './api-latency.ts';
import { benchAvatars } from './avatars.ts';
import { measureBundles, printBundles } from './bundles.ts';
import { benchChat } from './chat.ts';
import { benchContacts } from './contacts.ts';
import { benchLists } from './lists.ts';
import { benchLive } from './live.ts';
import { benchLoad } from './load.ts';
import { benchNormalization } from './normalization.ts';
import { benchPlanning } from './planning.ts';
import { benchPush } from './push.ts';
import { benchRecurrence } from './recurrence.ts';
import { printReport } from './report.ts';
import { seedGroups } from './seed-groups.ts';
import { seedRecurring, seedTasks } from './seed-tasks.ts';
import { benchTrips } from './trips.ts';
import { printRoute } from './web-routes.ts';
import { benchWebToday } from './web-today.ts';
import { benchZodJitless } from './zod-jitless.ts';

process.env.TANDEM_LOG_LEVEL = 'silent';

/**
 * Runs `run` against a throwaway local stack (in memory, not throttled: the bench seeds thousands of
 * items as one person), and always stops it and removes its folder.
 */
async function withStack(run: (stack: Awaited<ReturnType<typeof LocalStack.startStack>>) => Promise<void>) {
  const { startStack } = await import('../local/stack.ts');
  const dataDir = mkdtempSync(join(tmpdir(), 'tandem-bench-'));
  const stack = await startStack({ dataDir, port: 0, inMemory: true, quiet: true, throttle: false });
  try {
    await run(stack);
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const only = process.argv.slice(2);
const wants = (part: string) => only.length === 0 || only.includes(part);

if (wants('bundles')) printBundles(await measureBundles());
// Not in the default run: it bundles an earlier revision too (BENCH_BUNDLES_AGAINST).
if (only.includes('bundles-ab')) await (await import('./bundles-ab.ts')).benchBundlesAb();
if (wants('recurrence')) benchRecurrence();
if (wants('zod-jitless')) benchZodJitless();
if (wants('web')) printRoute('the Today route (/)', ['src/features/today/routes/today-page.tsx']);
if (wants('lighthouse')) await (await import('./lighthouse.ts')).benchLighthouse();

if (wants('web-today')) {
  // The Today route in Chromium against a throwaway local stack serving web/dist (npm run build first).
  await withStack(async (stack) => {
    await benchWebToday(stack.env as StackEnv, stack.url);
  });
}

if (wants('lists')) {
  await withStack(async (stack) => {
    const { requestCounter } = await import('@tandem/functions/db/client');
    await benchLists(stack.env as StackEnv, stack.url, requestCounter);
  });
}

if (wants('avatars')) {
  await withStack(async (stack) => {
    const owner = await createUser(stack.env as StackEnv);
    await benchAvatars(owner, Number(process.env.BENCH_AVATAR_TASKS ?? 500));
  });
}

if (wants('trips')) {
  await withStack(async (stack) => {
    const { requestCounter } = await import('@tandem/functions/db/client');
    printLatency(await benchTrips(stack.env as StackEnv, stack.url, requestCounter));
  });
}

if (wants('normalization')) {
  await withStack(async () => {
    const { requestCounter } = await import('@tandem/functions/db/client');
    await benchNormalization(Number(process.env.BENCH_NORMALIZE_USERS ?? 20), requestCounter);
  });
}

if (wants('api')) {
  // Not throttled: the bench seeds thousands of items through the API as one user.
  await withStack(async (stack) => {
    const { requestCounter } = await import('@tandem/functions/db/client');
    const user = await createUser(stack.env as StackEnv);
    const api = apiClient(stack.url, user.accessToken);
    const results = [
      await measureCall(
        'GET /api/v1/user/config/',
        () => api.raw('GET', '/user/config/', {}),
        requestCounter,
      ),
    ];
    // The groups issue's case: a user in 50 groups (the Private one included) of 30 members each.
    const t = performance.now();
    await seedGroups(stack.mail, user, 50, 30);
    console.log(`Seeded 50 groups x 30 members in ${((performance.now() - t) / 1000).toFixed(0)} s`);
    const list = await (await api.raw('GET', '/group/member', {})).json();
    if (list.count !== 50 || list.results.at(-1).group_members.length !== 30)
      throw new Error('The seed is not as intended');
    results.push(
      await measureCall(
        'GET /api/v1/group/member (50x30)',
        () => api.raw('GET', '/group/member', {}),
        requestCounter,
        100,
      ),
    );
    // The tasks issue's case: the Today page's calls for a user with 2,000 tasks across 20 groups.
    const heavy = await createUser(stack.env as StackEnv);
    const heavyApi = apiClient(stack.url, heavy.accessToken);
    const t2 = performance.now();
    await seedTasks(heavy, 2000, 20);
    console.log(`Seeded 2,000 tasks in 20 groups in ${((performance.now() - t2) / 1000).toFixed(0)} s`);
    for (const pg of [0, 1, 2, 3]) {
      results.push(
        await measureCall(
          `GET /task?priority_group=${pg} (2,000 tasks)`,
          () => heavyApi.raw('GET', `/task?priority_group=${pg}`, {}),
          requestCounter,
          50,
        ),
      );
    }
    for (const [label, path] of [
      ['GET /task/pending', '/task/pending'],
      ['GET /task/assigned', '/task/assigned'],
      ['GET /group/member (20 groups)', '/group/member'],
      ['GET /user/config/', '/user/config/'],
    ] as const) {
      results.push(
        await measureCall(`${label} (Today)`, () => heavyApi.raw('GET', path, {}), requestCounter, 50),
      );
    }
    // The time issue's case: a month window of the calendar with 300 recurring tasks.
    const planner = await createUser(stack.env as StackEnv);
    const plannerApi = apiClient(stack.url, planner.accessToken);
    const t3 = performance.now();
    await seedRecurring(planner, 300);
    console.log(`Seeded 300 recurring tasks in ${((performance.now() - t3) / 1000).toFixed(0)} s`);
    const from = new Date().toISOString();
    const to = new Date(Date.now() + 31 * 86_400_000).toISOString();
    const monthPath = `/task/schedule?start_date=${encodeURIComponent(from)}&end_date=${encodeURIComponent(to)}`;
    const month = await (await plannerApi.raw('GET', monthPath, {})).json();
    console.log(`  a month holds ${month.count} occurrences`);
    results.push(
      await measureCall(
        'GET /task/schedule (month, 300 recurring)',
        () => plannerApi.raw('GET', monthPath, {}),
        requestCounter,
        30,
      ),
    );
    printLatency(results);
  });
}

if (wants('live')) {
  await withStack(async (stack) => {
    const { requestCounter } = await import('@tandem/functions/db/client');
    await benchLive(stack.env as StackEnv, stack.url, requestCounter, () => stack.streams.drained());
  });
}

if (wants('chat')) {
  await withStack(async (stack) => {
    const { requestCounter } = await import('@tandem/functions/db/client');
    await benchChat(stack.env as StackEnv, stack.url, requestCounter, () => stack.streams.drained());
  });
}

if (wants('load')) {
  // Not throttled: ten people at 50 calls a second together pass the per-user limit on purpose.
  await withStack(async (stack) => {
    await benchLoad(stack.env as StackEnv, stack.url);
  });
}

if (wants('push')) {
  await withStack(async (stack) => {
    const { requestCounter } = await import('@tandem/functions/db/client');
    await benchPush(stack.env as StackEnv, stack.url, requestCounter);
  });
}

if (wants('files')) {
  // Attachments (issue 13, decisions D44): presign + confirm, and a 20 MB upload, through s3rver.
  await withStack(async (stack) => {
    const { benchFiles } = await import('./files.ts');
    await benchFiles(stack.env as StackEnv, stack.url);
  });
}

if (wants('fields')) {
  // Custom fields (issue 14, decisions D49): a year of daily routine values and its reports' data.
  await withStack(async (stack) => {
    const { requestCounter } = await import('@tandem/functions/db/client');
    const { benchCustomFields } = await import('./custom-fields.ts');
    await benchCustomFields(stack.env as StackEnv, stack.url, requestCounter);
  });
}

if (wants('reports')) {
  // Reports (issue 14, decisions D50): latency and DynamoDB requests per report, the consumer's cost.
  await withStack(async (stack) => {
    const { requestCounter } = await import('@tandem/functions/db/client');
    const { benchReports } = await import('./reports.ts');
    await benchReports(stack.env as StackEnv, stack.url, requestCounter);
  });
}

if (wants('contacts')) {
  // Contacts lists at 5,000 contacts (issue 15, decisions D54).
  await withStack(async (stack) => {
    const { requestCounter } = await import('@tandem/functions/db/client');
    await benchContacts(stack.env as StackEnv, stack.url, requestCounter);
  });
}

if (wants('grid')) {
  // The task grid's rows (issue 15 item 3, decisions D56): 5,000 tasks of one person.
  await withStack(async (stack) => {
    const { requestCounter } = await import('@tandem/functions/db/client');
    const { benchGrid } = await import('./grid.ts');
    await benchGrid(stack.env as StackEnv, stack.url, requestCounter);
  });
}
if (wants('roles')) {
  // Account roles, role mapping and the AI proposal (issue 16, decisions D58).
  await withStack(async (stack) => {
    const { requestCounter } = await import('@tandem/functions/db/client');
    const { benchRoles } = await import('./roles.ts');
    await benchRoles(stack.env as StackEnv, stack.url, requestCounter);
  });
}
if (wants('planning')) {
  // The planning save (200 nodes) and the viewer drawing 501 nodes (web/dist: npm run build first).
  await withStack(async (stack) => {
    const { requestCounter } = await import('@tandem/functions/db/client');
    await benchPlanning(stack.env as StackEnv, stack.url, requestCounter);
  });
}
if (wants('import')) {
  // Task import (issue 14 item 7, decisions D60): the preview in memory, then imports through the API.
  const { benchImport, benchImportParse } = await import('./import.ts');
  benchImportParse();
  await withStack(async (stack) => {
    const { requestCounter } = await import('@tandem/functions/db/client');
    await benchImport(stack.env as StackEnv, stack.url, requestCounter);
  });
}

if (wants('request-links')) {
  // The public request page's JavaScript and a request's submission (issue 18, D68; npm run build first).
  await withStack(async (stack) => {
    const { benchRequestLinks } = await import('./request-links.ts');
    await benchRequestLinks(stack.env as StackEnv, stack.url);
  });
}

if (wants('templates')) {
  // Templates (issue 16 item 1, D57): a 250-node apply, its retry, the templates tree.
  await withStack(async (stack) => {
    const { requestCounter } = await import('@tandem/functions/db/client');
    const { benchTemplates } = await import('./templates.ts');
    await benchTemplates(stack.env as StackEnv, stack.url, requestCounter);
  });
}

if (wants('curricula')) {
  // Curricula (issue 17 item 1, D66): the progress recompute on a 200-lesson curriculum.
  await withStack(async (stack) => {
    const { requestCounter } = await import('@tandem/functions/db/client');
    const { benchCurricula } = await import('./curricula.ts');
    await benchCurricula(stack.env as StackEnv, stack.url, requestCounter);
  });
}

if (wants('agendas')) {
  // Agendas at their bounds: the reads, the meeting's save, the invitation (issue 17, decisions D67).
  await withStack(async (stack) => {
    const { requestCounter } = await import('@tandem/functions/db/client');
    const { benchAgendas } = await import('./agendas.ts');
    await benchAgendas(stack.env as StackEnv, stack.url, requestCounter);
  });
}

if (wants('calendar-sync')) {
  // The scheduled calendar sync's links per second, one at a time and pooled (decisions D75).
  await withStack(async (stack) => {
    const { benchCalendarSync } = await import('./calendar-sync.ts');
    await benchCalendarSync(stack.env as StackEnv, stack.url);
  });
}

printReport();
