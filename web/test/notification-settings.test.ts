/**
 * Settings › Preferences, the notification kinds: the row of the `delegated` kind says it also covers
 * being added to or taken off a curriculum (its notices have no switch of their own, D83 and D85).
 */
import { MantineProvider } from '@mantine/core';
import { defaultNotificationSettings } from '@tandem/shared/notifications/settings-defaults';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SWRConfig, unstable_serialize } from 'swr';
import { describe, expect, it } from 'vitest';
import { NotificationSettingsCard } from '../src/features/notifications/components/notification-settings.tsx';
import { userConfigKey } from '../src/lib/user/get-user-config.ts';

const shown = () =>
  renderToStaticMarkup(
    createElement(
      SWRConfig,
      {
        value: {
          fallback: { [unstable_serialize(userConfigKey)]: { notifications: defaultNotificationSettings() } },
        },
      },
      createElement(MantineProvider, null, createElement(NotificationSettingsCard)),
    ),
  );

describe('the notification settings', () => {
  it('name curricula on the row of tasks given to the person, and nowhere else', () => {
    const rows = shown()
      .split(/<tr[ >]/)
      .slice(2)
      .map((row) =>
        `<${row}`
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      );
    expect(rows).toHaveLength(5);
    const delegated = rows.filter((r) => /curricul/i.test(r));
    expect(delegated).toHaveLength(1);
    expect(delegated[0]).toMatch(
      /^Tasks and curricula given to you A task someone gives you, and being added to or taken off a curriculum\./,
    );
  });
});
