import { describe, expect, it } from 'vitest';
import { signInFlow } from '../src/api/config.ts';

describe('signInFlow', () => {
  it('is SRP in AWS, where config.json names no Cognito endpoint', () => {
    expect(signInFlow({})).toBe('USER_SRP_AUTH');
  });
  it('is the password flow only against the local stand-in (an endpoint is named)', () => {
    expect(signInFlow({ endpoint: 'http://localhost:3000/cognito-idp' })).toBe('USER_PASSWORD_AUTH');
  });
});
