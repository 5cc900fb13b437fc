/** `GET /config.json` (ARCHITECTURE §3): what the web app needs to find the API and Cognito. */
import * as z from 'zod/mini';

export const runtimeConfig = z.object({
  apiUrl: z.string(),
  wsUrl: z.string(),
  buildVersion: z.string(),
  /** Web Push: the VAPID public key (base64url) browsers subscribe with; absent, the device switch is not offered. */
  vapidPublicKey: z.optional(z.string()),
  /**
   * The billing service's page the paywall sheet shows in a sandboxed frame (spec 002 §2, decisions
   * D76); absent, the sheet shows its own text. The site's CSP frame-src names its origin.
   */
  billingEmbedUrl: z.optional(z.string()),
  cognito: z.object({
    region: z.string(),
    userPoolId: z.string(),
    clientId: z.string(),
    endpoint: z.optional(z.string()),
    /** Hosted UI domain for Google/LinkedIn sign-in; absent when social sign-in is not configured. */
    domain: z.optional(z.string()),
    providers: z.optional(z.array(z.enum(['Google', 'LinkedIn']))),
  }),
});
export type RuntimeConfig = z.infer<typeof runtimeConfig>;

/**
 * How the web app signs in. In AWS (no `endpoint`) SRP, so the password never leaves the browser and
 * the app client allows nothing else (infra's AuthStack); the password flow only against the local
 * stand-in (`endpoint` set), which has no SRP.
 */
export const signInFlow = (
  cognito: Pick<RuntimeConfig['cognito'], 'endpoint'>,
): 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH' => (cognito.endpoint ? 'USER_PASSWORD_AUTH' : 'USER_SRP_AUTH');

// Passed on with `export *`, from a module of their own: every route's answer carries the build, and
// would otherwise carry the web's runtime config schema into every bundle (docs/decisions.md D81).
export * from './build-version.ts';
