import { describe, expect, test } from 'vitest';
import { CHAT_RULES, chatTime, hasUnread, messageParts, newMessageId } from '../src/chat/chat.ts';
import { messageInput } from '../src/chat/schemas.ts';

describe('message text', () => {
  test('is trimmed, may not be empty or blank, and has a length limit', () => {
    expect(messageInput.parse({ message: '  hi \n' })).toEqual({ message: 'hi' });
    expect(messageInput.safeParse({ message: '' }).success).toBe(false);
    expect(messageInput.safeParse({ message: ' \n\t ' }).success).toBe(false);
    expect(messageInput.safeParse({ message: 'a'.repeat(CHAT_RULES.maxMessageLength) }).success).toBe(true);
    expect(messageInput.safeParse({ message: 'a'.repeat(CHAT_RULES.maxMessageLength + 1) }).success).toBe(
      false,
    );
    expect(messageInput.safeParse({ message: 'hi', html: '<b>' }).success).toBe(false);
  });
});

describe('message ids', () => {
  test('sort by time, whatever their random part', () => {
    const ids = [1, 2, 1_000, 1_700_000_000_000, 1_700_000_000_001].map((t, i) =>
      newMessageId(t, i % 2 ? 'ffffffffffff' : '000000000000'),
    );
    expect([...ids].sort()).toEqual(ids);
    expect(ids.every((id) => /^[0-9a-z]{17}$/.test(id))).toBe(true);
  });
});

describe('unread', () => {
  const last = { at: '2026-01-01T10:00:00.000Z', authorId: 'ada' };
  test('a message newer than the read mark is unread, unless it is the person’s own', () => {
    expect(hasUnread(last, null, 'bo')).toBe(true);
    expect(hasUnread(last, '2026-01-01T09:59:59.999Z', 'bo')).toBe(true);
    expect(hasUnread(last, '2026-01-01T10:00:00.000Z', 'bo')).toBe(false);
    expect(hasUnread(last, null, 'ada')).toBe(false);
    expect(hasUnread(null, null, 'bo')).toBe(false);
  });
});

describe('links', () => {
  test('web links become links, without the sentence’s punctuation; nothing else is markup', () => {
    expect(messageParts('See https://example.com/a?b=1. Or <b>http://x.org</b>!')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: '. Or <b>' },
      { kind: 'link', text: 'http://x.org', href: 'http://x.org' },
      { kind: 'text', text: '</b>!' },
    ]);
    expect(messageParts('javascript:alert(1) and ftp://x')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) and ftp://x' },
    ]);
    expect(messageParts('')).toEqual([]);
  });
});

describe('chat time', () => {
  test('day and month by the person’s preference, 24-hour time in their zone', () => {
    const iso = '2026-03-04T17:05:00.000Z';
    expect(chatTime(iso, 'day_first', 'UTC')).toBe('04/03 17:05');
    expect(chatTime(iso, 'month_first', 'UTC')).toBe('03/04 17:05');
    expect(chatTime(iso, 'day_first', 'Asia/Tokyo')).toBe('05/03 02:05');
  });
});
