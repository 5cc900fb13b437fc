import { describe, expect, it } from 'vitest';
import type { PendingInvitation } from '../src/features/delegation/api/pending.ts';
import { answerableIds, groupByInviter, isAnswerable } from '../src/features/delegation/utils/pending.ts';

const inv = (
  id: string,
  inviter: { id: string; name: string; email: string },
  over: Partial<PendingInvitation> & { title?: string; dueAt?: string | null } = {},
): PendingInvitation => ({
  id,
  email: 'me@example.com',
  role: 5,
  status: 'pending',
  expiresAt: '2030-01-08T00:00:00Z',
  task: { id: `t-${id}`, title: over.title ?? `Task ${id}`, dueAt: over.dueAt ?? null, groupId: 'g' },
  inviter,
  ...over,
});

const ann = { id: 'u-ann', name: 'Ann Lee', email: 'ann@example.com' };
const bob = { id: 'u-bob', name: '', email: 'bob@example.com' };

describe('Pending tab grouping (spec 001 §2: grouped by manager)', () => {
  it('groups by inviter, named by name or else e-mail, in name order', () => {
    const groups = groupByInviter([inv('1', bob), inv('2', ann), inv('3', bob)]);
    expect(groups.map((g) => [g.name || g.email, g.items.map((i) => i.id)])).toEqual([
      ['Ann Lee', ['2']],
      ['bob@example.com', ['1', '3']],
    ]);
  });

  it('lists open invitations first, then by due date (undated last), then by title', () => {
    const [g] = groupByInviter([
      inv('a', ann, { title: 'Zed', dueAt: null }),
      inv('b', ann, { title: 'Late', dueAt: '2030-02-01T00:00:00Z' }),
      inv('c', ann, { title: 'Soon', dueAt: '2030-01-01T00:00:00Z' }),
      inv('d', ann, { title: 'Alpha', status: 'expired', dueAt: '2029-01-01T00:00:00Z' }),
      inv('e', ann, { title: 'Apple', dueAt: null }),
    ]);
    expect(g!.items.map((i) => i.id)).toEqual(['c', 'b', 'e', 'a', 'd']);
  });

  it('answers only what can still be answered (not an expired link)', () => {
    const list = [inv('1', ann), inv('2', ann, { status: 'expired' }), inv('3', bob)];
    expect(answerableIds(list)).toEqual(['1', '3']);
    expect(isAnswerable({ status: 'expired' })).toBe(false);
    expect(answerableIds([])).toEqual([]);
  });
});
