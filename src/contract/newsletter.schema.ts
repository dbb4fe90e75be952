/**
 * The blog's newsletter (docs/product-rules.md#newsletter): double opt-in by mail, a one-click
 * unsubscribe link in every mail. Imports only valibot and the other contract modules.
 *
 * Endpoints (none needs a sign-in):
 * - POST /api/newsletter/subscribe            { email, locale, website? } → 202, the same answer whatever the address's state
 * - GET  /newsletter/confirm?token=…          HTML page with a "Confirm" button (a GET confirms nothing: mail scanners prefetch links)
 * - POST /newsletter/confirm?token=…          confirms (single use), sends the welcome mail; HTML page
 * - GET  /newsletter/unsubscribe?token=…      HTML page with an "Unsubscribe" button
 * - POST /newsletter/unsubscribe?token=…      unsubscribes in one click (RFC 8058: the mail client's POST); HTML page
 */
import * as v from 'valibot';
import { HONEYPOT_MAX, NEWSLETTER_LOCALES, NEWSLETTER_MESSAGES, NEWSLETTER_EMAIL_MAX } from './newsletter.ts';
import { safeString, text } from './input.schema.ts';

export const SubscribeRequestSchema = v.object({
  email: v.pipe(
    safeString(),
    v.trim(),
    v.maxLength(NEWSLETTER_EMAIL_MAX, NEWSLETTER_MESSAGES.invalidEmail),
    v.email(NEWSLETTER_MESSAGES.invalidEmail),
    v.toLowerCase(),
  ),
  locale: v.picklist(NEWSLETTER_LOCALES),
  /**
   * The honeypot: a field the signup form hides from people (off screen, out of the tab order,
   * autocomplete off). A value means a bot filled every field: the answer is the usual 202 and
   * nothing is stored or sent.
   */
  website: v.optional(text(HONEYPOT_MAX), ''),
});
export type SubscribeRequest = v.InferOutput<typeof SubscribeRequestSchema>;
export type SubscribeInput = v.InferInput<typeof SubscribeRequestSchema>;

export const SubscribeResponseSchema = v.object({ status: v.literal('accepted'), message: v.string() });
export type SubscribeResponse = v.InferOutput<typeof SubscribeResponseSchema>;

/** A confirmation token: 32 random bytes, base64url (43 characters). */
export const ConfirmTokenSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/));
/**
 * An unsubscribe token: the subscriber's id and its 32-byte signature, base64url, joined by a dot
 * (it lasts as long as the subscription: every mail carries it).
 */
export const UnsubscribeTokenSchema = v.pipe(v.string(), v.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9_-]{43}$/));
