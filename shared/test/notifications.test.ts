import { describe, expect, it } from 'vitest';
import {
  CURRICULUM_CHANGES,
  channelsFor,
  defaultNotificationSettings,
  isNotificationEvent,
  listNotificationsQuery,
  mergeNotificationSettings,
  NOTIFICATION_TEMPLATES,
  notificationIdsInput,
  notificationLink,
} from '../src/notifications/notifications.ts';
import { updateUserConfigInput, userConfig, withConfigDefaults } from '../src/user/config.ts';

const sorted = (s: Set<string>) => [...s].sort();

describe('channelsFor', () => {
  it('follows the switches of the kind', () => {
    const settings = mergeNotificationSettings(undefined, {
      kinds: { delegated: { inApp: false, email: true, push: true }, dueToday: { email: false } },
    });
    expect(sorted(channelsFor('delegated', { settings }))).toEqual(['email', 'push']);
    expect(sorted(channelsFor('due.today', { settings }))).toEqual(['inApp']);
  });

  it('e-mails an invitation whose link is the only answer even with e-mail off', () => {
    const settings = mergeNotificationSettings(undefined, {
      kinds: { groupInvitation: { email: false, inApp: false }, calendar: { email: false } },
    });
    expect(sorted(channelsFor('group.invitation', { settings }))).toEqual(['email', 'push']);
    expect(channelsFor('calendar', { settings }).has('email')).toBe(true);
    // Without an e-mail for the event there is none to send.
    expect(channelsFor('group.invitation', { settings }, false).has('email')).toBe(false);
  });

  it('someone without an account gets the e-mail only', () => {
    expect(sorted(channelsFor('delegated', null))).toEqual(['email']);
    expect(sorted(channelsFor('delegated', null, false))).toEqual([]);
  });

  it('has a setting for every template', () => {
    const settings = defaultNotificationSettings();
    for (const t of NOTIFICATION_TEMPLATES) expect(channelsFor(t, { settings }).has('inApp')).toBe(true);
    // Chat messages are not e-mailed unless asked for.
    expect(channelsFor('new_message', { settings }).has('email')).toBe(false);
  });
});

describe('notification settings in the user config', () => {
  it('older settings without them read as the defaults, a stored kind over them', () => {
    const config = withConfigDefaults({ timezone: 'UTC' } as never);
    expect(config.notifications).toEqual(defaultNotificationSettings());
    const partial = userConfig.parse({
      ...config,
      notifications: { kinds: { delegated: { email: false } } },
    });
    expect(partial.notifications.kinds.delegated).toEqual({ inApp: true, email: false, push: true });
    expect(partial.notifications.silenceChime).toBe(false);
  });

  it('refuses what is not a switch, and unknown kinds', () => {
    expect(updateUserConfigInput.safeParse({ notifications: { silenceChime: 'yes' } }).success).toBe(false);
    expect(
      updateUserConfigInput.safeParse({ notifications: { kinds: { shouting: { email: true } } } }).success,
    ).toBe(false);
    expect(
      updateUserConfigInput.safeParse({ notifications: { kinds: { delegated: { push: false } } } }).success,
    ).toBe(true);
  });
});

describe('the calls', () => {
  it('list: the spec parameters, at most 100', () => {
    expect(listNotificationsQuery.parse({})).toEqual({ page: 1, offset: 0, limit: 100 });
    expect(listNotificationsQuery.safeParse({ limit: '101' }).success).toBe(false);
  });
  it('ids: 1 to 100 well-formed ids', () => {
    expect(notificationIdsInput.safeParse({ ids: [] }).success).toBe(false);
    expect(notificationIdsInput.safeParse({ ids: ['../x'] }).success).toBe(false);
    expect(notificationIdsInput.safeParse({ ids: ['0mfa1b2c3d4e5f6a7b8c9'] }).success).toBe(true);
  });
  it('links to the task, else the groups', () => {
    expect(notificationLink({ templateName: 'delegated', variables: { taskId: 't1' } })).toBe('/task/t1');
    expect(notificationLink({ templateName: 'group.invitation', variables: { groupId: 'g1' } })).toBe(
      '/tasks',
    );
  });
  it('a learner added to a curriculum opens it; one taken off opens their tasks (D83, D85)', () => {
    const delegated = (variables: Record<string, string>) =>
      notificationLink({ templateName: 'delegated', variables: { groupId: 'g1', ...variables } });
    expect(delegated({ change: CURRICULUM_CHANGES.added, curriculumId: 'c-1_A' })).toBe(
      '/curriculum?id=c-1_A',
    );
    expect(delegated({ change: CURRICULUM_CHANGES.removed, curriculumId: 'c-1_A' })).toBe('/tasks');
    // Only a well-formed id makes a link; anything else opens the tasks.
    expect(delegated({ change: CURRICULUM_CHANGES.added, curriculumId: '../x' })).toBe('/tasks');
    expect(delegated({ change: CURRICULUM_CHANGES.added, curriculumId: 'c1&next=/x' })).toBe('/tasks');
    expect(delegated({ change: CURRICULUM_CHANGES.added })).toBe('/tasks');
  });
  it('knows a notification socket event', () => {
    expect(isNotificationEvent({ type: 'notification', notification_id: 'n1' })).toBe(true);
    expect(isNotificationEvent({ type: 'task_created', task_id: 't' })).toBe(false);
  });
});

describe('meeting invitations (D46)', () => {
  it('a calendar notification opens its answer page, and only that page', () => {
    const at = (answerPath: string) =>
      notificationLink({ templateName: 'calendar', variables: { taskId: 't1', answerPath } });
    expect(at('/accept-attendee-invite?key=abc_DEF-123')).toBe('/accept-attendee-invite?key=abc_DEF-123');
    expect(at('//evil.example/accept-attendee-invite?key=x')).toBe('/task/t1');
    expect(at('/settings')).toBe('/task/t1');
    expect(at('/accept-attendee-invite?key=a&next=/x')).toBe('/task/t1');
  });
});
