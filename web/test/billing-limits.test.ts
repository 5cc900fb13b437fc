import { routes } from '@tandem/shared/api/routes';
import type { LimitDetailView } from '@tandem/shared/groups/views';
import { LIMIT_EVENTS } from '@tandem/shared/user/limits';
import { describe, expect, it, vi } from 'vitest';
import { formatDateMedium, formatDay, formatNumber } from '../src/features/subscription/format.ts';
import { toLimitRefusal } from '../src/features/subscription/limit-refusal.ts';
import { limitBadge, limitRows } from '../src/features/subscription/limit-rows.ts';
import { api, configureApi, onSubscriptionRefusal } from '../src/lib/api.ts';
import { ApiError } from '../src/lib/api-error.ts';

const detail = (over: Partial<LimitDetailView> & Pick<LimitDetailView, 'event'>): LimitDetailView => ({
  title: 'x',
  limit: 10,
  currentCount: 0,
  package: 'standard_license',
  hasAccess: true,
  status: 'ok',
  ...over,
});

describe('limits table rows', () => {
  it('orders events as the spec lists them and reads counts or storage', () => {
    const rows = limitRows({
      results: [
        detail({ event: 'storage', limit: 5120, currentCount: undefined, currentStorage: 12 }),
        detail({ event: 'ownedGroup', limit: 10, currentCount: 10, status: 'met' }),
        detail({ event: 'activeTasks', limit: 1000, currentCount: 1001, status: 'exceeded' }),
      ],
    });
    expect(rows.map((r) => r.event)).toEqual(['ownedGroup', 'activeTasks', 'storage']);
    expect(rows.map((r) => [r.used, r.limit, r.storage, r.badge])).toEqual([
      [10, 10, false, 'met'],
      [1001, 1000, false, 'exceeded'],
      [12, 5120, true, 'ok'],
    ]);
  });

  it('puts events this build does not know last, with the server title', () => {
    const rows = limitRows({
      results: [
        { ...detail({ event: 'ownedGroup' }), event: 'futureThing' as never, title: 'Future thing' },
        detail({ event: 'totalTasks' }),
      ],
    });
    expect(rows.map((r) => [r.event, r.title])).toEqual([
      ['totalTasks', 'x'],
      ['futureThing', 'Future thing'],
    ]);
  });

  it('shows a feature the package lacks as not included, unless something is over it', () => {
    expect(limitBadge(detail({ event: 'totalCurriculums', limit: 0, hasAccess: false, status: 'met' }))).toBe(
      'notIncluded',
    );
    expect(
      limitBadge(
        detail({
          event: 'totalCurriculums',
          limit: 0,
          currentCount: 3,
          hasAccess: false,
          status: 'exceeded',
        }),
      ),
    ).toBe('exceeded');
  });

  it('has no rows before the limits load', () => {
    expect(limitRows(undefined)).toEqual([]);
  });
});

describe('limit refusal detail (spec 001 §7)', () => {
  it('reads the shared LimitRefusalDetail', () => {
    expect(
      toLimitRefusal({
        currentStatus: 'met',
        event: 'ownedGroup',
        limit: 10,
        currentCount: 10,
        message: 'You have reached your plan limit.',
      }),
    ).toEqual({
      status: 'met',
      event: 'ownedGroup',
      limit: 10,
      count: 10,
      message: 'You have reached your plan limit.',
    });
  });

  it('is lenient with what is missing or odd', () => {
    expect(toLimitRefusal({ current_status: 'exceeded', event: 'nope', limit: '3' })).toEqual({
      status: 'exceeded',
      event: null,
      limit: null,
      count: null,
      message: null,
    });
    expect(
      toLimitRefusal({ currentStatus: 'met', event: 'storage', limit: 100, currentStorage: 100 })?.count,
    ).toBe(100);
  });

  it('ignores details without a limit status', () => {
    expect(toLimitRefusal(null)).toBeNull();
    expect(toLimitRefusal('Bad request')).toBeNull();
    expect(toLimitRefusal({ currentStatus: 'ok' })).toBeNull();
    expect(toLimitRefusal({ message: 'x' })).toBeNull();
  });
});

describe('API client: refused calls reach the popover', () => {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  function setup(res: Response) {
    const deps = {
      apiUrl: '',
      buildVersion: '11',
      getAccessToken: vi.fn(async () => 't'),
      refreshSession: vi.fn(async () => undefined),
      onSessionLost: vi.fn(),
      onNewBuild: vi.fn(),
      onSubscriptionStatus: vi.fn(),
      fetch: (async () => res) as unknown as typeof fetch,
    };
    configureApi(deps);
    return deps;
  }

  it('tells listeners the detail of a 400 with detail.current_status, after the status', async () => {
    const deps = setup(
      json(400, {
        detail: { current_status: 'met', event: 'owned_group', limit: 2, current_count: 2, message: 'Limit' },
        fallback_message: 'Limit',
        code: 'subscription.limit-reached',
      }),
    );
    const seen: unknown[] = [];
    const off = onSubscriptionRefusal((d) => seen.push(d));
    await expect(api(routes.createGroup, { body: { title: 'A' } })).rejects.toBeInstanceOf(ApiError);
    off();
    expect(deps.onSubscriptionStatus).toHaveBeenCalledWith('met');
    expect(seen).toEqual([
      { currentStatus: 'met', event: 'owned_group', limit: 2, currentCount: 2, message: 'Limit' },
    ]);
  });

  it('stays quiet for other errors and after unsubscribing', async () => {
    const seen: unknown[] = [];
    const off = onSubscriptionRefusal((d) => seen.push(d));
    setup(json(400, { detail: 'Bad', fallback_message: 'Bad', code: 'validation-error' }));
    await expect(api(routes.createGroup, { body: {} })).rejects.toBeInstanceOf(ApiError);
    setup(json(409, { detail: { current_status: 'met' }, fallback_message: 'x', code: 'conflict' }));
    await expect(api(routes.createGroup, { body: {} })).rejects.toBeInstanceOf(ApiError);
    off();
    setup(json(400, { detail: { current_status: 'met' }, fallback_message: 'x', code: 'x' }));
    await expect(api(routes.createGroup, { body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(seen).toEqual([]);
  });

  it('asks for every event in one call', async () => {
    const calls: string[] = [];
    configureApi({
      apiUrl: 'http://localhost:3000',
      buildVersion: '11',
      getAccessToken: async () => 't',
      refreshSession: async () => undefined,
      onSessionLost: () => undefined,
      onNewBuild: () => undefined,
      onSubscriptionStatus: () => undefined,
      fetch: (async (url: string) => {
        calls.push(url);
        return json(200, { status: 'ok', current_status: 'active', package: 'teams_license', results: [] });
      }) as unknown as typeof fetch,
    });
    const { getSubscriptionLimits } = await import('../src/features/subscription/api/subscription-limits.ts');
    await getSubscriptionLimits();
    const url = new URL(calls[0]!);
    expect(url.pathname).toBe('/api/v1/user/subscription/limit');
    expect(url.searchParams.get('event')?.split(',')).toEqual([...LIMIT_EVENTS]);
  });
});

describe('formatting', () => {
  it('writes days as the user chose, in their zone', () => {
    expect(formatDay('2025-03-04T12:00:00Z', 'day_first', 'UTC')).toBe('04/03/2025');
    expect(formatDay('2025-03-04T12:00:00Z', 'month_first', 'UTC')).toBe('03/04/2025');
    expect(formatDay('2025-03-04T23:30:00Z', 'day_first', 'Asia/Tokyo')).toBe('05/03/2025');
    expect(formatDay('2025-03-04T12:00:00Z', 'day_first', 'Not/AZone')).toMatch(/^\d\d\/03\/2025$/);
    expect(formatDay('not a date')).toBe('not a date');
  });

  it('writes numbers with separators and dates unambiguously', () => {
    expect(formatNumber(51200)).toBe('51,200');
    expect(formatDateMedium('2025-11-28T12:00:00Z')).toBe('Nov 28, 2025');
  });
});
