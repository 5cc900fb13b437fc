/**
 * The API client: the one place where the web app meets the wire (ARCHITECTURE §5).
 * - URLs come from the shared route manifest (apiPath), so a route exists on both sides or neither.
 * - Bodies and queries go out in snake_case and come back in camelCase.
 * - Every answer's build-version header is compared with this page's build (new-version banner).
 * - A 401 refreshes the session and retries, 5 times at most, 500 ms × 3ⁿ apart (spec 001 §4);
 *   when the session cannot be refreshed the user is signed out.
 * - A 503 (service briefly unavailable) is retried for reads only, twice, after its Retry-After;
 *   then, as for a write, the error's fallback message is what the person sees.
 * - Errors become ApiError with the catalogue body; a 400 carrying detail.current_status updates
 *   the subscription status.
 */

import { apiPath } from '@tandem/shared/api/api-path';
import { toCamel, toSnake } from '@tandem/shared/api/case';
import { BUILD_VERSION_HEADER } from '@tandem/shared/api/config';
import { SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS } from '@tandem/shared/api/errors';
import type { RouteDef } from '@tandem/shared/api/route-def';
import { ApiError, currentStatusOf, noResponseError, toErrorBody } from './api-error.ts';
import { isNewBuild } from './build-version.ts';
import { canRetry, canRetryUnavailable, retryDelayMs, unavailableDelayMs } from './retry.ts';
import { joinApiUrl, toQueryString } from './url.ts';

export interface ApiDeps {
  apiUrl: string;
  buildVersion: string;
  getAccessToken: () => Promise<string>;
  refreshSession: () => Promise<void>;
  /** The session is gone for good (no token, or refresh refused). */
  onSessionLost: () => void;
  onNewBuild: () => void;
  onSubscriptionStatus: (status: string) => void;
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
}

let deps: ApiDeps | null = null;

/** Told the detail of each 400 that reports a subscription status (the limit popover listens). */
type RefusalListener = (detail: unknown) => void;
const refusalListeners = new Set<RefusalListener>();

export function onSubscriptionRefusal(listener: RefusalListener): () => void {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

export function configureApi(d: ApiDeps): void {
  deps = d;
}

export interface ApiOptions {
  params?: Record<string, string>;
  /** camelCase keys; sent snake_case. */
  query?: Record<string, string | number | boolean | null | undefined>;
  /** JSON (camelCase keys, sent snake_case), or FormData sent as multipart as it is. */
  body?: unknown;
  signal?: AbortSignal;
  /** Sent even if the page is closing (a held delete sent on leaving the page). */
  keepalive?: boolean;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function api<T>(route: RouteDef, opts: ApiOptions = {}): Promise<T> {
  const d = deps;
  if (!d) throw new Error('API client is not configured');
  const doFetch = d.fetch ?? fetch;
  const sleep = d.sleep ?? defaultSleep;
  const url = joinApiUrl(d.apiUrl, apiPath(route, opts.params)) + toQueryString(toSnake(opts.query ?? {}));
  const body =
    opts.body === undefined
      ? undefined
      : opts.body instanceof FormData
        ? opts.body
        : JSON.stringify(toSnake(opts.body));

  let unavailableRetries = 0;
  for (let attempt = 0; ; attempt++) {
    const headers: Record<string, string> = { accept: 'application/json' };
    // FormData brings its own multipart content type with the boundary.
    if (typeof body === 'string') headers['content-type'] = 'application/json';
    if (route.auth === 'user') {
      try {
        headers.authorization = `Bearer ${await d.getAccessToken()}`;
      } catch (err) {
        d.onSessionLost();
        throw err;
      }
    }

    let res: Response;
    try {
      res = await doFetch(url, {
        method: route.method,
        headers,
        body,
        signal: opts.signal,
        ...(opts.keepalive ? { keepalive: true } : {}),
      });
    } catch (err) {
      if (opts.signal?.aborted) throw err;
      throw noResponseError();
    }
    if (isNewBuild(d.buildVersion, res.headers.get(BUILD_VERSION_HEADER))) d.onNewBuild();

    if (res.status === 401 && route.auth === 'user') {
      if (!canRetry(attempt)) {
        d.onSessionLost();
        throw new ApiError(401, toErrorBody(401, await readJson(res), res.statusText));
      }
      try {
        await d.refreshSession();
      } catch (err) {
        d.onSessionLost();
        throw err;
      }
      await sleep(retryDelayMs(attempt));
      continue;
    }

    if (res.status === 503 && canRetryUnavailable(route.method, unavailableRetries)) {
      unavailableRetries++;
      attempt--; // not a refresh attempt
      await sleep(
        unavailableDelayMs(res.headers.get('retry-after'), SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS),
      );
      continue;
    }

    const data = await readJson(res);
    if (res.ok) return data as T;

    const error = new ApiError(res.status, toErrorBody(res.status, data, res.statusText));
    const status = res.status === 400 ? currentStatusOf(error.detail) : null;
    if (status) {
      d.onSubscriptionStatus(status);
      for (const listener of refusalListeners) listener(error.detail);
    }
    throw error;
  }
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => '');
  if (!text) return undefined;
  try {
    return toCamel(JSON.parse(text));
  } catch {
    return undefined;
  }
}
