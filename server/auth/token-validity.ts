/**
 * The rule that decides whether a verified access token still counts for its account, as a SQL
 * condition, so a route can check the account inside its own single query (the job-status read
 * joins it with the job) instead of the guard reading the account first.
 *
 * Today's rule: the account exists (the query joins its row) and the token was issued no earlier
 * than the second of `tokens_valid_after` (a password reset). iat has a resolution of one second:
 * a token from the same second as the reset survives — the same comparison the guard makes in
 * JavaScript. Conditions of server-side sessions belong here too, so every caller gets them.
 */
import { sql, type RawBuilder } from 'kysely';
import type { AccessTokenClaims } from './tokens.ts';

/**
 * True when the token with `claims` is still valid for the account row under the alias `users`
 * (the caller joins that row on `claims.sub`).
 */
export function tokenStillValid(claims: Pick<AccessTokenClaims, 'iat'>, users = 'users'): RawBuilder<boolean> {
  const validAfter = sql.ref(`${users}.tokens_valid_after`);
  return sql<boolean>`(${validAfter} is null or ${claims.iat}::numeric >= floor(extract(epoch from ${validAfter})))`;
}
