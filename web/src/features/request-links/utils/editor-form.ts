/**
 * The link editor's form (decisions D76): @mantine/form values in the API's camelCase shape, checked
 * by the same schema the server applies (`requestLinkInput`), and the groups a link may send its
 * requests to.
 */
import { schemaResolver } from '@mantine/form';
import { englishZodMessages } from '@tandem/shared/api/zod-messages';
import type { GroupView } from '@tandem/shared/groups/views';
import {
  REQUEST_LINK_DEFAULTS,
  type RequestLinkView,
  type SchedulingHours,
} from '@tandem/shared/request-links/constants';
import { requestLinkInput } from '@tandem/shared/request-links/rules';
import type { RequestLinkForm } from '../api/request-links.ts';

// zod's own messages (a number where text was expected…) in English, as the other forms have them.
englishZodMessages();

const D = REQUEST_LINK_DEFAULTS;

/** Monday to Friday, 9 to 5, in the owner's zone: what switching business hours on starts from. */
export const defaultHours = (timezone: string): SchedulingHours => ({
  timezone,
  days: [1, 2, 3, 4, 5],
  start: '09:00',
  end: '17:00',
});

/** The form's first values: the link's, or the defaults of spec 002 §9 (its group: the server's default). */
export const formOf = (l: RequestLinkView | null): RequestLinkForm =>
  l
    ? {
        companyName: l.companyName,
        welcomeMessage: l.welcomeMessage,
        partnerProgramId: l.partnerProgramId,
        group: l.group,
        brandingConfig: { ...l.brandingConfig },
        requestConfig: {
          ...D.requestConfig,
          ...l.requestConfig,
          schedulingDurationOptions: l.requestConfig.schedulingDurationOptions.map((o) => ({ ...o })),
        },
        confirmationConfig: { ...l.confirmationConfig },
        legalConfig: { ...l.legalConfig },
        assignees: l.assignees.map((a) => ({ ...a })),
        isActive: l.isActive,
      }
    : {
        companyName: '',
        welcomeMessage: D.welcomeMessage,
        partnerProgramId: null,
        group: null,
        brandingConfig: { ...D.brandingConfig },
        requestConfig: {
          ...D.requestConfig,
          schedulingDurationOptions: D.requestConfig.schedulingDurationOptions.map((o) => ({ ...o })),
        },
        confirmationConfig: { ...D.confirmationConfig },
        legalConfig: { ...D.legalConfig },
        assignees: [],
        isActive: true,
      };

/** The form's validator: the server's schema, its messages under the fields' paths ('legalConfig.termsUrl'). */
export const validateLinkForm = schemaResolver(requestLinkInput, { sync: true });

/**
 * The groups the owner may send requests to: those where they may make tasks (the server checks it
 * again, D68). The link's current group stays listed even if the owner lost that right since.
 */
export function groupChoices(groups: readonly GroupView[], current: string | null | undefined) {
  const mine = groups.filter((g) => g.permissions.includes('task.title'));
  const choices = mine.map((g) => ({ value: g.id, label: g.title }));
  if (current && !mine.some((g) => g.id === current)) {
    const g = groups.find((x) => x.id === current);
    if (g) choices.push({ value: g.id, label: g.title });
  }
  return choices;
}

const camel = (k: string) => k.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/**
 * A refused save's field errors (the API's snake_case paths, 'request_config.scheduling_hours.end')
 * at the form's paths ('requestConfig.schedulingHours.end'), so they show under their fields.
 */
export const formErrorsOf = (errors: Record<string, string>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(errors).map(([path, message]) => [path.split('.').map(camel).join('.'), message]),
  );
