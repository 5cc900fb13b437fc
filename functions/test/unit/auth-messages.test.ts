import { describe, expect, it } from 'vitest';
import { composeAuthMessage, encodeUid } from '../../src/core/auth/auth-messages.ts';

describe('auth e-mails', () => {
  it('puts the code in the sign-up confirmation', () => {
    const m = composeAuthMessage('SignUp', {
      code: '123456',
      email: 'a@b.co',
      firstName: 'Ann',
      appUrl: 'http://x',
    });
    expect(m.subject).toBe('Confirm your Tandem account');
    expect(m.text).toContain('123456');
    expect(m.text).toContain('Hello Ann,');
    expect(m.html).toContain('http://x/verify-email?email=a%40b.co');
  });

  it('links the reset page as /password-reset/{uid}/{token}', () => {
    const m = composeAuthMessage('ForgotPassword', { code: '654321', email: 'a@b.co', appUrl: 'http://x' });
    expect(m.text).toContain(`http://x/password-reset/${encodeUid('a@b.co')}/654321`);
    expect(Buffer.from(encodeUid('a@b.co'), 'base64url').toString()).toBe('a@b.co');
  });

  it('escapes a name that carries markup', () => {
    const m = composeAuthMessage('SignUp', {
      code: '1',
      email: 'a@b.co',
      firstName: '<b>x</b>',
      appUrl: 'http://x',
    });
    expect(m.html).not.toContain('<b>x</b>');
  });

  it('asks for the code of a new address in the profile settings, not as a sign-up', () => {
    const m = composeAuthMessage('UpdateUserAttribute', {
      code: '246810',
      email: 'a@b.co',
      appUrl: 'http://x',
    });
    expect(m.subject).toBe('Confirm your new Tandem e-mail address');
    expect(m.text).toContain('246810');
    expect(m.text).toContain('http://x/settings');
    expect(m.text).not.toContain('Welcome');
  });
});
