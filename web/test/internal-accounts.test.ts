/**
 * The allow-list of internal accounts is the back end's configuration (GET /user/config/ answers
 * is_internal_account), and task writes make the billing figures stale (the server counts tasks).
 */
import { describe, expect, it } from 'vitest';
import { isInternalAccount } from '../src/config/allow-list.ts';
import { limitsKey } from '../src/features/subscription/api/subscription-limits.ts';
import { staleAfterTaskChange } from '../src/features/tasks/api/tasks.ts';
import { tabFromQuery } from '../src/features/today/utils/tabs.ts';

describe('internal accounts', () => {
  it('shows Issues only when the server says the person is an internal account', () => {
    expect(isInternalAccount(undefined)).toBe(false);
    expect(isInternalAccount({})).toBe(false);
    expect(isInternalAccount({ isInternalAccount: false })).toBe(false);
    expect(isInternalAccount({ isInternalAccount: true })).toBe(true);
    expect(tabFromQuery('issues', isInternalAccount({ isInternalAccount: true }))).toBe('issues');
    expect(tabFromQuery('issues', isInternalAccount(undefined))).toBe('my-tasks');
  });
});

describe('after a task change', () => {
  it('reads task lists and the subscription limits again, and nothing else', () => {
    expect(staleAfterTaskChange(['tasks', 'list', {}])).toBe(true);
    expect(staleAfterTaskChange(limitsKey)).toBe(true);
    expect(staleAfterTaskChange(['subscription-limits', 'group', 'g1'])).toBe(true);
    expect(staleAfterTaskChange(['user-config'])).toBe(false);
    expect(staleAfterTaskChange('tasks')).toBe(false);
  });
});
