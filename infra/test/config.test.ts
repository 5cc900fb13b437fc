/** Deployment settings: what is accepted, and combinations refused at synth instead of failing later. */
import { describe, expect, test } from 'vitest';
import { resolveConfig } from '../src/config.ts';

const from = (values: Record<string, string>) => resolveConfig((s) => values[s]);

describe('mail', () => {
  test('an address alone makes an address identity', () => {
    expect(from({ mailFrom: 'Tandem <hello@example.com>' }).mail).toEqual({
      from: 'Tandem <hello@example.com>',
      identity: { kind: 'email', value: 'hello@example.com' },
    });
  });

  test('a domain alone sends as no-reply from it with a domain identity', () => {
    expect(from({ mailDomain: 'example.com' }).mail).toEqual({
      from: 'Tandem <no-reply@example.com>',
      identity: { kind: 'domain', value: 'example.com' },
    });
  });

  test('an address outside the domain is refused', () => {
    expect(() => from({ mailDomain: 'example.com', mailFrom: 'x@other.org' })).toThrow(/not an address/);
  });

  test('Cognito through SES needs a sender', () => {
    expect(() => from({ cognitoEmailViaSes: 'true' })).toThrow(/mailFrom/);
  });
});

describe('social sign-in', () => {
  test('is off unless a client id is given', () => {
    const config = from({});
    expect(config.google).toBeUndefined();
    expect(config.linkedIn).toBeUndefined();
  });

  test('needs the hosted UI domain', () => {
    expect(() => from({ googleClientId: 'g' })).toThrow(/authDomainPrefix/);
  });

  test('takes the secret name, or a default one', () => {
    const config = from({
      googleClientId: 'g',
      linkedInClientId: 'l',
      linkedInClientSecretName: 'x',
      authDomainPrefix: 'p',
    });
    expect(config.google).toEqual({ clientId: 'g', clientSecretName: 'tandem/google-client-secret' });
    expect(config.linkedIn).toEqual({ clientId: 'l', clientSecretName: 'x' });
  });
});

test('stack prefix and build version have defaults', () => {
  const config = from({});
  expect(config.stackPrefix).toBe('Tandem');
  expect(config.buildVersion).toMatch(/\S/);
});

test('the stack prefix must fit the attachments bucket name', () => {
  expect(from({ stackPrefix: 'TandemDev' }).stackPrefix).toBe('TandemDev');
  for (const bad of ['Tandem_Dev', '1Tandem', 'Tandem-', 'A'.repeat(21)]) {
    expect(() => from({ stackPrefix: bad })).toThrow(/stackPrefix/);
  }
});
