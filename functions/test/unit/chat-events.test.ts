/**
 * Chat messages on the stream (functions/src/streams/chat-events.ts, core/chat/viewers.ts): which event a
 * change of a message item is, and who the chat's viewers are — the people who can read the task.
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import { CHAT_EVENT_TYPES, DELETED_MESSAGE_TEXT } from '@tandem/shared';
import { describe, expect, test } from 'vitest';
import type { GroupRecord, RosterEntry } from '../../src/core/access/roster.ts';
import type { TaskRecord } from '../../src/core/access/task-access.ts';
import { viewersOf } from '../../src/core/chat/viewers.ts';
import type { MessageRecord } from '../../src/core/chat/views.ts';
import { chatEvent, type MessageChange, messageChangeOf } from '../../src/streams/chat-events.ts';

const message = (over: Partial<MessageRecord> = {}): MessageRecord => ({
  chatId: 't1',
  messageId: '00abc0000deadbeef',
  authorId: 'ada',
  authorName: 'Ada Test',
  text: 'Hello',
  createdAt: '2026-11-25T10:00:00.000Z',
  ...over,
});

const change = (
  kind: MessageChange['kind'],
  oldMessage?: MessageRecord,
  newMessage?: MessageRecord,
): MessageChange => ({
  eventId: 'e1',
  sequenceNumber: '1',
  kind,
  oldMessage,
  newMessage,
});

describe('which event', () => {
  test('a new message, an edit and a delete; nothing for a change nobody sees or a removal', () => {
    const m = message();
    expect(chatEvent(change('INSERT', undefined, m))).toMatchObject({
      type: CHAT_EVENT_TYPES.created,
      id: m.messageId,
      event_id: 'e1',
      chat_id: 't1',
      author: 'ada',
      author_avatar: null,
      message: 'Hello',
      created_at: m.createdAt,
    });
    const edited = message({ text: 'Hello!', updatedAt: '2026-11-25T10:01:00.000Z' });
    expect(chatEvent(change('MODIFY', m, edited))).toMatchObject({
      type: CHAT_EVENT_TYPES.updated,
      message: 'Hello!',
    });
    const deleted = message({ text: '', deletedAt: '2026-11-25T10:02:00.000Z' });
    expect(chatEvent(change('MODIFY', edited, deleted))).toMatchObject({
      type: CHAT_EVENT_TYPES.deleted,
      message: DELETED_MESSAGE_TEXT,
      deleted_at: deleted.deletedAt,
    });
    expect(chatEvent(change('MODIFY', deleted, deleted))).toBeNull();
    expect(chatEvent(change('REMOVE', deleted, undefined))).toBeNull();
  });

  test('only message items are read as messages', () => {
    const record = (sk: string, entity: string) => ({
      eventID: 'e1',
      eventName: 'INSERT' as const,
      dynamodb: {
        Keys: { pk: { S: 'chat#t1' }, sk: { S: sk } },
        NewImage: marshall({ ...message(), pk: 'chat#t1', sk, __edb_e__: entity }) as never,
        SequenceNumber: '1',
      },
    });
    expect(messageChangeOf(record('msg#00abc', 'message'))?.newMessage?.text).toBe('Hello');
    expect(messageChangeOf(record('task', 'task'))).toBeNull();
    expect(messageChangeOf(record('msg#00abc', 'chatEntry'))).toBeNull();
  });
});

describe("the chat's viewers", () => {
  const member = (userId: string | null, invitationStatus: RosterEntry['invitationStatus']) =>
    ({ memberId: `g~${userId}`, userId, name: `${userId} name`, invitationStatus }) as RosterEntry;
  const task = {
    taskId: 't1',
    groupId: 'g1',
    createdBy: 'creator',
    creatorName: 'Cy',
    assignees: { asg: { userId: 'asg', name: 'As' } },
    roles: { r1: { id: 'r1', userId: 'roled', role: 6 } },
    pending: { 'x@example.com': { status: 'pending' } },
  } as unknown as TaskRecord;
  const group = (deleting = false) =>
    ({
      groupId: 'g1',
      members: Object.fromEntries(
        [member('m1', 'accepted'), member('invitee', 'pending'), member(null, 'pending')].map((m) => [
          m.memberId,
          m,
        ]),
      ),
      ...(deleting ? { deleting } : {}),
    }) as unknown as GroupRecord;

  test('the people who can read the task: creator, assignees, people with a role, accepted members; not invitees', () => {
    expect(Object.fromEntries(viewersOf(task, group()))).toEqual({
      creator: 'Cy',
      asg: 'As',
      roled: '',
      m1: 'm1 name',
    });
  });

  test('no group members while the group is being deleted', () => {
    expect([...viewersOf(task, group(true)).keys()].sort()).toEqual(['asg', 'creator', 'roled']);
  });
});
