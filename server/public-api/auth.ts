/**
 * The guard of every token route of `/v1` (docs/product-rules.md#api-auth, #api-rate-limit,
 * #api-usage), in this order:
 *
 * 1. `Authorization: Bearer <token>`: none → 401 missingToken; a token whose format or checksum
 *    is wrong → 401 malformedToken, before anything touches the database (a typo, or somebody
 *    trying made-up tokens, costs no query);
 * 2. the token is found by its SHA-256 and, when it is active, unexpired and its owner's plan has
 *    API access, the request is admitted under its rate limit (./admission.ts: one statement for
 *    all the requests waiting in this process, and admissions reserved ahead spent in memory; on
 *    PGlite the token kept in memory until a change of it is announced):
 *    unknown (deleted, regenerated), inactive or expired → 401 invalidToken; a plan without API
 *    access → 403 planRequired (neither counts against the limit nor in the token's usage);
 * 3. `c.get('apiToken')` is set and every answer from here on carries the RateLimit headers; a
 *    refused request answers 429 rateLimited with Retry-After and leaves the limiter as it was;
 * 4. the request, whatever its answer (429 and errors included), is counted in the token's usage
 *    (./usage.ts: buffered in memory, written in batches).
 */
import { performance } from 'node:perf_hooks';
import type { Context, MiddlewareHandler } from 'hono';
import { PLAN_IDS } from '../../src/contract/plans.ts';
import type { PublicApiMessageKey } from '../../src/contract/public-api.ts';
import { API_TOKEN_SERVICES, type ApiTokenService } from '../../src/contract/token-terms.ts';
import { planAllowsApi } from '../billing/gates.ts';
import { ApiError } from '../http/errors.ts';
import { hashToken, isWellFormedToken } from '../tokens/format.ts';
import { publicApiError } from './errors.ts';
import { rateLimitHeaders, retryAfterSeconds } from './rate-limit.ts';
import type { Admissions } from './admission.ts';
import type { TokenRow } from './repository.ts';
import type { ApiTokenContext, ApiTokenEnv } from './types.ts';
import type { UsageRecorder } from './usage.ts';

/** The plans whose tokens may call the API (the admission statement checks the owner's plan against them). */
export const API_PLANS: readonly string[] = PLAN_IDS.filter(planAllowsApi);

const BEARER = /^Bearer[ \t]+(\S*)[ \t]*$/i;

/** A 401 with its challenge (RFC 6750 §3: `error="invalid_token"` once a token was sent). */
function unauthorized(c: Context, code: Extract<PublicApiMessageKey, 'missingToken' | 'malformedToken' | 'invalidToken'>): ApiError {
  c.header('WWW-Authenticate', code === 'missingToken' ? 'Bearer' : 'Bearer error="invalid_token"');
  return publicApiError(401, code);
}

/**
 * The token of the request's Authorization header, checked offline.
 * @throws CodedError 401 missingToken (no bearer credentials) or malformedToken (bad format or checksum)
 */
export function bearerToken(c: Context, header: string | undefined): string {
  const match = header === undefined ? null : BEARER.exec(header);
  if (!match) throw unauthorized(c, 'missingToken');
  const token = match[1] ?? '';
  if (!isWellFormedToken(token)) throw unauthorized(c, 'malformedToken');
  return token;
}

function isService(value: string): value is ApiTokenService {
  return (API_TOKEN_SERVICES as readonly string[]).includes(value);
}

/** Active and unexpired at `atMs` (the plan is checked apart: it answers 403, not 401). */
function isUsable(row: TokenRow, atMs: number): boolean {
  return row.active && (row.expires_at === null || row.expires_at.getTime() > atMs);
}

/** Whether a request of the token may be admitted at `atMs` (./admission.ts spends a slot only then). */
export function isAdmissible(row: TokenRow, atMs: number): boolean {
  return isUsable(row, atMs) && planAllowsApi(row.plan);
}

function contextOf(row: TokenRow): ApiTokenContext {
  return {
    id: row.id,
    userId: row.user_id,
    plan: row.plan,
    name: row.name,
    prefix: row.token_prefix,
    permissions: row.permissions.filter(isService),
    rateLimit: row.rate_limit,
    creditCap: row.credit_cap,
    webhookUrl: row.webhook_url,
    expiresAt: row.expires_at,
  };
}

function setRateLimitHeaders(c: Context, limit: number, aheadUs: number): void {
  const headers = rateLimitHeaders(limit, aheadUs);
  c.header('RateLimit-Policy', headers.policy);
  c.header('RateLimit', headers.state);
}

/** The status an error thrown past the routes' own handling will be answered with. */
function statusOf(error: unknown): number {
  return error instanceof ApiError ? error.status : 500;
}

export interface TokenGuardDeps {
  admissions: Admissions;
  usage: UsageRecorder;
}

export function tokenGuard(deps: TokenGuardDeps): MiddlewareHandler<ApiTokenEnv> {
  return async (c, next) => {
    const started = performance.now();
    const secret = bearerToken(c, c.req.header('authorization'));
    const admission = await deps.admissions.admit(hashToken(secret));
    const row = admission.token;
    if (!row || !isUsable(row, admission.atMs)) throw unauthorized(c, 'invalidToken');
    if (!planAllowsApi(row.plan)) throw publicApiError(403, 'planRequired');
    const token = contextOf(row);
    c.set('apiToken', token);
    // What a token reads is its account's own data: never kept by a shared cache.
    c.header('Cache-Control', 'no-store');

    setRateLimitHeaders(c, token.rateLimit, admission.aheadUs);
    if (!admission.admitted) {
      deps.usage.record(c, token.id, 429, started);
      throw publicApiError(429, 'rateLimited', { retryAfterSeconds: retryAfterSeconds(token.rateLimit, admission.aheadUs) });
    }

    try {
      await next();
    } catch (error) {
      // Errors are normally answered where they are thrown (c.res holds the answer); one that
      // gets here is answered by the app's handler after this, with this status.
      deps.usage.record(c, token.id, statusOf(error), started);
      throw error;
    }
    deps.usage.record(c, token.id, c.res.status, started);
  };
}
