/** Request links' rules (spec 002 §3, §5, §8, §9; decisions D68). */

import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  isRequestPagePath,
  REQUEST_LINK_DEFAULTS,
  REQUEST_LINK_MESSAGES,
  requestLinkInput,
  requestScheduleErrors,
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
    expect(long.error?.issues[0]?.message).toBe('At most 5,000 characters.');
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

describe("a request's appointment (decisions D76)", () => {
  const now = new Date('2030-03-04T10:00:00Z'); // a Monday
  const cfg = {
    schedulingEnabled: true,
    schedulingDurationOptions: REQUEST_LINK_DEFAULTS.requestConfig.schedulingDurationOptions,
    schedulingHours: null,
  };
  const hours = { timezone: 'Europe/Berlin', days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' };

  it('takes an offered duration at a future time, and no appointment at all', () => {
    expect(
      requestScheduleErrors(cfg, { scheduledTime: '2030-03-05T09:00:00Z', duration: 30 }, now),
    ).toBeNull();
    expect(requestScheduleErrors(cfg, {}, now)).toBeNull();
  });
  it('refuses a duration not offered, none, or one without a time', () => {
    expect(requestScheduleErrors(cfg, { scheduledTime: '2030-03-05T09:00:00Z', duration: 45 }, now)).toEqual({
      duration: REQUEST_LINK_MESSAGES.durationOffered,
    });
    expect(requestScheduleErrors(cfg, { scheduledTime: '2030-03-05T09:00:00Z' }, now)).toEqual({
      duration: REQUEST_LINK_MESSAGES.durationOffered,
    });
    expect(requestScheduleErrors(cfg, { duration: 30 }, now)).toEqual({
      scheduled_time: REQUEST_LINK_MESSAGES.scheduleNeedsTime,
    });
  });
  it('refuses a time that has passed, and any time when scheduling is off', () => {
    expect(requestScheduleErrors(cfg, { scheduledTime: '2030-03-04T09:59:00Z', duration: 15 }, now)).toEqual({
      scheduled_time: REQUEST_LINK_MESSAGES.scheduleInPast,
    });
    expect(
      requestScheduleErrors(
        { ...cfg, schedulingEnabled: false },
        { scheduledTime: '2030-03-05T09:00:00Z', duration: 15 },
        now,
      ),
    ).toEqual({ scheduled_time: REQUEST_LINK_MESSAGES.scheduleOff });
  });
  it("keeps a booking inside one day's business hours in their zone", () => {
    const h = { ...cfg, schedulingHours: hours };
    // 08:00Z is 09:00 in Berlin (CET, +01:00) on Tuesday 5 March 2030.
    expect(requestScheduleErrors(h, { scheduledTime: '2030-03-05T08:00:00Z', duration: 60 }, now)).toBeNull();
    // 16:00 + 60 minutes ends at 17:00: inside.
    expect(requestScheduleErrors(h, { scheduledTime: '2030-03-05T15:00:00Z', duration: 60 }, now)).toBeNull();
    const outside = { scheduled_time: REQUEST_LINK_MESSAGES.outsideHours(hours) };
    // 08:30 Berlin: before the opening.
    expect(requestScheduleErrors(h, { scheduledTime: '2030-03-05T07:30:00Z', duration: 30 }, now)).toEqual(
      outside,
    );
    // 16:30 + 60 minutes runs past 17:00.
    expect(requestScheduleErrors(h, { scheduledTime: '2030-03-05T15:30:00Z', duration: 60 }, now)).toEqual(
      outside,
    );
    // Saturday 9 March 10:00 Berlin.
    expect(requestScheduleErrors(h, { scheduledTime: '2030-03-09T09:00:00Z', duration: 30 }, now)).toEqual(
      outside,
    );
    // Summer time: 07:00Z on Tuesday 2 July is 09:00 in Berlin (CEST, +02:00).
    expect(requestScheduleErrors(h, { scheduledTime: '2030-07-02T07:00:00Z', duration: 15 }, now)).toBeNull();
    expect(REQUEST_LINK_MESSAGES.outsideHours(hours)).toBe(
      'Choose a time within the business hours: Mon, Tue, Wed, Thu, Fri 09:00–17:00 (Europe/Berlin).',
    );
  });
  it('checks the hours the owner sets', () => {
    const parse = (h: unknown) =>
      requestLinkInput.safeParse({ companyName: 'A', requestConfig: { schedulingHours: h } });
    expect(parse(hours).success).toBe(true);
    expect(parse({ ...hours, end: '08:00' }).success).toBe(false);
    expect(parse({ ...hours, days: [] }).success).toBe(false);
    expect(parse({ ...hours, start: '9:00' }).success).toBe(false);
    expect(parse({ ...hours, timezone: 'Mars/Olympus' }).success).toBe(false);
    expect(requestLinkInput.parse({ companyName: 'A' }).requestConfig.schedulingHours).toBeNull();
  });
});
