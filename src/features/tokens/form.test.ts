import { describe, expect, it } from 'vitest';
import type { ApiToken } from '../../contract/tokens.schema.ts';
import { createBody, EMPTY_FORM, firstInvalid, formOf, togglePermission, updateBody, validateTokenForm, type TokenFormValues } from './form.ts';

const valid: TokenFormValues = { ...EMPTY_FORM, name: 'Shop sync', permissions: ['virtual-tryon'] };

const token: ApiToken = {
  id: 't1',
  name: 'Shop sync',
  prefix: 'atl_live_Ab3x',
  permissions: ['image-editing', 'virtual-tryon'],
  rate_limit: 60,
  active: true,
  status: 'active',
  credit_cap: null,
  credits_used: 0,
  webhook_url: null,
  created_at: '2026-03-01T00:00:00.000Z',
  last_used_at: null,
  expires_at: null,
};

describe('validateTokenForm', () => {
  it('passes a filled form with the defaults (60 per minute, 90 days)', () => {
    expect(validateTokenForm(valid)).toEqual({});
    expect(createBody(valid)).toEqual({
      name: 'Shop sync',
      permissions: ['virtual-tryon'],
      rate_limit: 60,
      expires_in: '90',
      credit_cap: null,
      webhook_url: null,
    });
  });

  it('gives the spec’s three codes, and the first invalid field in the form’s order', () => {
    const errors = validateTokenForm({ ...EMPTY_FORM, name: '   ', rateLimit: '0' });
    expect(errors).toEqual({ name: 'nameRequired', permissions: 'permissionsRequired', rateLimit: 'rateLimitRange' });
    expect(firstInvalid(errors)).toBe('name');
    expect(firstInvalid({ rateLimit: 'rateLimitRange', permissions: 'permissionsRequired' })).toBe('permissions');
  });

  it('holds the rate limit to whole numbers from 1 to 1000', () => {
    for (const bad of ['', '0', '1001', '2.5', '-3', 'abc', '1e3']) expect(validateTokenForm({ ...valid, rateLimit: bad }).rateLimit).toBe('rateLimitRange');
    for (const good of ['1', '1000', ' 60 ']) expect(validateTokenForm({ ...valid, rateLimit: good }).rateLimit).toBeUndefined();
  });

  it('checks the optional cap and webhook URL only when given', () => {
    expect(validateTokenForm({ ...valid, creditCap: '0' }).creditCap).toBe('creditCapRange');
    expect(validateTokenForm({ ...valid, creditCap: '1000001' }).creditCap).toBe('creditCapRange');
    expect(validateTokenForm({ ...valid, creditCap: '500' }).creditCap).toBeUndefined();
    expect(validateTokenForm({ ...valid, webhookUrl: 'ftp://example.com/x' }).webhookUrl).toBe('invalidWebhookUrl');
    expect(validateTokenForm({ ...valid, webhookUrl: 'not a url' }).webhookUrl).toBe('invalidWebhookUrl');
    expect(validateTokenForm({ ...valid, webhookUrl: 'https://shop.example/hooks' }).webhookUrl).toBeUndefined();
    expect(createBody({ ...valid, creditCap: '500', webhookUrl: ' https://shop.example/hooks ' })).toMatchObject({
      credit_cap: 500,
      webhook_url: 'https://shop.example/hooks',
    });
  });
});

describe('permissions and the update body', () => {
  it('keeps the permissions in the contract’s order whatever the order of the clicks', () => {
    expect(togglePermission(['upscaler'], 'virtual-tryon')).toEqual(['virtual-tryon', 'upscaler']);
    expect(togglePermission(['virtual-tryon', 'upscaler'], 'virtual-tryon')).toEqual(['upscaler']);
  });

  it('sends only what changed, and nothing when nothing did', () => {
    const form = formOf(token);
    expect(form.permissions).toEqual(['virtual-tryon', 'image-editing']);
    expect(updateBody(token, form)).toBeNull();
    expect(updateBody(token, { ...form, rateLimit: '120', creditCap: '50' })).toEqual({ rate_limit: 120, credit_cap: 50 });
    expect(updateBody({ ...token, credit_cap: 50, webhook_url: 'https://a.example/h' }, { ...form, creditCap: '', webhookUrl: '' })).toEqual({
      credit_cap: null,
      webhook_url: null,
    });
    expect(updateBody(token, { ...form, permissions: ['virtual-tryon'] })).toEqual({ permissions: ['virtual-tryon'] });
  });
});
