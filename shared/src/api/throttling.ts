/**
 * Request limits, once: infra sets the API Gateway stages from them and the local gateway enforces
 * them. Each is a token bucket — `rate` requests a second on average, up to `burst` at once.
 *
 * API Gateway throttles a stage or a route across ALL its callers, never per caller; the per-user and
 * per-IP limits are the local gateway's here and a WAF rate rule's in AWS (issue 19). See
 * docs/decisions.md D15.
 */
import { type ErrorBody, errorCodes, messages } from './errors.ts';
import { type RouteDef, routes } from './routes.ts';

export interface RateLimit {
  /** Requests a second, on average. */
  readonly rate: number;
  /** Requests at once, after a quiet spell. */
  readonly burst: number;
}

export interface ThrottleLimits {
  /** Each signed-in user, over all `user` routes (a page load sends a few dozen calls at once). */
  readonly perUser: RateLimit;
  /** Each IP address, over the public routes a person opens (invitation answers, request pages). */
  readonly publicPerIp: RateLimit;
  /** Each calendar-feed token: calendar services fetch from a few shared addresses, so not per IP. */
  readonly perFeedToken: RateLimit;
  /** The HTTP API stage, all callers together (the stage's default route throttling). */
  readonly httpStage: RateLimit;
  /** Each public route, all callers together (route settings of the stage). */
  readonly publicRoute: RateLimit;
  /** The WebSocket stage, all callers together: connections and messages. */
  readonly webSocketStage: RateLimit;
}

export const THROTTLE_LIMITS: ThrottleLimits = {
  perUser: { rate: 10, burst: 60 },
  publicPerIp: { rate: 1, burst: 10 },
  perFeedToken: { rate: 0.1, burst: 5 },
  httpStage: { rate: 1000, burst: 2000 },
  publicRoute: { rate: 50, burst: 100 },
  webSocketStage: { rate: 500, burst: 1000 },
};

/**
 * Public routes fetched by servers rather than people, limited by a path parameter instead of by IP:
 * the route id → the parameter. They keep to the stage's limit as a whole.
 */
export const LIMITED_BY_PATH_PARAMETER: Readonly<Partial<Record<keyof typeof routes, string>>> = {
  getCalendarFeed: 'token',
};

/** How a route is throttled per caller. */
export type CallerLimit =
  | { readonly by: 'user' }
  | { readonly by: 'ip' }
  | { readonly by: 'pathParameter'; readonly name: string };

export function callerLimitOf(routeId: string, route: RouteDef): CallerLimit {
  if (route.auth === 'user') return { by: 'user' };
  const name = (LIMITED_BY_PATH_PARAMETER as Record<string, string | undefined>)[routeId];
  return name ? { by: 'pathParameter', name } : { by: 'ip' };
}

/** The public routes people open, each capped as a whole at `publicRoute` and per IP at `publicPerIp`. */
export function publicPerIpRoutes(
  manifest: Readonly<Record<string, RouteDef>> = routes,
): Array<[id: string, route: RouteDef]> {
  return Object.entries(manifest).filter(([id, r]) => callerLimitOf(id, r).by === 'ip');
}

/**
 * Reads limits from a setting such as `off`, or `perUser=5/10,publicPerIp=1/2` (rate/burst) over the
 * defaults. `off` (or `false`) means no limits (the local test suite sends many calls from one user).
 */
export function parseThrottleSetting(
  setting: string | undefined,
  defaults: ThrottleLimits = THROTTLE_LIMITS,
): ThrottleLimits | false {
  const text = setting?.trim();
  if (!text) return defaults;
  if (/^(off|false|0|no)$/i.test(text)) return false;
  const limits: Record<string, RateLimit> = { ...defaults };
  for (const part of text.split(',')) {
    const m = /^\s*(\w+)\s*=\s*([\d.]+)\s*\/\s*(\d+)\s*$/.exec(part);
    if (!m || !(m[1]! in defaults) || !(Number(m[2]) > 0) || !(Number(m[3]) >= 1)) {
      throw new Error(
        `Cannot read the throttle setting "${part.trim()}": write off, or name=rate/burst with name one of ${Object.keys(defaults).join(', ')}`,
      );
    }
    limits[m[1]!] = { rate: Number(m[2]), burst: Number(m[3]) };
  }
  return limits as unknown as ThrottleLimits;
}

/** The 429 answer's body (with a Retry-After header): the API's error shape. */
export function tooManyRequestsBody(): ErrorBody {
  return {
    detail: messages.tooManyRequests,
    fallbackMessage: messages.tooManyRequests,
    code: errorCodes.tooManyRequests,
    errors: {},
  };
}
