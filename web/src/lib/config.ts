/**
 * Runtime configuration: `/config.json`, written next to the site by whoever serves it (the local
 * gateway, or the web stack in AWS), read once at start. Nothing about the environment is baked
 * into the build.
 *
 * The shape is the shared `RuntimeConfig`. It is checked here by hand rather than with the shared
 * zod schema: zod would be the largest library on the start-up path for six keys.
 * test/config.test.ts checks that this reader and the shared schema agree.
 */
import type { RuntimeConfig } from '@tandem/shared/api/config';

const PROVIDERS = ['Google', 'LinkedIn'] as const;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function str(o: Record<string, unknown>, key: string, path: string): string {
  const v = o[key];
  if (typeof v !== 'string') throw new Error(`config.json: ${path}${key} must be a string`);
  return v;
}

function optStr(o: Record<string, unknown>, key: string, path: string): string | undefined {
  return o[key] === undefined || o[key] === null ? undefined : str(o, key, path);
}

export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  if (!isRecord(raw) || !isRecord(raw.cognito))
    throw new Error('config.json: expected an object with cognito');
  const c = raw.cognito;
  const endpoint = optStr(c, 'endpoint', 'cognito.');
  const domain = optStr(c, 'domain', 'cognito.');
  let providers: RuntimeConfig['cognito']['providers'];
  if (c.providers !== undefined && c.providers !== null) {
    if (!Array.isArray(c.providers) || !c.providers.every((p) => PROVIDERS.includes(p))) {
      throw new Error(`config.json: cognito.providers must list ${PROVIDERS.join(' or ')}`);
    }
    providers = c.providers as RuntimeConfig['cognito']['providers'];
  }
  const vapidPublicKey = optStr(raw, 'vapidPublicKey', '');
  const billingEmbedUrl = optStr(raw, 'billingEmbedUrl', '');
  return {
    apiUrl: str(raw, 'apiUrl', ''),
    wsUrl: str(raw, 'wsUrl', ''),
    buildVersion: str(raw, 'buildVersion', ''),
    ...(vapidPublicKey !== undefined ? { vapidPublicKey } : {}),
    ...(billingEmbedUrl !== undefined ? { billingEmbedUrl } : {}),
    cognito: {
      region: str(c, 'region', 'cognito.'),
      userPoolId: str(c, 'userPoolId', 'cognito.'),
      clientId: str(c, 'clientId', 'cognito.'),
      ...(endpoint !== undefined ? { endpoint } : {}),
      ...(domain !== undefined ? { domain } : {}),
      ...(providers !== undefined ? { providers } : {}),
    },
  };
}

let loaded: RuntimeConfig | null = null;

declare global {
  interface Window {
    /** The request for /config.json that index.html starts with the page. */
    __tandemConfig?: Promise<Response | null>;
  }
}

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const early = window.__tandemConfig;
  window.__tandemConfig = undefined;
  const res = (await early) ?? (await fetch('/config.json', { cache: 'no-store' }));
  if (!res.ok) throw new Error(`GET /config.json answered ${res.status}`);
  loaded = parseRuntimeConfig(await res.json());
  return loaded;
}

/** The configuration once loaded; null before (the sign-in page made at build time draws without). */
export const loadedConfig = (): RuntimeConfig | null => loaded;

export function getConfig(): RuntimeConfig {
  if (!loaded) throw new Error('Runtime configuration is not loaded');
  return loaded;
}
