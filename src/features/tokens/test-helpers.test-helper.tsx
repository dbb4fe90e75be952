import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { renderInRouter as renderAt } from '../../lib/test-router.test-helper.tsx';
import type { ApiToken, TokenDetail, TokenList, UsageDay } from '../../contract/tokens.schema.ts';

/**
 * The tokens screen's unit tests: the API's answers as the contract says them, and the screen in
 * a one-route router at /api-management (the shared test router).
 */
export function renderInRouter(ui: () => ReactNode, client: QueryClient) {
  return renderAt(ui, client, '/api-management');
}

export const SECRET = 'atl_live_Ab3xK9qPz2LmN8vR4tY6wE1uI0oS5dF7gH3jK2lZ9xC4vB0nM';

export const shopToken: ApiToken = {
  id: '0b7c6f5e-1d2a-4c3b-9e8f-7a6b5c4d3e2f',
  name: 'Đồng bộ cửa hàng',
  prefix: 'atl_live_Ab3x',
  permissions: ['virtual-tryon', 'body-generator'],
  rate_limit: 60,
  active: true,
  status: 'active',
  credit_cap: 100,
  credits_used: 12,
  webhook_url: 'https://shop.example/hooks',
  created_at: '2026-03-01T03:00:00.000Z',
  last_used_at: null,
  expires_at: null,
};

export const oldToken: ApiToken = {
  ...shopToken,
  id: '1c8d7a6f-2e3b-4d4c-8f9a-8b7c6d5e4f3a',
  name: 'Thử nghiệm',
  prefix: 'atl_live_Zz90',
  permissions: ['upscaler'],
  rate_limit: 5,
  active: true,
  status: 'expired',
  credit_cap: null,
  credits_used: 0,
  webhook_url: null,
  last_used_at: '2026-03-02T03:00:00.000Z',
  expires_at: '2026-03-03T03:00:00.000Z',
};

export const tokenList = (patch: Partial<TokenList> = {}): TokenList => ({
  tokens: [shopToken, oldToken],
  stats: { total_tokens: 2, active_tokens: 1, requests_today: 40, errors_today: 1, error_rate: 0.025 },
  api_allowed: true,
  ...patch,
});

const usage: UsageDay[] = Array.from({ length: 30 }, (_, index) => ({ day: `2026-03-${String(index + 1).padStart(2, '0')}`, requests: index, errors: 0 }));

export const tokenDetail: TokenDetail = {
  token: shopToken,
  webhook_secret: 'whsec_c2VjcmV0LXNpZ25pbmcta2V5LWZvci10ZXN0cw==',
  usage,
  requests: [
    { at: '2026-03-30T03:00:00.000Z', method: 'POST', path: '/v1/generations', status: 202, duration_ms: 84 },
    { at: '2026-03-30T02:59:00.000Z', method: 'POST', path: '/v1/generations', status: 429, duration_ms: 3 },
    { at: '2026-03-30T02:58:00.000Z', method: 'GET', path: '/v1/credits', status: 500, duration_ms: 1250 },
  ],
  deliveries: [
    {
      id: 'msg_1',
      event: 'generation.failed',
      generation_id: 'job-1',
      url: 'https://shop.example/hooks',
      status: 'failed',
      attempts: 8,
      last_status_code: 503,
      last_error: null,
      created_at: '2026-03-30T03:00:00.000Z',
      delivered_at: null,
      next_attempt_at: null,
    },
  ],
};
