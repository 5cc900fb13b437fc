/** Request links' rules (spec 002 §3, §5, §8, §9; decisions D68). */

import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  isRequestPagePath,
  REQUEST_LINK_DEFAULTS,
  REQUEST_LINK_MESSAGES,
  requestLinkInput,
  requestTypeAllowed,
  saveFailureMessage,
  submitFailureMessage,
  submitRequestInput,
  voiceUploadInput,
} from '../src/request-links/rules.ts';

describe('the configuration', () => {
  it('takes the defaults of spec 002 §9 for everything left out', () => {
    const c = z.parse(requestLinkInput, { companyName: 'Acme' });
    expect(c.brandingConfig).toEqual({
      primaryColor: '#2563eb',
      logoBackgroundType: 'transparent',
      logoBackgroundColor: '#ffffff',
    });
    expect(c.requestConfig.requestTypes).toEqual(['Email Management', 'Website Updates']);
    expect(c.requestConfig.schedulingDurationOptions).toEqual([
      { label: 'Hour', minutes: 60 },
      { label: '30 Minutes', minutes: 30 },
      { label: '15 Minutes', minutes: 15 },
    ]);
    expect(c.confirmationConfig).toEqual(REQUEST_LINK_DEFAULTS.confirmationConfig);
    expect(c.confirmationConfig.confirmationMessage).toBe('Thank you for your request!');
    expect(c.isActive).toBe(true);
  });

  it("ignores the partner program placeholder 'loading...' (spec 002 §5)", () => {
    expect(
      z.parse(requestLinkInput, { companyName: 'A', partnerProgramId: 'loading...' }).partnerProgramId,
    ).toBe(undefined);
    expect(z.parse(requestLinkInput, { companyName: 'A', partnerProgramId: 'p-9' }).partnerProgramId).toBe(
      'p-9',
    );
  });

  it('keeps a section given in part with the defaults of the rest', () => {
    const c = z.parse(requestLinkInput, { companyName: 'A', brandingConfig: { primaryColor: '#000000' } });
    expect(c.brandingConfig.logoBackgroundColor).toBe('#ffffff');
  });

  it('refuses a terms link switched on with no address, and an address that is not http(s)', () => {
    expect(
      z.safeParse(requestLinkInput, { companyName: 'A', legalConfig: { termsEnabled: true } }).success,
    ).toBe(false);
    expect(
      z.safeParse(requestLinkInput, { companyName: 'A', legalConfig: { privacyUrl: 'javascript:x' } })
        .success,
    ).toBe(false);
  });
});

describe('the save messages of spec 002 §5 and §8', () => {
  it('says what failed by status', () => {
    expect(saveFailureMessage(200, {})).toBeNull();
    expect(saveFailureMessage(201, {})).toBeNull();
    expect(
      saveFailureMessage(400, { detail: 'x', errors: { company_name: 'Company name is required.' } }),
    ).toBe('Validation failed: company_name: Company name is required.');
    expect(saveFailureMessage(500, { detail: 'Something went wrong.' })).toBe(
      'Server error (500): Something went wrong.',
    );
    expect(saveFailureMessage(404, {})).toBe('Failed to save configuration: 404');
    expect(submitFailureMessage(429, 'slow down')).toBe('Failed to submit request: 429 - slow down');
  });
});

describe('a submitted request', () => {
  const base = {
    requestLink: 'sr-1',
    requesterName: 'Rita',
    requesterEmail: 'Rita@Example.com',
    requestType: 'Website Updates',
    description: 'Fix it',
    formToken: 't',
  };
  it('bounds the description and keeps the e-mail lower case', () => {
    expect(z.parse(submitRequestInput, base).requesterEmail).toBe('rita@example.com');
    const long = z.safeParse(submitRequestInput, { ...base, description: 'x'.repeat(5_001) });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.message).toBe(REQUEST_LINK_MESSAGES.tooLong(5_000));
  });
  it('needs a name, and a type the link offers unless the other type is on', () => {
    expect(z.safeParse(submitRequestInput, { ...base, requesterName: ' ' }).success).toBe(false);
    const cfg = { requestTypes: ['Plumbing'], otherRequestTypeEnabled: false };
    expect(requestTypeAllowed(cfg, 'plumbing')).toBe(true);
    expect(requestTypeAllowed(cfg, 'Roofing')).toBe(false);
    expect(requestTypeAllowed({ ...cfg, otherRequestTypeEnabled: true }, 'Roofing')).toBe(true);
  });
  it("takes a voice note's type with its codec, within the size limit", () => {
    const v = z.parse(voiceUploadInput, { formToken: 't', size: 10, contentType: 'audio/webm;codecs=opus' });
    expect(v.contentType).toBe('audio/webm');
    expect(
      z.safeParse(voiceUploadInput, { formToken: 't', size: 2_000_000, contentType: 'audio/webm' }).success,
    ).toBe(false);
    expect(
      z.safeParse(voiceUploadInput, { formToken: 't', size: 10, contentType: 'text/html' }).success,
    ).toBe(false);
  });
});

describe('the public page paths', () => {
  it('are /requests/{id} and the confirmation, with or without the slash', () => {
    for (const p of [
      '/requests/sr-1',
      '/requests/sr-1/',
      '/request-links-confirmation',
      '/request-links-confirmation/',
    ])
      expect(isRequestPagePath(p), p).toBe(true);
    for (const p of ['/request-links', '/requests', '/request-link-portal', '/requests/a/b'])
      expect(isRequestPagePath(p), p).toBe(false);
  });
});
