/**
 * The rules of API tokens (docs/product-rules.md#api-tokens): a token is created and regenerated
 * only on a plan with API access, at most TOKENS_PER_ACCOUNT_MAX per account, its secret is sent
 * once and only its hash is kept; its status, the account's stats and the usage chart follow the
 * injected clock and Vietnam's calendar day (docs/product-rules.md#api-usage).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { REQUEST_LOG_SIZE, TOKENS_PER_ACCOUNT_MAX, USAGE_DAYS } from '../../src/contract/tokens.ts';
import { type ApiTokenService, type TokenExpiryPreset } from '../../src/contract/token-terms.ts';
import {
  usageDay,
  type ApiToken,
  type CreateTokenRequest,
  type CreatedToken,
  type Delivery,
  type DeliveryStatus,
  type TokenDetail,
  type TokenList,
  type UpdateTokenRequest,
  type UsageDay,
  type WebhookEvent,
} from '../../src/contract/tokens.schema.ts';
import { planAllowsApi } from '../billing/gates.ts';
import type { Logger } from '../logger.ts';
import { isAllowedWebhookUrl, type WebhookUrlPolicy } from './webhook-url.ts';
import { tokenError } from './errors.ts';
import { displayPrefix, generateToken, hashToken } from './format.ts';
import type { DeliveryRow, ShownToken, TokenChanges, TokensRepository } from './repository.ts';

const DAY_MS = 86_400_000;
/** Webhook deliveries the token detail lists. */
export const DELIVERY_LOG_SIZE = 50;
/** Random bytes of a webhook signing secret (192 bits). */
const WEBHOOK_SECRET_BYTES = 24;

/** The account a request acts for (what the sign-in guard read). */
export interface TokenOwner {
  id: string;
  plan: string;
}

export interface TokensServiceDeps {
  repository: TokensRepository;
  logger: Logger;
  /** ms since the epoch. */
  now: () => number;
  webhookPolicy: WebhookUrlPolicy;
  /**
   * Writes the /v1 usage this process has buffered (server/public-api/usage.ts), so the stats and
   * logs read next hold every request it answered; other processes' show within their flush interval.
   */
  flushUsage?: () => Promise<void>;
}

/** When a token made at `createdAt` with `preset` expires (null: never). */
export function expiryOf(preset: TokenExpiryPreset, createdAt: number): Date | null {
  return preset === 'never' ? null : new Date(createdAt + Number(preset) * DAY_MS);
}

function statusOf(row: Pick<ShownToken, 'active' | 'expires_at'>, now: number): ApiToken['status'] {
  if (row.expires_at !== null && row.expires_at.getTime() <= now) return 'expired';
  return row.active ? 'active' : 'inactive';
}

const iso = (at: Date | null): string | null => (at === null ? null : at.toISOString());

function present(row: ShownToken, now: number): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.token_prefix,
    permissions: row.permissions as ApiTokenService[],
    rate_limit: row.rate_limit,
    active: row.active,
    status: statusOf(row, now),
    credit_cap: row.credit_cap,
    credits_used: row.credits_used,
    webhook_url: row.webhook_url,
    created_at: row.created_at.toISOString(),
    last_used_at: iso(row.last_used_at),
    expires_at: iso(row.expires_at),
  };
}

function presentDelivery(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    event: row.event as WebhookEvent,
    generation_id: row.generation_id,
    url: row.url,
    status: row.status satisfies DeliveryStatus,
    attempts: row.attempts,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    created_at: row.created_at.toISOString(),
    delivered_at: iso(row.delivered_at),
    next_attempt_at: iso(row.next_attempt_at),
  };
}

/** The USAGE_DAYS days ending today (Vietnam's calendar), oldest first. */
export function usageDays(now: number): string[] {
  // Vietnam keeps no daylight saving time: every day there is exactly DAY_MS long.
  return Array.from({ length: USAGE_DAYS }, (_, index) => usageDay(now - (USAGE_DAYS - 1 - index) * DAY_MS));
}

function requireApiPlan(owner: TokenOwner): void {
  if (!planAllowsApi(owner.plan)) throw tokenError(403, 'planRequired');
}

const notFound = () => tokenError(404, 'notFound');

export function createTokensService(deps: TokensServiceDeps) {
  const { repository, logger, webhookPolicy } = deps;

  const checkWebhookUrl = (url: string | null | undefined): void => {
    if (url && !isAllowedWebhookUrl(url, webhookPolicy)) throw tokenError(422, 'invalidWebhookUrl');
  };

  const flushUsage = deps.flushUsage ?? (async () => {});

  return {
    async list(owner: TokenOwner): Promise<TokenList> {
      await flushUsage();
      const now = deps.now();
      const rows = await repository.list(owner.id);
      const tokens = rows.map((row) => present(row, now));
      const today = await repository.usageOfAccount(owner.id, usageDay(now));
      return {
        tokens,
        stats: {
          total_tokens: tokens.length,
          active_tokens: tokens.filter((token) => token.status === 'active').length,
          requests_today: today.requests,
          errors_today: today.errors,
          error_rate: today.requests > 0 ? today.errors / today.requests : null,
        },
        api_allowed: planAllowsApi(owner.plan),
      };
    },

    /** A new token; the answer is the only place its secret ever appears. */
    async create(owner: TokenOwner, request: CreateTokenRequest): Promise<CreatedToken> {
      requireApiPlan(owner);
      checkWebhookUrl(request.webhook_url);
      const now = deps.now();
      const secret = generateToken();
      const id = randomUUID();
      const inserted = await repository.insertWithin(
        {
          id,
          userId: owner.id,
          name: request.name,
          hash: hashToken(secret),
          prefix: displayPrefix(secret),
          permissions: request.permissions,
          rateLimit: request.rate_limit,
          expiresAt: expiryOf(request.expires_in, now),
          creditCap: request.credit_cap,
          webhookUrl: request.webhook_url,
          webhookSecret: `whsec_${randomBytes(WEBHOOK_SECRET_BYTES).toString('base64')}`,
          createdAt: new Date(now),
        },
        TOKENS_PER_ACCOUNT_MAX,
      );
      if (!inserted) throw tokenError(409, 'tooManyTokens');
      const row = await repository.find(owner.id, id);
      if (!row) throw notFound();
      logger.info({ userId: owner.id, tokenId: id }, 'api token created');
      return { token: present(row, now), secret };
    },

    async detail(owner: TokenOwner, id: string): Promise<TokenDetail> {
      await flushUsage();
      const now = deps.now();
      const row = await repository.find(owner.id, id);
      if (!row) throw notFound();
      const days = usageDays(now);
      const counted = new Map((await repository.usageOfToken(id, days[0] ?? '', days.at(-1) ?? '')).map((usage) => [usage.day, usage]));
      const usage: UsageDay[] = days.map((day) => ({ day, requests: counted.get(day)?.requests ?? 0, errors: counted.get(day)?.errors ?? 0 }));
      const requests = (await repository.recentRequests(id, REQUEST_LOG_SIZE)).map((request) => ({
        at: request.at.toISOString(),
        method: request.method,
        path: request.path,
        status: request.status,
        duration_ms: request.duration_ms,
      }));
      const deliveries = (await repository.deliveries(id, DELIVERY_LOG_SIZE)).map(presentDelivery);
      return { token: present(row, now), webhook_secret: row.webhook_secret, usage, requests, deliveries };
    },

    async update(owner: TokenOwner, id: string, request: UpdateTokenRequest): Promise<ApiToken> {
      checkWebhookUrl(request.webhook_url);
      const changes: TokenChanges = {};
      if (request.name !== undefined) changes.name = request.name;
      if (request.active !== undefined) changes.active = request.active;
      if (request.permissions !== undefined) changes.permissions = request.permissions;
      if (request.rate_limit !== undefined) changes.rate_limit = request.rate_limit;
      if (request.credit_cap !== undefined) changes.credit_cap = request.credit_cap;
      if (request.webhook_url !== undefined) changes.webhook_url = request.webhook_url;
      const row = await repository.update(owner.id, id, changes);
      if (!row) throw notFound();
      return present(row, deps.now());
    },

    /** A new secret for the token; its usage, request log and deliveries stay. */
    async regenerate(owner: TokenOwner, id: string): Promise<CreatedToken> {
      requireApiPlan(owner);
      const now = deps.now();
      const secret = generateToken();
      const row = await repository.replaceSecret(owner.id, id, hashToken(secret), displayPrefix(secret), new Date(now));
      if (!row) throw notFound();
      logger.info({ userId: owner.id, tokenId: id }, 'api token regenerated');
      return { token: present(row, now), secret };
    },

    async remove(owner: TokenOwner, id: string): Promise<void> {
      if (!(await repository.remove(owner.id, id))) throw notFound();
      logger.info({ userId: owner.id, tokenId: id }, 'api token deleted');
    },

    /** Sends a webhook message again (docs/product-rules.md#api-webhooks): the relay picks it up. */
    async resend(owner: TokenOwner, id: string, deliveryId: string): Promise<Delivery> {
      const row = await repository.requeue(owner.id, id, deliveryId);
      if (!row) throw tokenError(404, 'deliveryNotFound');
      return presentDelivery(row);
    },
  };
}

export type TokensService = ReturnType<typeof createTokensService>;
