/**
 * The newsletter's plain values (docs/product-rules.md#newsletter): its limits, languages and the
 * texts the server answers with. No valibot: the blog's sign-up form reads them without loading
 * the schemas, which are in newsletter.schema.ts (with the endpoints).
 */

/** Longest email address of a newsletter sign-up, in characters (RFC 5321's path limit). */
export const NEWSLETTER_EMAIL_MAX = 254;

/** Largest body of the newsletter's endpoints, in bytes: an address, a locale and the honeypot. */
export const NEWSLETTER_BODY_MAX_BYTES = 2 * 1024;
/** Longest honeypot value the server reads, in characters (a person leaves it empty). */
export const HONEYPOT_MAX = 500;
/** The languages a subscriber's mails and pages come in. */
export const NEWSLETTER_LOCALES = ['vi', 'en'] as const;
export type NewsletterLocale = (typeof NEWSLETTER_LOCALES)[number];

/**
 * Texts the server answers with (`{ detail, code }` for errors); the page shows its own vi/en text
 * for each code.
 */
export const NEWSLETTER_MESSAGES = {
  invalidEmail: 'Please enter a valid email',
  tooManyRequests: 'Too many sign-ups from your network. Please try again later.',
} as const;
export type NewsletterMessageKey = keyof typeof NEWSLETTER_MESSAGES;

/**
 * The one answer of a subscription, whether the address is new, waiting for its confirmation,
 * already subscribed or a honeypot's catch: nothing in it tells which.
 */
export const SUBSCRIBE_ACCEPTED_TEXT =
  'Thank you! If this address still needs confirming, a confirmation email is on its way: open the link in it to subscribe.';
