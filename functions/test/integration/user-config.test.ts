/**
 * Settings through the local gateway with real Cognito tokens and DynamoDB Local.
 * "Writes nothing" is checked by reading the stored item before and after.
 */
import type { UserConfig } from '@tandem/shared';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient, createUser, type StackEnv, type TestUser } from '../../../scripts/src/testing/users.ts';

const stack = inject('stack');
const env = stack.env as StackEnv;
const { UserEntity } = await import('../../src/db/entities/user.ts');

const stored = async (userId: string) => (await UserEntity.get({ userId }).go()).data;

let user: TestUser;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  user = await createUser(env, { firstName: 'Ada', lastName: 'Lovelace' });
  api = apiClient(stack.url, user.accessToken);
});

describe('GET /user/config/', () => {
  it('answers the defaults for a new user, in snake_case, with the build version', async () => {
    const r = await api.get('/user/config/');
    expect(r.status).toBe(200);
    expect(r.headers.get('build-version')).toBe('11');
    expect(r.body).toMatchObject({
      time_format_option: 24,
      date_format_option: 'day_first',
      routine_times: { beginning: '03:00', middle: '11:00', end: '19:00' },
      preferences: { selected_levels: [], selected_groups: [] },
      avatar: null,
    });
    // The default group is the Private group every user starts with.
    const groups = await api.get('/group/member');
    const privateGroup = groups.body.results.find((g: { is_private: boolean }) => g.is_private);
    expect(privateGroup).toMatchObject({ title: 'Private', is_default: true, role: 1 });
    expect(r.body.group).toBe(privateGroup.id);
  });

  it('created the user on sign-up with the profile and the active 14-day trial', async () => {
    const item = await stored(user.userId);
    expect(item).toMatchObject({ email: user.email, firstName: 'Ada', lastName: 'Lovelace' });
    const s = await api.get('/user/subscription');
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({ package: 'full_14_days_trial', current_status: 'active' });
    expect(Date.parse(s.body.ends_at) - Date.parse(s.body.started_at)).toBe(14 * 24 * 3600 * 1000);
  });
});

describe('PATCH /user/config/', () => {
  it('keeps a change and merges nested settings key by key', async () => {
    const r1 = await api.patch('/user/config/', {
      time_format_option: 12,
      routine_times: { beginning: '06:30 am' },
    });
    expect(r1.status).toBe(200);
    const r2 = await api.patch('/user/config/', {
      routine_times: { end: '9:15 pm' },
      timezone: 'America/New_York',
    });
    expect(r2.status).toBe(200);
    const r = await api.get('/user/config/');
    expect(r.body).toMatchObject({
      time_format_option: 12,
      timezone: 'America/New_York',
      routine_times: { beginning: '06:30', middle: '11:00', end: '21:15' },
    });
  });

  it('saves the header selection in preferences', async () => {
    const r = await api.patch('/user/config/', { preferences: { selected_groups: ['g1', 'g2'] } });
    expect(r.status).toBe(200);
    expect(r.body.preferences).toEqual({ selected_levels: [], selected_groups: ['g1', 'g2'] });
  });

  const bad: Array<[string, unknown, string, string]> = [
    [
      'a wrong time format',
      { routine_times: { middle: '25:61' } },
      'routine_times.middle',
      'Invalid time format',
    ],
    ['an unknown time zone', { timezone: 'Mars/Olympus_Mons' }, 'timezone', 'Unknown time zone'],
    [
      'time_format_option 13',
      { time_format_option: 13 },
      'time_format_option',
      'Time format must be 12 or 24.',
    ],
    [
      'a date format that does not exist',
      { date_format_option: 'year_first' },
      'date_format_option',
      'Date format must be day_first or month_first.',
    ],
  ];
  it.each(bad)(
    'refuses %s with 400, a clear message, and writes nothing',
    async (_name, body, field, message) => {
      const before = await stored(user.userId);
      const r = await api.patch('/user/config/', body);
      expect(r.status).toBe(400);
      expect(r.body.fallback_message).toBe(message);
      expect(r.body.errors[field]).toBe(message);
      expect(await stored(user.userId)).toEqual(before);
    },
  );

  it('refuses a mixed change whole: a valid field next to a bad one is not saved either', async () => {
    const before = await stored(user.userId);
    const r = await api.patch('/user/config/', { time_format_option: 24, timezone: 'Nowhere/Land' });
    expect(r.status).toBe(400);
    expect(await stored(user.userId)).toEqual(before);
  });

  it('refuses malformed JSON and an oversized body and writes nothing', async () => {
    const before = await stored(user.userId);
    const malformed = await api.patch('/user/config/', '{"time_format_option": 12', {
      'content-type': 'application/json',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('invalid-json');
    const huge = await api.patch('/user/config/', { timezone: 'x'.repeat(300 * 1024) });
    expect(huge.status).toBe(413);
    expect(await stored(user.userId)).toEqual(before);
  });
});

describe('tokens', () => {
  it.each([
    ['no token', undefined],
    ['a malformed token', 'not-a-jwt'],
    [
      'a token with alg none',
      `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"x","token_use":"access"}').toString('base64url')}.`,
    ],
  ])('refuses %s with 401', async (_n, token) => {
    const r = await apiClient(stack.url, token).get('/user/config/');
    expect(r.status).toBe(401);
  });

  it('refuses an ID token with 401', async () => {
    const r = await apiClient(stack.url, user.idToken).get('/user/config/');
    expect(r.status).toBe(401);
  });

  it('refuses a token whose signature was tampered with', async () => {
    const [h, p] = user.accessToken.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: 'someone-else' }),
    ).toString('base64url');
    const r = await apiClient(stack.url, `${h}.${forged}.${user.accessToken.split('.')[2]}`).get(
      '/user/config/',
    );
    expect(r.status).toBe(401);
  });
});

describe('PATCH /auth/user/', () => {
  it('changes the name and answers the profile', async () => {
    const r = await api.patch('/auth/user/', { first_name: 'Augusta', last_name: 'King' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: user.userId,
      email: user.email,
      first_name: 'Augusta',
      last_name: 'King',
    });
    expect((await api.get('/auth/user/')).body.first_name).toBe('Augusta');
  });

  it('refuses an empty name and a malformed e-mail, writing nothing', async () => {
    const before = await stored(user.userId);
    expect((await api.patch('/auth/user/', { first_name: '   ' })).status).toBe(400);
    const email = await api.patch('/auth/user/', { email: 'new@example' });
    expect(email.status).toBe(400);
    expect(email.body.errors.email).toBe('Enter a valid e-mail address.');
    expect(await stored(user.userId)).toEqual(before);
  });
});

describe('GET /user/timezone/', () => {
  it('lists zones a page at a time and looks one up by code', async () => {
    const page = await api.get('/user/timezone/?limit=50');
    expect(page.status).toBe(200);
    expect(page.body.results).toHaveLength(50);
    expect(page.body.count).toBeGreaterThan(300);
    expect(page.body.next).toContain('page=2');
    const one = await api.get('/user/timezone/?code=Asia/Kolkata');
    expect(one.body.results).toEqual([{ code: 'Asia/Kolkata', offset: '+05:30' }]);
    expect((await api.get('/user/timezone/?code=Nowhere/Land')).status).toBe(404);
  });
});

describe('country (spec 000: a country list; §9: default United States of America)', () => {
  it('starts as US, keeps a listed code, and refuses anything else writing nothing', async () => {
    const fresh = apiClient(stack.url, (await createUser(env)).accessToken);
    expect((await fresh.get('/user/config/')).body.country).toBe('US');

    const saved = await fresh.patch('/user/config/', { country: 'DE' });
    expect(saved.status).toBe(200);
    expect(saved.body.country).toBe('DE');
    expect((await fresh.get('/user/config/')).body.country).toBe('DE');

    for (const country of ['XX', 'de', 'Germany', 'UK', 7]) {
      const r = await fresh.patch('/user/config/', { country });
      expect(r.status).toBe(400);
      expect(r.body.errors.country).toBe('Choose a country from the list.');
    }
    expect((await fresh.get('/user/config/')).body.country).toBe('DE');
  });

  it('reads settings saved before the country existed as US, and a change to them keeps the rest', async () => {
    const item = await stored(user.userId);
    const { country: _, ...old } = item!.config as Record<string, unknown>;
    // Settings as stored before the country existed: not the shape of today's settings.
    await UserEntity.patch({ userId: user.userId })
      .set({ config: old as UserConfig })
      .go();
    expect((await api.get('/user/config/')).body.country).toBe('US');
    const r = await api.patch('/user/config/', { country: 'JP' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ country: 'JP', timezone: old.timezone });
  });
});
