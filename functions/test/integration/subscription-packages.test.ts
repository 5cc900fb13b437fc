/**
 * Operators set a package in any spelling ('Teams License'); it is kept as the spec's code (spec 002
 * §3: lowercase with underscores) and GET /user/subscription answers it so; an unknown one is refused.
 */
import { describe, expect, it } from 'vitest';
import { person } from './support.ts';

const { setSubscription } = await import('../../src/core/user/subscription-admin.ts');

describe('subscription packages', () => {
  it('normalises the package an operator gives', async () => {
    const me = await person('Licensed');
    await setSubscription(me.email, 'Teams License', 'active');
    const r = await me.api.get('/user/subscription');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ package: 'teams_license', current_status: 'active', ends_at: null });
    await setSubscription(me.email, 'standard-license', 'on-hold');
    expect((await me.api.get('/user/subscription')).body).toMatchObject({
      package: 'standard_license',
      current_status: 'on-hold',
    });
    await expect(setSubscription(me.email, 'Gold License', 'active')).rejects.toThrow(
      /Package must be one of/,
    );
  });
});
