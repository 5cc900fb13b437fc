import { SUBSCRIPTION_PACKAGES, SUBSCRIPTION_STATUSES } from '@tandem/shared/user/subscription';
import { describe, expect, it } from 'vitest';
import {
  bannerStatus,
  isRequestLinkPortalPath,
  isUpsellPath,
  overallLimitStatus,
  type PaywallDecision,
  paywallFor,
  showLicensingBanner,
  shownLimitStatus,
} from '../src/features/subscription/paywall-rules.ts';

type Expected = 'none' | 'upsell' | 'onHold' | `blocked:${'free' | 'cancelled' | 'expired' | 'trialEnded'}`;

const label = (d: PaywallDecision): Expected => (d.kind === 'blocked' ? `blocked:${d.reason}` : d.kind);

/** Paths of each kind: ordinary screens, the screens the standard license lacks, the request portal. */
const PATHS = {
  normal: ['/', '/settings', '/tasks', '/calendar', '/templatesx', '/curriculum-notes'],
  upsell: ['/templates', '/templates/', '/templates/ai-builder', '/curriculum', '/curriculum/'],
  portal: ['/request-link-portal', '/request-link-portal/', '/request-link-portal/task/42'],
} as const;

/** Every package × status (spec 002 §4), and what each kind of path shows. */
const TABLE: Array<[string, string, { normal: Expected; upsell: Expected; portal: Expected }]> = [
  ['full_14_days_trial', 'active', { normal: 'none', upsell: 'none', portal: 'none' }],
  [
    'full_14_days_trial',
    'cancelled',
    { normal: 'blocked:cancelled', upsell: 'blocked:cancelled', portal: 'none' },
  ],
  [
    'full_14_days_trial',
    'expired',
    { normal: 'blocked:trialEnded', upsell: 'blocked:trialEnded', portal: 'none' },
  ],
  ['full_14_days_trial', 'on-hold', { normal: 'onHold', upsell: 'onHold', portal: 'onHold' }],
  ['teams_license', 'active', { normal: 'none', upsell: 'none', portal: 'none' }],
  [
    'teams_license',
    'cancelled',
    { normal: 'blocked:cancelled', upsell: 'blocked:cancelled', portal: 'none' },
  ],
  ['teams_license', 'expired', { normal: 'blocked:expired', upsell: 'blocked:expired', portal: 'none' }],
  ['teams_license', 'on-hold', { normal: 'onHold', upsell: 'onHold', portal: 'onHold' }],
  ['standard_license', 'active', { normal: 'none', upsell: 'upsell', portal: 'none' }],
  [
    'standard_license',
    'cancelled',
    { normal: 'blocked:cancelled', upsell: 'blocked:cancelled', portal: 'none' },
  ],
  ['standard_license', 'expired', { normal: 'blocked:expired', upsell: 'blocked:expired', portal: 'none' }],
  ['standard_license', 'on-hold', { normal: 'onHold', upsell: 'upsell', portal: 'onHold' }],
  ['free_license', 'active', { normal: 'blocked:free', upsell: 'blocked:free', portal: 'none' }],
  ['free_license', 'cancelled', { normal: 'blocked:cancelled', upsell: 'blocked:cancelled', portal: 'none' }],
  ['free_license', 'expired', { normal: 'blocked:expired', upsell: 'blocked:expired', portal: 'none' }],
  ['free_license', 'on-hold', { normal: 'blocked:free', upsell: 'blocked:free', portal: 'none' }],
];

describe('paywall rules (spec 002 §4)', () => {
  it('the table covers every package and status', () => {
    const covered = new Set(TABLE.map(([p, s]) => `${p}/${s}`));
    for (const p of SUBSCRIPTION_PACKAGES)
      for (const s of SUBSCRIPTION_STATUSES) expect(covered).toContain(`${p}/${s}`);
    expect(TABLE).toHaveLength(SUBSCRIPTION_PACKAGES.length * SUBSCRIPTION_STATUSES.length);
  });

  for (const [pkg, status, expected] of TABLE) {
    for (const kind of ['normal', 'upsell', 'portal'] as const) {
      it(`${pkg} ${status} on ${kind} paths → ${expected[kind]}`, () => {
        for (const pathname of PATHS[kind]) {
          expect(label(paywallFor({ package: pkg, status, pathname })), pathname).toBe(expected[kind]);
        }
      });
    }
  }

  it('blocking overlays cannot be closed; the upsell closes to / and on-hold closes in place', () => {
    expect(paywallFor({ package: 'free_license', status: 'active', pathname: '/' })).toEqual({
      kind: 'blocked',
      reason: 'free',
      closable: false,
    });
    expect(paywallFor({ package: 'standard_license', status: 'active', pathname: '/templates' })).toEqual({
      kind: 'upsell',
      closable: true,
      closeTo: '/',
    });
    expect(paywallFor({ package: 'teams_license', status: 'on-hold', pathname: '/' })).toEqual({
      kind: 'onHold',
      closable: true,
    });
  });

  it('an on-hold notice closed in this session stays closed; the upsell does not', () => {
    const closed = { onHoldDismissed: true };
    expect(paywallFor({ package: 'teams_license', status: 'on-hold', pathname: '/', ...closed }).kind).toBe(
      'none',
    );
    expect(
      paywallFor({ package: 'standard_license', status: 'on-hold', pathname: '/curriculum', ...closed }).kind,
    ).toBe('upsell');
    expect(paywallFor({ package: 'free_license', status: 'on-hold', pathname: '/', ...closed }).kind).toBe(
      'blocked',
    );
  });

  it('shows nothing while the subscription is unknown, or for values it does not know', () => {
    expect(paywallFor({ package: undefined, status: undefined, pathname: '/' }).kind).toBe('none');
    expect(paywallFor({ package: 'free_license', status: undefined, pathname: '/' }).kind).toBe('none');
    expect(paywallFor({ package: undefined, status: 'expired', pathname: '/' }).kind).toBe('none');
    expect(paywallFor({ package: 'enterprise', status: 'active', pathname: '/templates' }).kind).toBe('none');
  });

  it('matches whole path segments', () => {
    expect(isUpsellPath('/templates')).toBe(true);
    expect(isUpsellPath('/templates/ai-builder')).toBe(true);
    expect(isUpsellPath('/templatesx')).toBe(false);
    expect(isUpsellPath('/settings')).toBe(false);
    expect(isRequestLinkPortalPath('/request-link-portal/task/1')).toBe(true);
    expect(isRequestLinkPortalPath('/request-links')).toBe(false);
    expect(isRequestLinkPortalPath('/request-link-portalx')).toBe(false);
  });
});

const limit = (
  over: Partial<{ event: string; limit: number; count: number; hasAccess: boolean; status: string }> = {},
) =>
  ({
    event: over.event ?? 'ownedGroup',
    title: 'Active groups you own',
    limit: over.limit ?? 10,
    currentCount: over.count ?? 0,
    package: 'standard_license',
    hasAccess: over.hasAccess ?? true,
    status: over.status ?? 'ok',
  }) as Parameters<typeof shownLimitStatus>[0];

describe('licensing banner (spec 001 §2)', () => {
  const met = { results: [limit({ count: 10, status: 'met' })] };
  const exceeded = { results: [limit({ count: 11, status: 'exceeded' })] };
  const ok = { results: [limit({ count: 3 })] };
  // The standard license has no curricula: 0 of 0 is answered as 'met' by the API.
  const notIncluded = {
    results: [limit({ event: 'totalCurriculums', limit: 0, hasAccess: false, status: 'met' })],
  };

  const cases: Array<[string, Parameters<typeof showLicensingBanner>[0], boolean]> = [
    ['limits met', { provisioned: true, reported: null, limits: met, dismissed: false }, true],
    ['limits exceeded', { provisioned: true, reported: null, limits: exceeded, dismissed: false }, true],
    ['limits ok', { provisioned: true, reported: null, limits: ok, dismissed: false }, false],
    ['limits not loaded', { provisioned: true, reported: null, limits: undefined, dismissed: false }, false],
    ['a refusal reported met', { provisioned: true, reported: 'met', limits: ok, dismissed: false }, true],
    [
      'a refusal reported exceeded',
      { provisioned: true, reported: 'exceeded', limits: undefined, dismissed: false },
      true,
    ],
    [
      'a reported status that is no limit status',
      { provisioned: true, reported: 'expired', limits: ok, dismissed: false },
      false,
    ],
    ['closed for the session', { provisioned: true, reported: 'met', limits: met, dismissed: true }, false],
    ['not provisioned', { provisioned: false, reported: 'met', limits: met, dismissed: false }, false],
    [
      'only features the package lacks',
      { provisioned: true, reported: null, limits: notIncluded, dismissed: false },
      false,
    ],
  ];
  for (const [name, input, shown] of cases) {
    it(`${name} → ${shown ? 'shown' : 'hidden'}`, () => expect(showLicensingBanner(input)).toBe(shown));
  }

  it('takes the most severe status (spec 000 §4)', () => {
    expect(
      overallLimitStatus({
        results: [limit(), limit({ count: 10, status: 'met' }), limit({ count: 12, status: 'exceeded' })],
      }),
    ).toBe('exceeded');
    expect(bannerStatus({ reported: 'met', limits: exceeded })).toBe('exceeded');
    expect(bannerStatus({ reported: 'exceeded', limits: ok })).toBe('exceeded');
    expect(overallLimitStatus(undefined)).toBe('ok');
  });

  it('counts a feature the package lacks once something is stored over it', () => {
    expect(shownLimitStatus(limit({ limit: 0, hasAccess: false, status: 'met' }))).toBe('ok');
    expect(shownLimitStatus(limit({ limit: 0, count: 2, hasAccess: false, status: 'exceeded' }))).toBe(
      'exceeded',
    );
  });
});
