/**
 * The request-link editor's form (decisions D76): the server's schema checks it under the fields'
 * paths, and the group picker offers only groups where the owner may make tasks.
 */
import type { GroupView } from '@tandem/shared/groups/views';
import { REQUEST_LINK_MESSAGES, type RequestLinkView } from '@tandem/shared/request-links/constants';
import { describe, expect, it } from 'vitest';
import {
  defaultHours,
  formErrorsOf,
  formOf,
  groupChoices,
  validateLinkForm,
} from '../src/features/request-links/utils/editor-form.ts';

const group = (id: string, title: string, permissions: string[]) =>
  ({ id, title, permissions }) as unknown as GroupView;

describe('the link editor form', () => {
  it('starts from the defaults of spec 002 §9 and passes the schema once a company is named', () => {
    const f = formOf(null);
    expect(f.group).toBeNull();
    expect(f.requestConfig.schedulingHours).toBeNull();
    expect(validateLinkForm(f)).toEqual({ companyName: REQUEST_LINK_MESSAGES.companyRequired });
    expect(validateLinkForm({ ...f, companyName: 'Acme' })).toEqual({});
  });

  it("puts the schema's messages under the fields' paths", () => {
    const f = { ...formOf(null), companyName: 'Acme' };
    const errors = validateLinkForm({
      ...f,
      brandingConfig: { ...f.brandingConfig, primaryColor: 'blue' },
      legalConfig: { ...f.legalConfig, termsEnabled: true },
      requestConfig: {
        ...f.requestConfig,
        schedulingDurationOptions: [{ label: 'Long', minutes: 600 }],
        schedulingHours: { ...defaultHours('Europe/Berlin'), days: [], end: '08:00' },
      },
      assignees: [{ email: 'not an address', role: 5 }],
    });
    expect(errors).toMatchObject({
      'brandingConfig.primaryColor': REQUEST_LINK_MESSAGES.color,
      'legalConfig.termsUrl': REQUEST_LINK_MESSAGES.termsUrl,
      'requestConfig.schedulingDurationOptions.0.minutes': REQUEST_LINK_MESSAGES.duration,
      'requestConfig.schedulingHours.days': REQUEST_LINK_MESSAGES.hoursDays,
      'requestConfig.schedulingHours.end': REQUEST_LINK_MESSAGES.hoursOrder,
      'assignees.0.email': REQUEST_LINK_MESSAGES.email,
    });
  });

  it("keeps an edited link's group and hours", () => {
    const hours = defaultHours('Europe/Berlin');
    const link = {
      ...formOf(null),
      id: 'sr-1',
      companyName: 'Acme',
      group: 'g2',
      logo: null,
      requestConfig: { ...formOf(null).requestConfig, schedulingEnabled: true, schedulingHours: hours },
      assignees: [],
    } as unknown as RequestLinkView;
    const f = formOf(link);
    expect(f.group).toBe('g2');
    expect(f.requestConfig.schedulingHours).toEqual(hours);
  });
});

describe('the group picker', () => {
  const groups = [
    group('g1', 'Service desk', ['task.title', 'task.details']),
    group('g2', 'Read only', ['task.view']),
    group('g3', 'Field work', ['task.title']),
  ];
  it('offers only groups where the owner may make tasks', () => {
    expect(groupChoices(groups, null)).toEqual([
      { value: 'g1', label: 'Service desk' },
      { value: 'g3', label: 'Field work' },
    ]);
  });
  it("keeps the link's current group listed after the owner lost the right to add tasks there", () => {
    expect(groupChoices(groups, 'g2').map((c) => c.value)).toEqual(['g1', 'g3', 'g2']);
    expect(groupChoices(groups, 'gone').map((c) => c.value)).toEqual(['g1', 'g3']);
  });
});

describe("a refused save's errors", () => {
  it("go under the form's fields", () => {
    expect(
      formErrorsOf({
        company_name: 'Company name is required.',
        'request_config.scheduling_hours.end': REQUEST_LINK_MESSAGES.hoursOrder,
        'assignees.0.email': REQUEST_LINK_MESSAGES.email,
        group: 'Not found',
      }),
    ).toEqual({
      companyName: 'Company name is required.',
      'requestConfig.schedulingHours.end': REQUEST_LINK_MESSAGES.hoursOrder,
      'assignees.0.email': REQUEST_LINK_MESSAGES.email,
      group: 'Not found',
    });
  });
});
