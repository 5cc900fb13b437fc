/**
 * Changing the sign-in address (spec 001 §7 PATCH /auth/user/ with email; D23): a code goes to the
 * new address, the old one stays the sign-in name until the code is given, then the profile, the
 * sign-in and the group rosters use the new one.
 */
import { randomUUID } from 'node:crypto';
import { EMAIL_CHANGE_MESSAGES } from '@tandem/shared';
import { describe, expect, it } from 'vitest';
import { waitForMail } from '../../../scripts/src/local/mail/wait-for-mail.ts';
import { signIn } from '../../../scripts/src/testing/users.ts';
import { addMember, env, groupOf, newGroup, person, stack } from './support.ts';

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];

async function askForChange(api: Awaited<ReturnType<typeof person>>['api'], email: string) {
  const since = new Date();
  const r = await api.patch('/auth/user/', { email });
  const mail = await waitForMail(stack.url, {
    to: email.toLowerCase(),
    subjectIncludes: 'new Tandem e-mail',
    since,
  });
  return { r, code: codeIn(mail.text)! };
}

describe('e-mail change', () => {
  it('keeps the old address until the code from the new one is given, then uses the new one everywhere', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const g = await newGroup(bob.api, 'Choir');
    await addMember(bob.api, g.id, ann, 3);
    const next = `ann-new-${randomUUID().slice(0, 8)}@example.com`;

    const { r, code } = await askForChange(ann.api, next.toUpperCase());
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ email: ann.email, pending_email: next });
    expect(code).toMatch(/^\d{6}$/);
    // Not yet: the old address still signs in, the new one does not.
    await expect(signIn(env, next, ann.password)).rejects.toThrow();
    expect((await signIn(env, ann.email, ann.password)).userId).toBe(ann.userId);

    const wrong = await ann.api.post('/auth/user/email/verify', {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.code).toBe(EMAIL_CHANGE_MESSAGES.codeWrong);
    expect((await ann.api.get('/auth/user/')).body).toMatchObject({ email: ann.email, pending_email: next });

    const ok = await ann.api.post('/auth/user/email/verify', { code });
    expect(ok.status).toBe(200);
    expect(ok.body.email).toBe(next);
    expect(ok.body.pending_email).toBeUndefined();
    expect((await ann.api.get('/auth/user/')).body.email).toBe(next);
    expect((await signIn(env, next, ann.password)).userId).toBe(ann.userId);
    await expect(signIn(env, ann.email, ann.password)).rejects.toThrow();
    // Bob's roster of the group shows Ann's new address.
    const emails = (await groupOf(bob.api, g.id)).group_members.map((m: { email: string }) => m.email);
    expect(emails).toContain(next);
    expect(emails).not.toContain(ann.email);
    // Nothing is pending any more.
    const again = await ann.api.post('/auth/user/email/verify', { code });
    expect(again.status).toBe(400);
    expect(again.body.errors.code).toBe(EMAIL_CHANGE_MESSAGES.nothingPending);
  });

  it('refuses an address another account uses, and a malformed one, writing nothing', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const taken = await ann.api.patch('/auth/user/', { email: bob.email });
    expect(taken.status).toBe(409);
    expect(taken.body.fallback_message ?? taken.body.message).toContain(EMAIL_CHANGE_MESSAGES.taken);
    const bad = await ann.api.patch('/auth/user/', { email: 'not-an-address', first_name: 'Zed' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.email).toBe('Enter a valid e-mail address.');
    const me = (await ann.api.get('/auth/user/')).body;
    expect(me).toMatchObject({ email: ann.email, first_name: 'Ann' });
    expect(me.pending_email).toBeUndefined();
  });

  it('a name change alone sends no code and leaves the address as it is', async () => {
    const ann = await person('Ann');
    const r = await ann.api.patch('/auth/user/', { first_name: 'Anna', email: ann.email });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ first_name: 'Anna', email: ann.email });
    expect(r.body.pending_email).toBeUndefined();
  });
});
