/**
 * The chat names a person with a blank name (a message's author, a viewer) "Someone", as the server's
 * `senderName()` does for its notices: the name trimmed, the fallback when nothing is left.
 */
import { MantineProvider } from '@mantine/core';
import type { MessageView } from '@tandem/shared/chat/chat';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ViewerAvatars } from '../src/features/chat/components/chat-panel.tsx';
import { MessageItem } from '../src/features/chat/components/message-item.tsx';
import { shownName } from '../src/features/chat/utils/sender-name.ts';

const message = (userName: string): MessageView => ({
  id: 'm1',
  chatId: 'c1',
  user: 'u1',
  userName,
  userAvatar: null,
  message: 'Hello',
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: null,
  deletedAt: null,
});

const authorShown = (userName: string) =>
  renderToStaticMarkup(
    createElement(
      MantineProvider,
      null,
      createElement(MessageItem, {
        message: message(userName),
        own: false,
        dateFormat: 'day_first',
        timeZone: 'UTC',
        onEdit: async () => true,
        onDelete: () => undefined,
      }),
    ),
  );

const viewersShown = (...names: string[]) =>
  renderToStaticMarkup(
    createElement(
      MantineProvider,
      null,
      createElement(ViewerAvatars, {
        viewers: names.map((fullName, i) => ({ id: `u${i}`, fullName, avatar: null })),
      }),
    ),
  );

describe('a name shown in the chat', () => {
  it('is the name trimmed, or the fallback when it is empty, blank or missing', () => {
    expect(shownName('  Ada Byron ', 'Someone')).toBe('Ada Byron');
    expect(shownName('', 'Someone')).toBe('Someone');
    expect(shownName('   ', 'Someone')).toBe('Someone');
    expect(shownName(null, 'Someone')).toBe('Someone');
    expect(shownName(undefined, 'Someone')).toBe('Someone');
  });

  it("names a message's author with a blank name Someone", () => {
    expect(authorShown('   ')).toContain('>Someone<');
    expect(authorShown('')).toContain('>Someone<');
    const named = authorShown(' Ada Byron ');
    expect(named).toContain('>Ada Byron<');
    expect(named).not.toContain('Someone');
  });

  it('names a viewer with a blank name Someone in the header', () => {
    const html = viewersShown('  ', ' Ada Byron');
    expect(html).toContain('title="Someone"');
    expect(html).toContain('title="Ada Byron"');
    expect(html).not.toContain('title=""');
  });
});
