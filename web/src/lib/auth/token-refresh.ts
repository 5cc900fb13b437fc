/**
 * Token refresh margin (spec 001 §4, §9): the access token is renewed when it expires within
 * 60 seconds, so a request never leaves with a token that dies on the way.
 *
 * `expSeconds` is the JWT `exp` claim (seconds); `nowMs` is the local clock corrected by the
 * drift Cognito measured at sign-in (local time minus the token's issue time).
 */
export const TOKEN_REFRESH_MARGIN_MS = 60_000;

export function needsRefresh(
  expSeconds: number,
  nowMs: number,
  marginMs: number = TOKEN_REFRESH_MARGIN_MS,
): boolean {
  return expSeconds * 1000 - nowMs <= marginMs;
}
