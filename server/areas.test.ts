import { describe, expect, it } from 'vitest';
import { BILLING_BODY_MAX_BYTES, WEBHOOK_BODY_MAX_BYTES } from '../src/contract/billing.schema.ts';
import { BLOG_COMMENTS_BODY_MAX_BYTES } from '../src/contract/blog-comments.schema.ts';
import { BLOG_BODY_MAX_BYTES } from '../src/contract/blog.ts';
import { NEWSLETTER_BODY_MAX_BYTES } from '../src/contract/newsletter.ts';
import { PROFILE_PICTURE_MAX_BYTES } from '../src/contract/profile-picture.schema.ts';
import { V1_JSON_BODY_MAX_BYTES } from '../src/contract/public-api.ts';
import { SHARE_TARGET_PATH } from '../src/contract/share-target.ts';
import { TOKENS_BODY_MAX_BYTES } from '../src/contract/tokens.ts';
import { JSON_BODY_MAX_BYTES, routeBodyLimit } from './app.ts';
import { SERVER_AREAS } from './areas.ts';
import { ROUTE_ENFORCED } from './http/body-limit.ts';
import { MAX_UPLOAD_BODY_BYTES } from './media/policy.ts';

describe('the areas', () => {
  it('have one name each', () => {
    const names = SERVER_AREAS.map((area) => area.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('count their attempts in buckets of their own (the buckets share one table)', () => {
    const owners = new Map<string, string>();
    for (const area of SERVER_AREAS) {
      for (const rule of area.rateLimits ?? []) {
        expect(owners.get(rule.bucket), `${rule.bucket} of ${area.name}`).toBeUndefined();
        owners.set(rule.bucket, area.name);
      }
    }
    expect(owners.get('login:pair')).toBe('accounts');
    expect(owners.get('comments:user')).toBe('blog-comments');
  });

  it.each([
    ['POST', '/api/media', ROUTE_ENFORCED],
    ['POST', '/api/media/', ROUTE_ENFORCED],
    ['POST', '/v1/media', ROUTE_ENFORCED],
    ['GET', '/v1/media', V1_JSON_BODY_MAX_BYTES],
    ['POST', '/v1/generations', V1_JSON_BODY_MAX_BYTES],
    ['GET', '/v1', V1_JSON_BODY_MAX_BYTES],
    ['POST', '/api/contact', ROUTE_ENFORCED],
    ['GET', '/api/contact', JSON_BODY_MAX_BYTES],
    ['POST', '/api/profile-picture', PROFILE_PICTURE_MAX_BYTES],
    ['DELETE', '/api/profile-picture', JSON_BODY_MAX_BYTES],
    ['POST', '/api/engines/fal/webhook', ROUTE_ENFORCED],
    ['POST', SHARE_TARGET_PATH, MAX_UPLOAD_BODY_BYTES],
    ['GET', SHARE_TARGET_PATH, JSON_BODY_MAX_BYTES],
    ['POST', '/api/billing/webhooks/vnpay', WEBHOOK_BODY_MAX_BYTES],
    ['POST', '/api/billing/checkout', BILLING_BODY_MAX_BYTES],
    ['POST', '/billing/sandbox/pay', BILLING_BODY_MAX_BYTES],
    ['GET', '/api/billing', JSON_BODY_MAX_BYTES],
    ['POST', '/api/tokens', TOKENS_BODY_MAX_BYTES],
    ['PATCH', '/api/tokens/abc', TOKENS_BODY_MAX_BYTES],
    ['GET', '/api/tokensmith', JSON_BODY_MAX_BYTES],
    ['POST', '/api/newsletter/subscribe', NEWSLETTER_BODY_MAX_BYTES],
    ['GET', '/newsletter/confirm', NEWSLETTER_BODY_MAX_BYTES],
    ['POST', '/api/blog/posts/:postId/comments', BLOG_COMMENTS_BODY_MAX_BYTES],
    ['POST', '/api/blog/posts/abc/comments/', BLOG_COMMENTS_BODY_MAX_BYTES],
    ['POST', '/api/admin/blog/comments/abc', BLOG_COMMENTS_BODY_MAX_BYTES],
    ['POST', '/api/admin/users/abc', JSON_BODY_MAX_BYTES],
    ['GET', '/api/blog/posts/abc', BLOG_BODY_MAX_BYTES],
    ['GET', '/api/blog', BLOG_BODY_MAX_BYTES],
    ['POST', '/auth/login', JSON_BODY_MAX_BYTES],
    ['POST', '/api/generations', JSON_BODY_MAX_BYTES],
  ] as const)('give %s %s its body limit', (method, path, limit) => {
    expect(routeBodyLimit(method, path)).toBe(limit);
  });
});
