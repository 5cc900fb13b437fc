import { describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '../src/api/limits.ts';
import { categoryForm, groupForm, inviteByEmailForm, memberInviteForm } from '../src/groups/forms.ts';
import { GROUP_TITLE_MAX } from '../src/groups/group.ts';
import { quickTaskForm, taskForm } from '../src/tasks/forms.ts';
import { updateTaskInput } from '../src/tasks/schemas.ts';
import { timeBlockForm } from '../src/time/forms.ts';
import {
  changePasswordForm,
  emailField,
  forgotPasswordForm,
  profileForm,
  resetPasswordForm,
  routineTimesForm,
  signInForm,
  signUpForm,
  verifyEmailForm,
} from '../src/user/forms.ts';

/** The first message per field, as a form shows it. */
function errors(
  schema: {
    safeParse: (v: unknown) => {
      success: boolean;
      error?: { issues: { path: PropertyKey[]; message: string }[] };
    };
  },
  values: unknown,
) {
  const result = schema.safeParse(values);
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

const strong = 'correct-horse-1';

describe('the account forms check, before sending, the rules the server applies', () => {
  it('an e-mail is required first, then must look like an address (spaces around allowed)', () => {
    expect(errors(signInForm, { email: '', password: 'x' })).toEqual({ email: 'required' });
    expect(errors(signInForm, { email: 'a@b', password: 'x' })).toEqual({ email: 'email' });
    expect(errors(signInForm, { email: ' a.b+c@d.example.org ', password: 'x' })).toEqual({});
    expect(emailField.safeParse('a b@c.d').success).toBe(false);
  });

  it('signing in needs a password but not the new-password policy', () => {
    expect(errors(signInForm, { email: 'a@b.co', password: '' })).toEqual({ password: 'required' });
    expect(errors(signInForm, { email: 'a@b.co', password: 'short' })).toEqual({});
  });

  it('forgot password and verify e-mail ask for an address and a six-digit code', () => {
    expect(errors(forgotPasswordForm, { email: '' })).toEqual({ email: 'email' });
    expect(errors(verifyEmailForm, { email: 'a@b.co', code: '12345' })).toEqual({ code: 'code' });
    expect(errors(verifyEmailForm, { email: 'a@b.co', code: ' 123456 ' })).toEqual({});
    expect(errors(verifyEmailForm, { email: 'a@b.co', code: '12345a' })).toEqual({ code: 'code' });
  });

  it('a new password follows the policy and names the first rule it breaks', () => {
    const pair = (p: string) => errors(resetPasswordForm, { code: '123456', password1: p, password2: p });
    expect(pair('abcde')).toEqual({ password1: 'passwordTooShort' });
    expect(pair('no-digits-here')).toEqual({ password1: 'passwordNeedsDigit' });
    expect(pair('NO-LOWER-12')).toEqual({ password1: 'passwordNeedsLowercase' });
    expect(pair(' spaced-out-1')).toEqual({ password1: 'passwordEdgeSpace' });
    expect(pair(strong)).toEqual({});
  });

  it('the confirmation is required and must match, reported on the confirmation even when other fields fail', () => {
    expect(errors(changePasswordForm, { current: 'old', password1: strong, password2: '' })).toEqual({
      password2: 'required',
    });
    expect(errors(changePasswordForm, { current: '', password1: strong, password2: `${strong}x` })).toEqual({
      current: 'required',
      password2: 'passwordsMismatch',
    });
    expect(errors(changePasswordForm, { current: 'old', password1: 'abc', password2: 'abd' })).toEqual({
      password1: 'passwordTooShort',
      password2: 'passwordsMismatch',
    });
    expect(errors(changePasswordForm, { current: 'old', password1: strong, password2: strong })).toEqual({});
  });

  it('sign-up needs both names, a kind of user from the list, an address and a matching new password', () => {
    expect(
      errors(signUpForm, {
        firstName: ' ',
        lastName: '',
        email: 'x',
        userType: '',
        password1: '',
        password2: '',
      }),
    ).toEqual({
      firstName: 'required',
      lastName: 'required',
      email: 'email',
      userType: 'chooseOne',
      password1: 'required',
      password2: 'required',
    });
    expect(
      errors(signUpForm, {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.org',
        userType: 'manager',
        password1: strong,
        password2: strong,
      }),
    ).toEqual({});
  });

  it('the profile needs both names and an address', () => {
    expect(errors(profileForm, { firstName: '', lastName: 'L', email: '' })).toEqual({
      firstName: 'required',
      email: 'required',
    });
  });

  it('routine times are read in 12- or 24-hour form; anything else is named on its slot', () => {
    expect(errors(routineTimesForm, { beginning: '07:00', middle: '1:30 PM', end: '19:00' })).toEqual({});
    expect(errors(routineTimesForm, { beginning: '25:00', middle: '12:00', end: 'soon' })).toEqual({
      beginning: 'timeFormat',
      end: 'timeFormat',
    });
  });
});

describe('the group and category forms check a name by the rule the server applies', () => {
  it('a name is required: empty, spaces only or invisible characters only are refused', () => {
    for (const schema of [groupForm, categoryForm]) {
      for (const blank of ['', '   ', '\u200b\u200b'])
        expect(errors(schema, { title: blank })).toEqual({ title: 'nameRequired' });
      expect(errors(schema, { title: ' Work ' })).toEqual({});
    }
  });

  it('a name longer than the server keeps is refused, one at the limit is not', () => {
    expect(errors(groupForm, { title: 'x'.repeat(GROUP_TITLE_MAX + 1) })).toEqual({ title: 'nameTooLong' });
    expect(errors(groupForm, { title: 'x'.repeat(GROUP_TITLE_MAX) })).toEqual({});
  });
});

describe('the time-block form', () => {
  const ok = {
    start: '2026-03-09T09:00',
    duration: 60,
    timezone: 'Europe/Paris',
    target: 'group',
    group: 'g1',
    category: '',
  };
  it('takes a valid block, whatever the other target holds', () => {
    expect(errors(timeBlockForm, ok)).toEqual({});
    expect(errors(timeBlockForm, { ...ok, target: 'category', category: 'c1', group: '' })).toEqual({});
  });

  it('needs a start that is a time in the zone, a whole duration of 1 to 1440 minutes, and its target', () => {
    expect(errors(timeBlockForm, { ...ok, start: '' })).toEqual({ start: 'required' });
    expect(errors(timeBlockForm, { ...ok, start: '2026-02-30T09:00' })).toEqual({ start: 'required' });
    for (const duration of [0, 1441, 1.5, Number.NaN])
      expect(errors(timeBlockForm, { ...ok, duration })).toEqual({ duration: 'required' });
    expect(errors(timeBlockForm, { ...ok, duration: 1440 })).toEqual({});
    expect(errors(timeBlockForm, { ...ok, group: '' })).toEqual({ group: 'required' });
    expect(errors(timeBlockForm, { ...ok, target: 'category' })).toEqual({ category: 'required' });
  });
});

describe("the calendar's quick task form checks title and group by the server's task rules", () => {
  it('a title is required and bounded; a group must be chosen', () => {
    expect(errors(quickTaskForm, { title: 'Dentist', group: 'g1' })).toEqual({});
    expect(errors(quickTaskForm, { title: ' \u200b ', group: null })).toEqual({
      title: 'titleRequired',
      group: 'groupRequired',
    });
    expect(errors(quickTaskForm, { title: 'x'.repeat(TEXT_LIMITS.taskTitle + 1), group: '' })).toEqual({
      title: 'titleTooLong',
      group: 'groupRequired',
    });
  });
});

describe("the task form checks title and group by the server's task rules", () => {
  it('a title is required and bounded; a group must be chosen', () => {
    expect(errors(taskForm, { title: 'Dentist', group: 'g1' })).toEqual({});
    expect(errors(taskForm, { title: '', group: null })).toEqual({
      title: 'titleRequired',
      group: 'groupRequired',
    });
    expect(errors(taskForm, { title: 'x'.repeat(TEXT_LIMITS.taskTitle + 1), group: 'g1' })).toEqual({
      title: 'titleTooLong',
    });
  });

  it('refuses exactly the titles the server refuses on an update', () => {
    for (const title of [
      '',
      '   ',
      ' \u200b ',
      'Dentist',
      'x'.repeat(TEXT_LIMITS.taskTitle),
      'x'.repeat(TEXT_LIMITS.taskTitle + 1),
    ])
      expect(errors(taskForm, { title, group: 'g1' }).title === undefined).toBe(
        updateTaskInput.safeParse({ title }).success,
      );
  });
});

describe('inviting by e-mail', () => {
  it('needs an address; empty is simply not one; spaces around are allowed', () => {
    expect(errors(inviteByEmailForm, { email: '' })).toEqual({ email: 'email' });
    expect(errors(inviteByEmailForm, { email: 'bob@example' })).toEqual({ email: 'email' });
    expect(errors(inviteByEmailForm, { email: ' bob@example.com ' })).toEqual({});
  });
});

describe('adding a member in the group form', () => {
  it('an address is required, then must be one; a role must be chosen', () => {
    expect(errors(memberInviteForm, { email: ' ', role: '' })).toEqual({
      email: 'emailRequired',
      role: 'roleRequired',
    });
    expect(errors(memberInviteForm, { email: 'a@b', role: 99 })).toEqual({
      email: 'email',
      role: 'roleRequired',
    });
    expect(errors(memberInviteForm, { email: ' a@b.co ', role: 6 })).toEqual({});
  });
});
