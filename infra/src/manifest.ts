/**
 * What infra deploys, as data. The app passes the real manifest from `@tandem/shared`; tests pass
 * made-up ones (hundreds of routes) to prove the stacks stay inside CloudFormation's limits.
 */
import {
  DEFAULT_NEEDS,
  fixedNeeds,
  jobNeeds,
  jobWorkerNeeds,
  type Need,
  routeNeeds,
  wsNeeds,
} from '@tandem/shared/api/needs';
import { API_BASE, type JobDef, jobs, type RouteDef, routes, wsRoutes } from '@tandem/shared/api/routes';

export interface DeployManifest {
  readonly routes: Readonly<Record<string, RouteDef>>;
  /** WebSocket route key ($connect, $disconnect, $default, or an action) → module under functions/src/ws/. */
  readonly wsRoutes: Readonly<Record<string, string>>;
  readonly jobs: Readonly<Record<string, JobDef>>;
}

export const realManifest: DeployManifest = { routes, wsRoutes, jobs };

/**
 * The HTTP API route path for a manifest route. API Gateway refuses a route path that ends in '/'
 * and routes '/x/' to the route '/x', so the key drops the trailing slash; the handler still sees
 * the path as the browser sent it.
 */
export function gatewayPath(route: RouteDef): string {
  const full = `${API_BASE}${route.path}`;
  return full.length > 1 ? full.replace(/\/+$/, '') : full;
}

/** One nested stack's share of the routes. */
export interface RouteGroup {
  /** Construct id of the nested stack, e.g. `RoutesUser`, `RoutesTasks2`. */
  readonly id: string;
  readonly routes: ReadonlyArray<readonly [routeId: string, route: RouteDef]>;
}

/**
 * Each route costs about five resources in its nested stack (function, log group, integration,
 * route, invoke permission) plus one shared role and policy per stack: 60 routes ≈ 302 resources,
 * well under CloudFormation's 500 with room for later additions (alarms, aliases).
 */
export const MAX_ROUTES_PER_STACK = 60;

const pascal = (s: string) =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

/**
 * Splits the routes into nested stacks by area — the handler's folder (`user/get-config` → `user`).
 *
 * Why by area and not in fixed chunks of the manifest order: a route must never move between
 * nested stacks when an unrelated route is added. A move creates the route in the new stack before
 * the old stack deletes it, and API Gateway refuses the duplicate route key, failing the deploy.
 * Grouping by area keeps every route where it is unless its own area outgrows a stack; only then is
 * that one area split, in manifest order, into `RoutesTasks`, `RoutesTasks2`, …
 */
export function planRouteGroups(
  manifestRoutes: Readonly<Record<string, RouteDef>>,
  maxPerStack = MAX_ROUTES_PER_STACK,
): RouteGroup[] {
  const byArea = new Map<string, Array<readonly [string, RouteDef]>>();
  const keys = new Map<string, string>();
  for (const [routeId, route] of Object.entries(manifestRoutes)) {
    const key = `${route.method} ${gatewayPath(route)}`;
    const clash = keys.get(key);
    if (clash) throw new Error(`Routes ${clash} and ${routeId} both map to ${key} in API Gateway`);
    keys.set(key, routeId);
    const area = route.handler.includes('/') ? route.handler.split('/')[0]! : 'root';
    const list = byArea.get(area) ?? [];
    list.push([routeId, route]);
    byArea.set(area, list);
  }
  const groups: RouteGroup[] = [];
  for (const area of [...byArea.keys()].sort()) {
    const list = byArea.get(area)!;
    for (let i = 0; i * maxPerStack < list.length; i++) {
      groups.push({
        id: `Routes${pascal(area)}${i === 0 ? '' : i + 1}`,
        routes: list.slice(i * maxPerStack, (i + 1) * maxPerStack),
      });
    }
  }
  return groups;
}

/** Every functions/src module the manifest needs (HTTP, WebSocket and job handlers, plus the fixed ones). */
export function handlerModules(manifest: DeployManifest): string[] {
  return [
    'triggers/custom-message',
    'triggers/post-confirmation',
    'ws/authorize',
    'streams/live',
    ...Object.values(manifest.routes).map((r) => `http/${r.handler}`),
    ...Object.values(manifest.wsRoutes).map((m) => `ws/${m}`),
    ...Object.values(manifest.jobs).map((j) => `jobs/${j.handler}`),
    ...Object.values(manifest.jobs).flatMap((j) => (j.fanOut ? [`jobs/${j.fanOut.worker}`] : [])),
  ];
}

/** What a function may touch, by kind and id (@tandem/shared/api/needs); unlisted ones only read the table. */
const lookup = (table: Readonly<Record<string, readonly Need[] | undefined>>, id: string): readonly Need[] =>
  table[id] ?? DEFAULT_NEEDS;
/**
 * Every route answers through the handler factory, which signs the avatar links in its answer
 * (functions/src/lib/avatar-urls.ts, D48): each gets `avatars:read` beside its declared needs.
 */
export const needsOfRoute = (routeId: string): readonly Need[] => [
  ...lookup(routeNeeds, routeId),
  'avatars:read',
];
export const needsOfWs = (module: string) => lookup(wsNeeds, module);
export const needsOfJob = (jobId: string) => lookup(jobNeeds, jobId);
export const needsOfJobWorker = (jobId: string) => lookup(jobWorkerNeeds, jobId);
export const needsOfFixed = (
  module: 'triggers/custom-message' | 'triggers/post-confirmation' | 'ws/authorize' | 'streams/live',
) => lookup(fixedNeeds, module);

/** Every handler module of the manifest with its declared needs. */
export function declaredNeeds(manifest: DeployManifest): Record<string, readonly Need[]> {
  return {
    'triggers/custom-message': needsOfFixed('triggers/custom-message'),
    'triggers/post-confirmation': needsOfFixed('triggers/post-confirmation'),
    'ws/authorize': needsOfFixed('ws/authorize'),
    'streams/live': needsOfFixed('streams/live'),
    ...Object.fromEntries(
      Object.entries(manifest.routes).map(([id, r]) => [`http/${r.handler}`, needsOfRoute(id)]),
    ),
    ...Object.fromEntries(Object.values(manifest.wsRoutes).map((m) => [`ws/${m}`, needsOfWs(m)])),
    ...Object.fromEntries(
      Object.entries(manifest.jobs).map(([id, j]) => [`jobs/${j.handler}`, needsOfJob(id)]),
    ),
    ...Object.fromEntries(
      Object.entries(manifest.jobs).flatMap(([id, j]) =>
        j.fanOut ? [[`jobs/${j.fanOut.worker}`, needsOfJobWorker(id)]] : [],
      ),
    ),
  };
}
