/**
 * The public request page's calls (no sign-in): plain fetch to the manifest's paths, in snake_case
 * as the API speaks. Nothing of the app's API client (it carries Cognito) comes here.
 */
import { apiPath } from '@tandem/shared/api/api-path';
import * as routes from '@tandem/shared/api/areas/request-links';
import type { PublicRequestLinkView, RequestLinkConfig } from '@tandem/shared/request-links/constants';

export type Snake = Record<string, unknown>;

export interface PublicLink {
  id: string;
  companyName: string;
  welcomeMessage: string;
  logo: string | null;
  brandingConfig: PublicRequestLinkView['brandingConfig'];
  requestConfig: PublicRequestLinkView['requestConfig'];
  confirmationConfig: PublicRequestLinkView['confirmationConfig'];
  legalConfig: PublicRequestLinkView['legalConfig'];
  formToken: string;
}

/** A failed call: its status and its body as text (spec 002 §8 'Failed to submit request: …'). */
export class CallError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`${status} ${body}`);
  }
  /** The API's own message, when the body is one. */
  get apiMessage(): string | undefined {
    try {
      const b = JSON.parse(this.body) as { fallback_message?: string; errors?: Record<string, string> };
      return Object.values(b.errors ?? {})[0] ?? b.fallback_message;
    } catch {
      return undefined;
    }
  }
}

async function call(url: string, init?: RequestInit): Promise<Snake> {
  const res = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init?.headers ?? {}) },
  });
  const text = await res.text();
  if (!res.ok) throw new CallError(res.status, text);
  return text ? (JSON.parse(text) as Snake) : {};
}

const camel = (k: string) => k.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
/** snake_case keys to camelCase, deeply (the answers are small). */
export function toCamel<T>(v: unknown): T {
  if (Array.isArray(v)) return v.map((x) => toCamel(x)) as T;
  if (v && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [camel(k), toCamel(x)])) as T;
  return v as T;
}

export const loadLink = async (id: string) =>
  toCamel<PublicLink>(await call(apiPath(routes.getPublicRequestLink, { id })));

export interface VoiceTicket {
  uploadId: string;
  url: string;
  fields: Array<[string, string]>;
}

/** Uploads a voice note through the presigned POST the link gives; answers its upload id. */
export async function uploadVoice(id: string, formToken: string, blob: Blob): Promise<string> {
  const t = toCamel<VoiceTicket>(
    await call(apiPath(routes.createRequestVoiceUpload, { id }), {
      method: 'POST',
      body: JSON.stringify({ form_token: formToken, size: blob.size, content_type: blob.type }),
    }),
  );
  const fd = new FormData();
  for (const [k, v] of t.fields) fd.append(k, v);
  fd.append('file', blob, 'voice-note');
  const res = await fetch(t.url, { method: 'POST', body: fd });
  if (!res.ok) throw new CallError(res.status, await res.text());
  return t.uploadId;
}

export interface Submitted {
  requestId: string;
  companyName: string;
  confirmationConfig: RequestLinkConfig['confirmationConfig'];
}

export const submit = async (body: Snake) =>
  toCamel<Submitted>(
    await call(apiPath(routes.submitRequest), { method: 'POST', body: JSON.stringify(body) }),
  );

export interface Confirmation {
  requestId: string;
  companyName: string;
  brandingConfig: RequestLinkConfig['brandingConfig'];
  confirmationConfig: RequestLinkConfig['confirmationConfig'];
}

export const confirm = async (requestId: string) =>
  toCamel<Confirmation>(
    await call(apiPath(routes.confirmRequest), {
      method: 'POST',
      body: JSON.stringify({ request_id: requestId }),
    }),
  );
