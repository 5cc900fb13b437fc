import { describe, expect, it } from 'vitest';
import { PASSWORD_POLICY, passwordProblems } from '../src/user/password.ts';

describe('the password policy', () => {
  it('is at least 10 characters (issue 19 asks for 10 or more)', () => {
    expect(PASSWORD_POLICY.minLength).toBeGreaterThanOrEqual(10);
  });

  it('refuses the 5-character password that used to be accepted, and names every rule it breaks', () => {
    expect(passwordProblems('abcde')).toEqual(['tooShort', 'needsDigit']);
    expect(passwordProblems('12345')).toEqual(['tooShort', 'needsLowercase']);
  });

  it('takes a long enough password with a lowercase letter and a digit', () => {
    for (const ok of ['correct horse 9', 'Passw0rd!long', 'abcdefghi1', 'ÄÖÜäöü-straße-7'])
      expect({ ok, problems: passwordProblems(ok) }).toEqual({ ok, problems: [] });
  });

  it('counts characters, not UTF-16 units, and refuses spaces at either end as Cognito does', () => {
    expect(passwordProblems('a1😀😀😀😀😀😀😀')).toEqual(['tooShort']); // 9 characters, 16 units
    expect(passwordProblems(' abcdefgh12')).toEqual(['edgeSpace']);
    expect(passwordProblems('abcdefgh12 ')).toEqual(['edgeSpace']);
    expect(passwordProblems(`a1${'x'.repeat(255)}`)).toEqual(['tooLong']);
  });

  it('checks the classes a stricter policy asks for', () => {
    const strict = { ...PASSWORD_POLICY, requireUppercase: true, requireSymbols: true };
    expect(passwordProblems('abcdefgh12', strict)).toEqual(['needsUppercase', 'needsSymbol']);
    expect(passwordProblems('Abcdefgh1!', strict)).toEqual([]);
  });
});
