import { categoryForm, groupForm, memberInviteForm } from '@tandem/shared/groups/forms';
import { GROUP_TITLE_MAX } from '@tandem/shared/groups/group';
import { quickTaskForm } from '@tandem/shared/tasks/forms';
import {
  FORM_MESSAGES,
  PASSWORD_PROBLEM_MESSAGES,
  resetPasswordForm,
  signInForm,
} from '@tandem/shared/user/forms';
import { describe, expect, it } from 'vitest';
import en from '../src/i18n/locales/en_US/validation.json';
import { formValidator, isEmail, newPasswordHint } from '../src/lib/validation.ts';

const texts = en as Record<string, string>;
/** i18next's interpolation, enough for these messages. */
const say = (key: string, values?: Record<string, unknown>) =>
  texts[key.replace('validation:', '')]!.replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String(values?.[name]),
  );

describe('form checks shared by the sign-up, reset, change-password and attendee forms', () => {
  it('an e-mail is text, an at sign, text, a dot, text (spec 000 §5), spaces around allowed', () => {
    for (const ok of ['a@b.co', ' a.b+c@d.example.org ']) expect(isEmail(ok)).toBe(true);
    for (const bad of ['', 'a@b', 'a b@c.d', '@b.co', 'a@.co', 'a@b.']) expect(isEmail(bad)).toBe(false);
  });

  it('a form validated by a shared schema shows the sentence of each rule, with the policy numbers', () => {
    const check = formValidator(resetPasswordForm, say);
    // The 5-character password the local Cognito used to accept.
    expect(check({ code: '123456', password1: 'abcde', password2: 'abcde' })).toEqual({
      password1: 'Use at least 10 characters.',
    });
    expect(check({ code: '12', password1: 'no-digits-here', password2: 'no-digits-here!' })).toEqual({
      code: 'Enter the six-digit code.',
      password1: 'Include at least one digit.',
      password2: 'The passwords do not match.',
    });
    expect(check({ code: '123456', password1: '', password2: '' })).toEqual({
      password1: 'This field is required.',
      password2: 'This field is required.',
    });
    expect(check({ code: '123456', password1: 'Secret-123', password2: 'Secret-123' })).toEqual({});
    expect(formValidator(signInForm, say)({ email: 'a@b', password: '' })).toEqual({
      email: 'Enter a valid e-mail address.',
      password: 'This field is required.',
    });
  });

  it('the hint under a new-password field names the rules in force', () => {
    const t = (key: string, values?: { min?: number }) =>
      (en as Record<string, string>)[key.replace('validation:', '')]!.replace('{{min}}', String(values?.min));
    expect(newPasswordHint(t)).toBe(
      'Use at least 10 characters. Include at least one lowercase letter. Include at least one digit.',
    );
  });

  it('every message a shared form schema can give has a sentence', () => {
    for (const key of [...Object.values(FORM_MESSAGES), ...Object.values(PASSWORD_PROBLEM_MESSAGES)])
      expect({ key, text: texts[key] }).toEqual({ key, text: expect.any(String) });
  });
});

describe('the group and category forms say the name rule in the words users saw before', () => {
  it('an empty or blank name is "Name is required.", an over-long one says so', () => {
    for (const schema of [groupForm, categoryForm]) {
      const check = formValidator(schema, say);
      expect(check({ title: '  ' })).toEqual({ title: 'Name is required.' });
      expect(check({ title: 'x'.repeat(GROUP_TITLE_MAX + 1) })).toEqual({ title: 'The name is too long.' });
      expect(check({ title: 'Work' })).toEqual({});
    }
  });
});

describe("the calendar's quick task form says its rules as before", () => {
  it('"Enter a title." and "Choose a group."', () => {
    expect(formValidator(quickTaskForm, say)({ title: '', group: null })).toEqual({
      title: 'Enter a title.',
      group: 'Choose a group.',
    });
  });
});

describe("the group form's member invitation says its rules as before", () => {
  it('"Enter an e-mail address.", "Enter a valid e-mail address." and "Choose a role."', () => {
    const check = formValidator(memberInviteForm, say);
    expect(check({ email: '', role: '' })).toEqual({
      email: 'Enter an e-mail address.',
      role: 'Choose a role.',
    });
    expect(check({ email: 'a@b', role: 6 })).toEqual({ email: 'Enter a valid e-mail address.' });
  });
});

describe("zod's own messages", () => {
  it('are in English once the form validation is loaded, as before zod/mini', async () => {
    const z = await import('zod/mini');
    const issue = z.string().check(z.minLength(2)).safeParse('a').error?.issues[0];
    expect(issue?.message).toBe('Too small: expected string to have >=2 characters');
  });
});
