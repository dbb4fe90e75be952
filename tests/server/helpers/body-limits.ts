/**
 * The body limit a route is held to, in bytes, as the app declares it (`routeBodyLimit` in
 * server/app.ts), with the limits of the routes that stream their body under a limit of their own.
 */
import { routeBodyLimit } from '../../../server/app.ts';
import { MAX_WEBHOOK_BYTES } from '../../../server/engines/fal/webhook.ts';
import { ROUTE_ENFORCED } from '../../../server/http/body-limit.ts';
import { MAX_UPLOAD_BODY_BYTES } from '../../../server/media/policy.ts';
import { CONTACT_BODY_MAX_BYTES } from '../../../src/contract/contact.ts';

/**
 * @param method the route's method
 * @param pattern the route's pattern (`/api/blog/posts/:postId/comments`) or a request's path
 */
export function bodyLimitOf(method: string, pattern: string): number {
  const limit = routeBodyLimit(method, pattern);
  if (limit !== ROUTE_ENFORCED) return limit;
  if (pattern.startsWith('/api/engines/fal/')) return MAX_WEBHOOK_BYTES;
  if (/^\/api\/contact\/?$/.test(pattern)) return CONTACT_BODY_MAX_BYTES;
  return MAX_UPLOAD_BODY_BYTES;
}
