/**
 * The route manifest: the one list of the API's routes. The local gateway routes by it, infra
 * deploys one Lambda per entry from it, and the web client builds its URLs from it, so a route
 * exists in all three or in none.
 *
 * `path` is relative to API_BASE and uses API Gateway's `{param}` syntax. `handler` names the module
 * `functions/src/http/<handler>.ts`, which exports `handler`. `auth: 'user'` routes need a valid
 * Cognito access token (checked by the JWT authorizer); `public` routes are reachable signed out.
 */
export { API_BASE, apiPath } from './api-path.ts';

export type { HttpMethod, RouteAuth, RouteDef } from './route-def.ts';

import type * as routeDefs from './all-routes.ts';

export * as routes from './all-routes.ts';

export type RouteId = keyof typeof routeDefs;

/** WebSocket API routes (API Gateway route keys) and their handler modules under functions/src/ws/. */
export const wsRoutes = {
  $connect: 'connect',
  $disconnect: 'disconnect',
  $default: 'default',
} as const;

/** Scheduled jobs: EventBridge Scheduler in AWS, an in-process timer locally. Cron is in UTC. */
export interface JobDef {
  readonly handler: string;
  /** EventBridge cron fields: minutes hours day-of-month month day-of-week year. */
  readonly cron: string;
  readonly description: string;
  /**
   * A job whose work is spread out (decisions D34): `handler` answers one page of work items
   * (`{ now, items, next }`, `next` null at the end) and `worker` is run on batches of `batchSize`
   * items, `concurrency` batches at a time — a Step Functions distributed map in AWS, a pool in the
   * local runner.
   */
  readonly fanOut?: { readonly worker: string; readonly batchSize: number; readonly concurrency: number };
}
export const jobs = {
  normalizeDays: {
    handler: 'normalize-days',
    cron: '10 * * * ? *',
    description: "Normalises each person's day at 03:00 in their zone and sends the morning reminder.",
    fanOut: { worker: 'normalize-people', batchSize: 25, concurrency: 20 },
  },
  expireTrials: {
    handler: 'expire-subscriptions',
    cron: '5 * * * ? *',
    description: 'Ends trials whose 14 days are over and tells their users by e-mail.',
  },
  syncCalendars: {
    handler: 'sync-calendars',
    cron: '*/15 * * * ? *',
    description: 'Syncs every linked calendar (Google, Microsoft, CalDAV) both ways (decisions D70).',
  },
  syncDueCalendars: {
    handler: 'sync-due-calendars',
    cron: '* * * * ? *',
    description: 'Syncs the calendar links a change to a scheduled task marked due (decisions D70).',
  },
} as const satisfies Record<string, JobDef>;
