import { routes } from '@tandem/shared/api/routes';
import { describe, expect, it, vi } from 'vitest';
import {
  answerInvitation,
  getInvitationRequest,
} from '../src/features/invitations/api/invitation-request.ts';
import {
  acceptInvitePath,
  isAnswerable,
  isPassingFailure,
  nextStep,
  readErrorState,
  readOutcome,
} from '../src/features/invitations/invitation-outcome.ts';
import { configureApi } from '../src/lib/api.ts';
import { ApiError, noResponseError, toErrorBody } from '../src/lib/api-error.ts';

const answer = (hasAccount: boolean, email = 'new.person@example.com') => ({
  status: 'accepted' as const,
  hasAccount,
  email,
  group: { id: 'g1', title: 'Garden club' },
});

describe('after an answer (spec 002 §4 invitations)', () => {
  it('an accepted invitation without an account leads to sign-up with the address filled in', () => {
    expect(nextStep({ action: 'accepted', answer: answer(false, 'a+b@example.com') }, false)).toEqual({
      kind: 'createAccount',
      to: '/signup?email=a%2Bb%40example.com',
    });
    expect(nextStep({ action: 'accepted', answer: answer(false) }, true).kind).toBe('createAccount');
  });

  it('an accepted invitation with an account leads into Tandem: home signed in, sign-in signed out', () => {
    expect(nextStep({ action: 'accepted', answer: answer(true) }, true)).toEqual({
      kind: 'goToTandem',
      to: '/',
    });
    expect(nextStep({ action: 'accepted', answer: answer(true) }, false)).toEqual({
      kind: 'goToTandem',
      to: '/login?email=new.person%40example.com',
    });
  });

  it('a decline, or no answer in hand, leads into Tandem', () => {
    expect(nextStep({ action: 'declined', answer: answer(false) }, false)).toEqual({
      kind: 'goToTandem',
      to: '/login',
    });
    expect(nextStep({ action: 'declined', answer: answer(true, 'x@example.com') }, false)).toEqual({
      kind: 'goToTandem',
      to: '/login?email=x%40example.com',
    });
    expect(nextStep(null, false)).toEqual({ kind: 'goToTandem', to: '/login' });
    expect(nextStep(null, true)).toEqual({ kind: 'goToTandem', to: '/' });
  });

  it('only a pending invitation is answered', () => {
    expect(isAnswerable('pending')).toBe(true);
    for (const s of ['accepted', 'refused', 'expired', 'on-hold'] as const)
      expect(isAnswerable(s)).toBe(false);
  });
});

describe('router state', () => {
  it('reads an outcome leniently', () => {
    expect(readOutcome({ action: 'accepted', answer: answer(true) })).toEqual({
      action: 'accepted',
      answer: answer(true),
    });
    expect(readOutcome({ action: 'declined', answer: 'x' })).toEqual({ action: 'declined', answer: null });
    expect(readOutcome({ action: 'maybe' })).toBeNull();
    expect(readOutcome(null)).toBeNull();
  });

  it('reads the error state, keeping only retries of this page', () => {
    expect(
      readErrorState({ message: 'This invitation has expired.', retry: '/accept-invite?key=abc' }),
    ).toEqual({
      message: 'This invitation has expired.',
      retry: '/accept-invite?key=abc',
    });
    expect(readErrorState({ message: '  ', retry: 'https://evil.example' })).toEqual({
      message: null,
      retry: null,
    });
    expect(readErrorState(undefined)).toEqual({ message: null, retry: null });
    expect(acceptInvitePath('a b&c')).toBe('/accept-invite?key=a%20b%26c');
  });

  it('tells passing failures from final ones', () => {
    const err = (status: number) => new ApiError(status, toErrorBody(status, { fallback_message: 'x' }));
    expect(isPassingFailure(noResponseError())).toBe(true);
    expect(isPassingFailure(err(500))).toBe(true);
    expect(isPassingFailure(new Error('boom'))).toBe(true);
    for (const s of [400, 404, 409, 410]) expect(isPassingFailure(err(s))).toBe(false);
  });
});

describe('invitation calls are public', () => {
  function setup(responses: Response[]) {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const deps = {
      apiUrl: 'http://localhost:3000',
      buildVersion: '11',
      getAccessToken: vi.fn(async () => {
        throw new Error('User not logged in');
      }),
      refreshSession: vi.fn(async () => undefined),
      onSessionLost: vi.fn(),
      onNewBuild: vi.fn(),
      onSubscriptionStatus: vi.fn(),
      fetch: (async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        return responses.shift()!;
      }) as unknown as typeof fetch,
    };
    configureApi(deps);
    return { deps, calls };
  }
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('reads the invitation without a token or a session', async () => {
    const { deps, calls } = setup([
      json(200, {
        email: 'x@example.com',
        role: 3,
        role_title: 'Admin',
        status: 'pending',
        expires_at: '2030-01-01T00:00:00Z',
        group: { id: 'g', title: 'G', metadata: { color: '#7EC242', icon: 'home' } },
        inviter: { name: 'Ann', email: 'ann@example.com' },
      }),
    ]);
    const r = await getInvitationRequest('k'.repeat(24));
    expect(r.roleTitle).toBe('Admin');
    expect(calls[0]!.url).toBe(
      `http://localhost:3000/api/v1/group/member/invitation/request?key=${'k'.repeat(24)}`,
    );
    expect(calls[0]!.init.method).toBe('GET');
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBeUndefined();
    expect(deps.getAccessToken).not.toHaveBeenCalled();
    expect(deps.onSessionLost).not.toHaveBeenCalled();
  });

  it('answers with action 1 or 0 and does not refresh on a 401', async () => {
    const { deps, calls } = setup([
      json(200, {
        status: 'accepted',
        has_account: false,
        email: 'x@example.com',
        group: { id: 'g', title: 'G' },
      }),
      json(200, {
        status: 'refused',
        has_account: true,
        email: 'x@example.com',
        group: { id: 'g', title: 'G' },
      }),
      json(401, { fallback_message: 'No', code: 'not-authenticated', detail: 'No' }),
    ]);
    expect((await answerInvitation('key', 'accept')).hasAccount).toBe(false);
    await answerInvitation('key', 'decline');
    expect(calls.map((c) => [c.init.method, c.init.body])).toEqual([
      ['POST', '{"key":"key","action":1}'],
      ['POST', '{"key":"key","action":0}'],
    ]);
    expect(calls[0]!.url).toBe(`http://localhost:3000${'/api/v1'}${routes.answerInvitationRequest.path}`);
    await expect(answerInvitation('key', 'accept')).rejects.toMatchObject({ status: 401 });
    expect(deps.refreshSession).not.toHaveBeenCalled();
    expect(deps.onSessionLost).not.toHaveBeenCalled();
  });
});
