import { describe, expect, it } from 'vitest';
import * as publicApi from '../../contract/public-api.ts';
import * as tokens from '../../contract/tokens.ts';
import { GENERATION_MESSAGES } from '../../contract/generation-messages.ts';
import { HTTP_MESSAGES } from '../../contract/http-errors.ts';
import * as facts from './contract-facts.ts';

describe('the facts the API docs copy from the contract', () => {
  it('are the contract’s own values', () => {
    expect(facts.V1_PREFIX).toBe(publicApi.V1_PREFIX);
    expect(facts.IDEMPOTENCY_TTL_HOURS).toBe(publicApi.IDEMPOTENCY_TTL_HOURS);
    expect(facts.RATE_LIMIT_POLICY_NAME).toBe(publicApi.RATE_LIMIT_POLICY_NAME);
    expect(facts.PUBLIC_API_MESSAGES).toEqual(publicApi.PUBLIC_API_MESSAGES);
    expect(facts.TOKEN_PREFIX).toBe(tokens.TOKEN_PREFIX);
    expect(facts.API_TOKEN_SERVICES).toEqual(tokens.API_TOKEN_SERVICES);
    expect([facts.RATE_LIMIT_MIN, facts.RATE_LIMIT_MAX, facts.RATE_LIMIT_DEFAULT, facts.RATE_LIMIT_WINDOW_SECONDS]).toEqual([
      tokens.RATE_LIMIT_MIN,
      tokens.RATE_LIMIT_MAX,
      tokens.RATE_LIMIT_DEFAULT,
      tokens.RATE_LIMIT_WINDOW_SECONDS,
    ]);
    expect(facts.TOKEN_EXPIRY_PRESETS).toEqual(tokens.TOKEN_EXPIRY_PRESETS);
    for (const [code, text] of Object.entries(facts.GENERATION_ERROR_MESSAGES))
      expect(GENERATION_MESSAGES[code as keyof typeof GENERATION_MESSAGES]).toBe(text);
    for (const [code, text] of Object.entries(facts.HTTP_ERROR_MESSAGES)) expect(HTTP_MESSAGES[code as keyof typeof HTTP_MESSAGES]).toBe(text);
  });
});
