/**
 * The sender's name in what we send (core/access/roster.ts senderName; D85): one fallback for every
 * mail and push that names who did something.
 */
import { describe, expect, test } from 'vitest';

process.env.TABLE_NAME ??= 'unit';
process.env.AWS_REGION ??= 'eu-west-1';
process.env.AWS_ACCESS_KEY_ID ??= 'unit';
process.env.AWS_SECRET_ACCESS_KEY ??= 'unit';
const { displayName, senderName, UNNAMED_SENDER } = await import('../../src/core/access/roster.ts');
const { calendarMail } = await import('../../src/core/notifications/mails.ts');

describe('the sender name', () => {
  test('a missing or empty name is "Someone"', () => {
    expect(UNNAMED_SENDER).toBe('Someone');
    expect(senderName(undefined)).toBe('Someone');
    expect(senderName(null)).toBe('Someone');
    expect(senderName('')).toBe('Someone');
  });

  test('a blank name (only spaces, tabs, line breaks) is "Someone" too', () => {
    expect(senderName(' ')).toBe('Someone');
    expect(senderName(' \t\n ')).toBe('Someone');
    // A person whose first name is a space and who has no address on record.
    expect(senderName(displayName({ firstName: ' ', lastName: '', email: '' }))).toBe('Someone');
  });

  test('a name is kept, without the spaces around it', () => {
    expect(senderName('Ann Lee')).toBe('Ann Lee');
    expect(senderName('  Ann Lee ')).toBe('Ann Lee');
    expect(senderName(displayName({ firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' }))).toBe(
      'Ann Lee',
    );
  });

  test('a mail from a sender with a blank name says "Someone"', () => {
    const mail = calendarMail('bo@example.com', {
      taskTitle: 'Standup',
      byName: '   ',
      when: 'Mon, 30 Nov 2026, 09:00',
      answerPath: '/accept-attendee-invite?key=k',
    });
    expect(mail.subject).toBe('Someone invited you: Standup');
    expect(mail.text.startsWith('Someone invited you to "Standup"')).toBe(true);
  });
});
