/**
 * Avatars on the way out (functions/src/lib/avatar-urls.ts, streams/avatar-copies.ts; decisions D48):
 * keys in avatar fields become signed links and nothing else is touched; which stream records change
 * someone's avatar.
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, test } from 'vitest';

process.env.TABLE_NAME ??= 'unit';
process.env.ATTACHMENTS_BUCKET ??= 'unit-bucket';
process.env.AWS_REGION ??= 'eu-west-1';
process.env.AWS_ACCESS_KEY_ID ??= 'unit';
process.env.AWS_SECRET_ACCESS_KEY ??= 'unit';
const { avatarKey, withAvatarUrls } = await import('../../src/lib/avatar-urls.ts');
const { avatarChangesOf } = await import('../../src/streams/avatar-copies.ts');

describe('avatar keys on the way out', () => {
  test('every avatar field holding a key becomes a signed link of that object; other fields stay', async () => {
    const key = avatarKey('u1', 'a1')!;
    expect(avatarKey('u1', null)).toBeNull();
    const now = new Date('2026-11-25T15:10:00.000Z');
    const body = {
      title: key,
      taskAssignees: [
        { user: 'u1', avatar: key },
        { user: 'u2', avatar: null },
      ],
      user: { id: 'u1', avatar: key },
      messages: [{ userAvatar: key }],
      event: { author_avatar: key },
      config: { avatar: { id: 'a1', originalUrl: 'https://x/y' } },
    };
    const out = await withAvatarUrls(body, now);
    const link = out.taskAssignees[0]!.avatar!;
    expect(link).toMatch(/\/avatars\/u1\/a1\?.*X-Amz-Signature=/);
    expect(link).toContain('X-Amz-Date=20261125T150000Z');
    expect([out.user.avatar, out.messages[0]!.userAvatar, out.event.author_avatar]).toEqual([
      link,
      link,
      link,
    ]);
    expect(out.title).toBe(key);
    expect(out.taskAssignees[1]!.avatar).toBeNull();
    expect(out.config.avatar).toEqual({ id: 'a1', originalUrl: 'https://x/y' });
    // The same link all the half hour.
    const later = await withAvatarUrls({ avatar: key }, new Date('2026-11-25T15:29:59.000Z'));
    expect(later.avatar).toBe(link);
  });

  test('an answer without avatars comes back as it is', async () => {
    const body = { results: [{ avatar: null, name: 'avatars/not/a/key' }] };
    expect(await withAvatarUrls(body)).toEqual({ results: [{ avatar: null, name: 'avatars/not/a/key' }] });
  });
});

const record = (
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE',
  before: string | null | undefined,
  after: string | null | undefined,
  entity = 'user',
): DynamoDBRecord => {
  const image = (id: string | null | undefined) =>
    id === undefined
      ? undefined
      : (marshall({
          __edb_e__: entity,
          userId: 'u1',
          config: { avatar: id ? { id, originalUrl: '', thumbnailUrl: '' } : null },
        }) as never);
  return {
    eventID: 'e',
    eventName,
    dynamodb: {
      SequenceNumber: '7',
      Keys: marshall({ pk: 'user#u1', sk: 'profile' }) as never,
      OldImage: image(before),
      NewImage: image(after),
    },
  };
};

describe('which records change an avatar', () => {
  test('a user item whose avatar id differs: set, replaced or removed; nothing else', () => {
    expect(avatarChangesOf([record('MODIFY', null, 'a1')])).toEqual([
      { sequenceNumber: '7', userId: 'u1', avatarId: 'a1' },
    ]);
    expect(avatarChangesOf([record('MODIFY', 'a1', 'a2')])).toEqual([
      { sequenceNumber: '7', userId: 'u1', avatarId: 'a2' },
    ]);
    expect(avatarChangesOf([record('MODIFY', 'a1', null)])).toEqual([
      { sequenceNumber: '7', userId: 'u1', avatarId: null },
    ]);
    expect(avatarChangesOf([record('MODIFY', 'a1', 'a1')])).toEqual([]);
    expect(avatarChangesOf([record('INSERT', undefined, 'a1')])).toEqual([]);
    expect(avatarChangesOf([record('MODIFY', null, 'a1', 'group')])).toEqual([]);
  });
});
