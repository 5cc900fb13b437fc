import { routes } from '@tandem/shared/api/routes';
import { describe, expect, it, vi } from 'vitest';
import {
  answerPending,
  answerTaskInvitationRequest,
  getTaskInvitationRequest,
  inviteToTask,
} from '../src/features/delegation/api/delegation.ts';
import { delegationNextStep } from '../src/features/delegation/utils/outcome.ts';
import { isPassingFailure } from '../src/features/invitations/invitation-outcome.ts';
import { configureApi } from '../src/lib/api.ts';
import { ApiError, noResponseError, toErrorBody } from '../src/lib/api-error.ts';

describe('after answering a delegation link (spec 002 §7)', () => {
  it('an accepted task without an account leads to sign-up with the e-mail filled in', () => {
    expect(delegationNextStep(true, { hasAccount: false, email: 'a+b@example.com' }, false)).toEqual({
      kind: 'createAccount',
      to: '/signup?email=a%2Bb%40example.com',
    });
  });
  it('otherwise into Tandem: home when signed in, else sign-in', () => {
    expect(delegationNextStep(true, { hasAccount: true, email: 'x@example.com' }, true)).toEqual({
      kind: 'goToTandem',
      to: '/',
    });
    expect(delegationNextStep(true, { hasAccount: true, email: 'x@example.com' }, false)).toEqual({
      kind: 'goToTandem',
      to: '/login?email=x%40example.com',
    });
    expect(delegationNextStep(false, { hasAccount: false, email: 'x@example.com' }, false)).toEqual({
      kind: 'goToTandem',
      to: '/login',
    });
  });
  it('unknown, used and expired links are final; no answer or a server error may pass', () => {
    const err = (status: number) => new ApiError(status, toErrorBody(status, { fallback_message: 'x' }));
    for (const s of [400, 404, 409, 410]) expect(isPassingFailure(err(s))).toBe(false);
    expect(isPassingFailure(err(503))).toBe(true);
    expect(isPassingFailure(noResponseError())).toBe(true);
  });
});

describe('delegation calls', () => {
  function setup(responses: Response[]) {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const deps = {
      apiUrl: 'http://localhost:3000',
      buildVersion: '11',
      getAccessToken: vi.fn(async () => 'token'),
      refreshSession: vi.fn(async () => undefined),
      onSessionLost: vi.fn(),
      onNewBuild: vi.fn(),
      onSubscriptionStatus: vi.fn(),
      fetch: (async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        return responses.shift() ?? new Response(null, { status: 204 });
      }) as unknown as typeof fetch,
    };
    configureApi(deps);
    return { deps, calls };
  }
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const headers = (c: { init: RequestInit }) => c.init.headers as Record<string, string>;

  it('reads and answers the e-mailed link without a token', async () => {
    const { calls } = setup([
      json(200, {
        email: 'b@example.com',
        role: 6,
        role_title: 'editor',
        status: 'pending',
        expires_at: '2030-01-01T00:00:00Z',
        task: { id: 't', title: 'Paint', description: '', due_at: null },
        inviter: { name: 'Ann', email: 'a@example.com' },
      }),
      json(200, {
        status: 'accepted',
        has_account: false,
        email: 'b@example.com',
        task: { id: 't', title: 'Paint' },
      }),
    ]);
    const key = 'k'.repeat(24);
    const r = await getTaskInvitationRequest(key);
    expect(r.task.dueAt).toBeNull();
    expect(r.roleTitle).toBe('editor');
    const a = await answerTaskInvitationRequest(key, true);
    expect(a.hasAccount).toBe(false);
    expect(calls[0]!.url).toBe(
      `http://localhost:3000/api/v1${routes.getTaskInvitationRequest.path}?key=${key}`,
    );
    expect(headers(calls[0]!).authorization).toBeUndefined();
    expect(calls[1]!.init.method).toBe('POST');
    expect(headers(calls[1]!).authorization).toBeUndefined();
    const body = JSON.parse(String(calls[1]!.init.body));
    expect(body).toMatchObject({ key, action: 1 });
    expect(typeof body.user_timezone).toBe('string');
  });

  it('answers Pending invitations by id with 1 or 0, and invites with a role', async () => {
    const { calls } = setup([json(200, { results: [] }), json(200, { email: 'c@example.com', role: 6 })]);
    await answerPending(['i1', 'i2'], false);
    expect(calls[0]!.url).toBe(`http://localhost:3000/api/v1${routes.answerPendingTasks.path}`);
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ invitations: ['i1', 'i2'], action: 0 });
    expect(headers(calls[0]!).authorization).toBe('Bearer token');
    await inviteToTask('t1', 'c@example.com', 6, { revalidate: false });
    const invite = calls.find((c) => c.init.method === 'PUT')!;
    expect(invite.url).toBe(`http://localhost:3000/api/v1${routes.inviteToTask.path}`);
    expect(JSON.parse(String(invite.init.body))).toEqual({ task: 't1', email: 'c@example.com', role: 6 });
  });
});
