/**
 * What a token reads about its own account (GET /v1/credits, GET /v1/usage).
 */
import type { Credits, TokenUsage } from '../../src/contract/public-api.schema.ts';
import { USAGE_DAYS } from '../../src/contract/tokens.ts';
import { usageDay, type UsageDay } from '../../src/contract/tokens.schema.ts';
import type { CreditLedger } from '../credits/ledger.ts';
import { publicApiError } from './errors.ts';
import type { PublicApiRepository } from './repository.ts';
import type { ApiTokenContext } from './types.ts';

const DAY_MS = 86_400_000;

export interface AccountService {
  credits(token: ApiTokenContext): Promise<Credits>;
  /** The token and its requests per day for USAGE_DAYS days, oldest first (the request asking is not counted yet). */
  usage(token: ApiTokenContext): Promise<TokenUsage>;
}

/**
 * The USAGE_DAYS usage days ending on the day of `now`, oldest first. Vietnam has no daylight
 * saving, so 24 h back is always the calendar day before.
 */
export function lastUsageDays(now: number): string[] {
  return Array.from({ length: USAGE_DAYS }, (_, index) => usageDay(now - (USAGE_DAYS - 1 - index) * DAY_MS));
}

export function createAccountService(deps: {
  repository: PublicApiRepository;
  ledger: CreditLedger;
  now: () => number;
  flushUsage: () => Promise<void>;
}): AccountService {
  return {
    async credits(token) {
      return { balance: await deps.ledger.balance(token.userId, new Date(deps.now())), plan: token.plan };
    },

    async usage(token) {
      // What this process has buffered is written first: the figures hold every request it answered.
      await deps.flushUsage();
      const days = lastUsageDays(deps.now());
      const found = await deps.repository.usage(token.id, days[0] ?? '');
      // Deleted while this request ran: answered like any unknown token.
      if (!found) throw publicApiError(401, 'invalidToken');
      const byDay = new Map(found.days.map((row) => [row.day, row]));
      const series: UsageDay[] = days.map((day) => ({ day, requests: byDay.get(day)?.requests ?? 0, errors: byDay.get(day)?.errors ?? 0 }));
      const today = series.at(-1) ?? { day: usageDay(deps.now()), requests: 0, errors: 0 };
      return {
        token: {
          id: token.id,
          name: token.name,
          prefix: token.prefix,
          permissions: [...token.permissions],
          rate_limit: token.rateLimit,
          credit_cap: token.creditCap,
          credits_used: found.creditsUsed,
          expires_at: token.expiresAt?.toISOString() ?? null,
        },
        today,
        days: series,
      };
    },
  };
}
