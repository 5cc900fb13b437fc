/**
 * Operator commands: `npm run admin -- subscription <email> <package> <status>`, and
 * `npm run admin -- backfill-list-keys` (once after the deploy that adds the list indexes, D28),
 * `npm run admin -- backfill-child-links` (once after the deploy that adds the child links, D36) and
 * `npm run admin -- backfill-day-watch-keys` (once after the deploy that adds the day watch, D34).
 * Locally it works on the running stack of LOCAL_DATA_DIR (default .local/); in AWS set TABLE_NAME
 * and AWS credentials instead.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SUBSCRIPTION_PACKAGES, SUBSCRIPTION_STATUSES } from '@tandem/shared';

const usage = `Usage:
  npm run admin -- subscription <email> <package> <status>
    package: ${SUBSCRIPTION_PACKAGES.join(' | ')}
    status:  ${SUBSCRIPTION_STATUSES.join(' | ')}
  npm run admin -- backfill-list-keys
    writes the list keys of tasks saved before the list indexes existed (safe to repeat)
  npm run admin -- backfill-child-links
    links sub-tasks saved before the child links existed to their parents (safe to repeat)
  npm run admin -- backfill-day-watch-keys
    puts dated and urgent tasks saved before the day watch existed on it (safe to repeat)`;

const [command, ...args] = process.argv.slice(2);
if (
  !(
    (command === 'subscription' && args.length === 3) ||
    (command === 'backfill-list-keys' && args.length === 0) ||
    (command === 'backfill-child-links' && args.length === 0) ||
    (command === 'backfill-day-watch-keys' && args.length === 0)
  )
) {
  console.error(usage);
  process.exit(2);
}

if (!process.env.TABLE_NAME) {
  // Point at the local stack's DynamoDB, as recorded by `npm start`.
  const dataDir = resolve(process.env.LOCAL_DATA_DIR ?? join(import.meta.dirname, '../../.local'));
  let state: { ports?: { dynamodb?: number } };
  try {
    state = JSON.parse(readFileSync(join(dataDir, 'stack.json'), 'utf8'));
  } catch {
    console.error(`No local stack found in ${dataDir}. Start it with npm start, or set TABLE_NAME for AWS.`);
    process.exit(1);
  }
  const port = state.ports?.dynamodb;
  if (!port) {
    console.error(`${dataDir}/stack.json does not name a DynamoDB port; is npm start running?`);
    process.exit(1);
  }
  Object.assign(process.env, {
    TABLE_NAME: 'tandem',
    DYNAMODB_ENDPOINT: `http://127.0.0.1:${port}`,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  });
}

if (command === 'backfill-child-links') {
  const { backfillChildLinks } = await import('@tandem/functions/db/migrations/child-links');
  console.log(`Child links written for ${await backfillChildLinks()} sub-tasks.`);
  process.exit(0);
}

if (command === 'backfill-day-watch-keys') {
  const { backfillDayWatchKeys } = await import('@tandem/functions/db/migrations/day-watch-keys');
  console.log(`Day watch keys written for ${await backfillDayWatchKeys()} placements.`);
  process.exit(0);
}

if (command === 'backfill-list-keys') {
  const { backfillListKeys } = await import('@tandem/functions/db/migrations/list-keys');
  console.log(`List keys written for ${await backfillListKeys()} placements.`);
  process.exit(0);
}

const { setSubscription } = await import('@tandem/functions/core/user/subscription-admin');
const [email, pkg, status] = args as [string, string, string];
try {
  const user = await setSubscription(email, pkg, status);
  console.log(`${email}: ${user.subscription.package}, ${user.subscription.currentStatus}`);
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
