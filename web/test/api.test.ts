import { routes } from '@tandem/shared/api/routes';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api, configureApi } from '../src/lib/api.ts';
import { ApiError } from '../src/lib/api-error.ts';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'build-version': '11', ...headers },
  });

function setup(responses: Array<Response | Error>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const sleeps: number[] = [];
  const deps = {
    apiUrl: 'http://localhost:3000',
    buildVersion: '11',
    getAccessToken: vi.fn(async () => 'token-1'),
    refreshSession: vi.fn(async () => undefined),
    onSessionLost: vi.fn(),
    onNewBuild: vi.fn(),
    onSubscriptionStatus: vi.fn(),
    sleep: async (ms: number) => {
      sleeps.push(ms);
    },
    fetch: (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const next = responses.shift();
      if (!next) throw new Error('no more responses');
      if (next instanceof Error) throw next;
      return next;
    }) as unknown as typeof fetch,
  };
  configureApi(deps);
  return { deps, calls, sleeps };
}

describe('API client', () => {
  beforeEach(() => vi.restoreAllMocks());

  it('sends a bearer token and snake_case, and reads camelCase', async () => {
    const { calls } = setup([json(200, { time_format_option: 12, routine_times: { beginning: '03:00' } })]);
    const out = await api(routes.updateUserConfig, { body: { timeFormatOption: 12 } });
    expect(out).toEqual({ timeFormatOption: 12, routineTimes: { beginning: '03:00' } });
    expect(calls[0]!.url).toBe('http://localhost:3000/api/v1/user/config/');
    expect(calls[0]!.init.method).toBe('PATCH');
    expect(calls[0]!.init.body).toBe('{"time_format_option":12}');
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer token-1');
  });

  it('asks for keepalive only when told (a request sent while the page closes)', async () => {
    const { calls } = setup([json(200, {}), json(200, {})]);
    await api(routes.deleteTasks, { body: { tasks: ['t1'], withChildren: false }, keepalive: true });
    await api(routes.deleteTasks, { body: { tasks: ['t2'], withChildren: false } });
    expect(calls[0]!.init.keepalive).toBe(true);
    expect(calls[1]!.init.keepalive).toBeUndefined();
  });

  it('puts the query on the wire in snake_case', async () => {
    const { calls } = setup([json(200, { count: 0, results: [] })]);
    await api(routes.listTimezones, { query: { pageSize: 5 } });
    expect(calls[0]!.url).toBe('http://localhost:3000/api/v1/user/timezone/?page_size=5');
  });

  it('refreshes and retries after a 401, waiting 500 ms then 1500 ms', async () => {
    const { deps, sleeps } = setup([json(401, {}), json(401, {}), json(200, { ok: true })]);
    await expect(api(routes.getAuthUser)).resolves.toEqual({ ok: true });
    expect(deps.refreshSession).toHaveBeenCalledTimes(2);
    expect(sleeps).toEqual([500, 1500]);
    expect(deps.onSessionLost).not.toHaveBeenCalled();
  });

  it('gives up after 5 retries and ends the session', async () => {
    const { deps, sleeps, calls } = setup(
      Array.from({ length: 6 }, () => json(401, { fallback_message: 'Nope' })),
    );
    const err = await api(routes.getAuthUser).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(401);
    expect(calls).toHaveLength(6);
    expect(sleeps).toEqual([500, 1500, 4500, 13500, 40500]);
    expect(deps.onSessionLost).toHaveBeenCalledOnce();
  });

  it('ends the session at once when the refresh itself is refused', async () => {
    const { deps } = setup([json(401, {})]);
    deps.refreshSession.mockRejectedValueOnce(new Error('Refresh Token has expired'));
    await expect(api(routes.getAuthUser)).rejects.toThrow('Refresh Token has expired');
    expect(deps.onSessionLost).toHaveBeenCalledOnce();
  });

  it('reports a newer build from the build-version header', async () => {
    const { deps } = setup([json(200, {}, { 'build-version': '12' })]);
    await api(routes.getUserConfig);
    expect(deps.onNewBuild).toHaveBeenCalledOnce();
  });

  it('turns an error answer into ApiError with the catalogue body', async () => {
    setup([
      json(400, {
        detail: 'Invalid time format',
        fallback_message: 'Invalid time format',
        code: 'user-config.invalid-time-format',
        errors: { 'routine_times.beginning': 'Invalid time format' },
      }),
    ]);
    const err = (await api(routes.updateUserConfig, { body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(400);
    expect(err.code).toBe('user-config.invalid-time-format');
    expect(err.fallbackMessage).toBe('Invalid time format');
    expect(err.errors).toEqual({ 'routineTimes.beginning': 'Invalid time format' });
  });

  it('updates the subscription status from a 400 whose detail has current_status', async () => {
    const { deps } = setup([
      json(400, {
        detail: { current_status: 'expired' },
        fallback_message: 'Limit reached',
        code: 'x',
        errors: {},
      }),
    ]);
    await expect(api(routes.getAuthUser)).rejects.toBeInstanceOf(ApiError);
    expect(deps.onSubscriptionStatus).toHaveBeenCalledWith('expired');
  });

  it('says so when no answer came back', async () => {
    setup([new TypeError('Failed to fetch')]);
    const err = (await api(routes.getAuthUser).catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(0);
    expect(err.message).toBe('Request failed and no response was returned.');
  });

  it('falls back to the generic text for a server error without a body', async () => {
    setup([new Response('oops', { status: 502 })]);
    const err = (await api(routes.getAuthUser).catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(502);
    expect(err.fallbackMessage).toBe('Something went wrong, please try again later');
  });

  const unavailable = () =>
    json(
      503,
      {
        detail: 'The service is briefly unavailable. Please try again in a moment.',
        fallback_message: 'The service is briefly unavailable. Please try again in a moment.',
        code: 'service-unavailable',
        errors: {},
      },
      { 'retry-after': '5' },
    );

  it('retries a read after a 503 when Retry-After says, and answers once the service is back', async () => {
    const { calls, sleeps } = setup([unavailable(), json(200, { timeFormatOption: 24 })]);
    await expect(api(routes.getUserConfig)).resolves.toEqual({ timeFormatOption: 24 });
    expect(calls).toHaveLength(2);
    expect(sleeps).toEqual([5000]);
  });

  it('gives up on a read after two retries and shows the fallback message', async () => {
    const { calls, sleeps, deps } = setup([unavailable(), unavailable(), unavailable()]);
    const err = (await api(routes.getUserConfig).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(503);
    expect(err.code).toBe('service-unavailable');
    expect(err.message).toBe('The service is briefly unavailable. Please try again in a moment.');
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([5000, 5000]);
    expect(deps.onSessionLost).not.toHaveBeenCalled();
  });

  it('never repeats a write after a 503 (it may have been applied): the message is shown at once', async () => {
    const { calls, sleeps } = setup([unavailable()]);
    const err = (await api(routes.updateUserConfig, { body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(503);
    expect(err.fallbackMessage).toBe('The service is briefly unavailable. Please try again in a moment.');
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('ends the session when there is no token to send (User not logged in)', async () => {
    const { deps, calls } = setup([]);
    deps.getAccessToken.mockRejectedValueOnce(new Error('User not logged in'));
    await expect(api(routes.getAuthUser)).rejects.toThrow('User not logged in');
    expect(calls).toHaveLength(0);
    expect(deps.onSessionLost).toHaveBeenCalledOnce();
  });
});
