/** Calls to a provider's API: JSON, bounded in time; 401 is a refused credential. */
import { CredentialsRefusedError, ProviderError } from './provider.ts';

export async function call(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: unknown; headers: Headers; text: string }> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
  const text = await res.text();
  let body: unknown = null;
  if (text && (res.headers.get('content-type') ?? '').includes('json')) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (res.status === 401) throw new CredentialsRefusedError(`${res.status} from ${new URL(url).host}`);
  return { status: res.status, body, headers: res.headers, text };
}

export function ok<T>(r: { status: number; body: unknown; text: string }, ...accepted: number[]): T {
  if (!(accepted.length ? accepted : [200, 201]).includes(r.status))
    throw new ProviderError(r.status, r.text);
  return r.body as T;
}
