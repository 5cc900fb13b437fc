/**
 * The caller of a request, from the Cognito access token's claims that API Gateway's JWT authorizer
 * (or the local gateway, which checks them the same way) placed on the event.
 */
export interface Actor {
  /** Cognito `sub`: the user's id everywhere in Tandem. */
  userId: string;
  username: string;
}

export function actorFromClaims(claims: Record<string, string | number | boolean | string[]>): Actor | null {
  const sub = claims.sub;
  if (typeof sub !== 'string' || sub.length === 0) return null;
  if (claims.token_use !== undefined && claims.token_use !== 'access') return null;
  const username = typeof claims.username === 'string' ? claims.username : sub;
  return { userId: sub, username };
}
