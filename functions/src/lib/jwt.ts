/**
 * Verifies Cognito access tokens the way API Gateway's JWT authorizer is configured to: RS256
 * signature against the pool's JWKS, exact issuer, `client_id` of our app client, not expired.
 * Used by the WebSocket authorizer in AWS and locally, and by the local gateway for HTTP routes.
 *
 * `CognitoJwtVerifier` would be the natural choice but refuses cognito-local's pool ids (`local_…`),
 * so this uses the generic verifier with the Cognito checks spelled out (LOCAL-STACK-FACTS).
 */
import { JwtVerifier } from 'aws-jwt-verify';
import { NonRetryableFetchError } from 'aws-jwt-verify/error';
import type { Fetcher } from 'aws-jwt-verify/https';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';

export interface AccessTokenIssuer {
  /** Exact `iss`: https://cognito-idp.<region>.amazonaws.com/<poolId> in AWS. */
  issuer: string;
  /** The app client whose tokens are accepted (`client_id` claim). */
  clientId: string;
  jwksUri: string;
}

/** Claims of a verified Cognito access token. */
export type AccessTokenClaims = JwtPayload & {
  sub: string;
  token_use: 'access';
  client_id: string;
  exp: number;
};

export class InvalidTokenError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'InvalidTokenError';
  }
}

/**
 * The library's own fetcher speaks HTTPS only; cognito-local serves its JWKS over plain HTTP.
 * Global fetch handles both, and a bounded timeout keeps a dead JWKS host from hanging a request.
 */
const fetcher: Fetcher = {
  async fetch(uri) {
    const res = await fetch(uri, { signal: AbortSignal.timeout(5_000) });
    if (!res.ok) throw new NonRetryableFetchError(uri, `Status code is ${res.status}, expected 200`);
    return res.arrayBuffer();
  },
};
/** One JWKS cache for the process: keys are fetched once per JWKS URI, and again only for an unknown `kid`. */
const jwksCache = new SimpleJwksCache({ fetcher });

type Verifier = ReturnType<typeof createVerifier>;
const createVerifier = (issuer: string, jwksUri: string) =>
  JwtVerifier.create({ issuer, jwksUri, audience: null }, { jwksCache });
const verifiers = new Map<string, Verifier>();

function verifierFor(issuer: string, jwksUri: string): Verifier {
  const key = `${issuer} ${jwksUri}`;
  let v = verifiers.get(key);
  if (!v) {
    v = createVerifier(issuer, jwksUri);
    verifiers.set(key, v);
  }
  return v;
}

export async function verifyAccessToken(
  token: string,
  expected: AccessTokenIssuer,
): Promise<AccessTokenClaims> {
  try {
    const payload = await verifierFor(expected.issuer, expected.jwksUri).verify(token, {
      // Access tokens carry no `aud`; the app client is in `client_id` instead, checked below.
      audience: null,
      customJwtCheck: ({ header, payload }) => {
        // The library also accepts EC and EdDSA keys; Cognito signs with RS256 only.
        if (header.alg !== 'RS256') throw new Error(`Unexpected algorithm ${String(header.alg)}`);
        // An ID token of the same pool has a valid signature too: only access tokens authorize calls.
        if (payload.token_use !== 'access') throw new Error('Not an access token');
        if (payload.client_id !== expected.clientId) throw new Error('Token issued to another client');
        // The library only checks `exp` when present; a Cognito token always has one.
        if (typeof payload.exp !== 'number') throw new Error('Token has no expiry');
        if (typeof payload.sub !== 'string' || payload.sub === '') throw new Error('Token has no subject');
      },
    });
    return payload as AccessTokenClaims;
  } catch (e) {
    throw new InvalidTokenError(e instanceof Error ? e.message : 'Invalid token', { cause: e });
  }
}

export { bearerToken } from './access-token.ts';
