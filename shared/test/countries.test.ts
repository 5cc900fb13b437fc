import { describe, expect, it } from 'vitest';
import {
  COUNTRY_MESSAGE,
  defaultUserConfig,
  updateUserConfigInput,
  userConfig,
  withConfigDefaults,
} from '../src/user/config.ts';
import { COUNTRY_CODES, countryOptions, DEFAULT_COUNTRY, isCountryCode } from '../src/user/countries.ts';

describe('countries', () => {
  it('lists the 249 assigned ISO 3166-1 alpha-2 codes once each, in code order', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    for (const c of COUNTRY_CODES) expect(c).toMatch(/^[A-Z]{2}$/);
    expect([...COUNTRY_CODES].sort()).toEqual([...COUNTRY_CODES]);
    // Reserved or withdrawn codes are not countries to pick.
    for (const c of ['UK', 'EU', 'XK', 'SU', 'ZZ']) expect(isCountryCode(c)).toBe(false);
  });

  it('defaults to the United States of America', () => {
    expect(DEFAULT_COUNTRY).toBe('US');
    expect(defaultUserConfig().country).toBe('US');
  });

  it('names every code in the interface language, sorted as that language sorts', () => {
    const en = countryOptions('en-US');
    expect(en).toHaveLength(249);
    expect(en.find((o) => o.value === 'DE')?.label).toBe('Germany');
    expect(en.find((o) => o.value === 'US')?.label).toBe('United States');
    // Every code has a real name, not its code.
    for (const o of en) expect(o.label).not.toBe(o.value);
    const labels = en.map((o) => o.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('en-US').compare));
    expect(countryOptions('de-DE').find((o) => o.value === 'DE')?.label).toBe('Deutschland');
  });
});

describe('country setting', () => {
  it('accepts a listed code and refuses anything else with one message', () => {
    expect(updateUserConfigInput.parse({ country: 'DE' })).toEqual({ country: 'DE' });
    for (const bad of ['de', 'XX', 'UK', 'USA', '', 42, null]) {
      const r = updateUserConfigInput.safeParse({ country: bad });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(COUNTRY_MESSAGE);
      expect(r.error?.issues[0]?.path).toEqual(['country']);
    }
  });

  it('reads settings stored before the country existed as the default country', () => {
    const { country: _, ...old } = defaultUserConfig('Europe/Berlin');
    expect(userConfig.parse(old).country).toBe('US');
    expect(withConfigDefaults(old)).toEqual({ ...old, country: 'US' });
    expect(withConfigDefaults({ ...old, country: 'FR' }).country).toBe('FR');
  });
});
