/**
 * Newsletter rules (docs/product-rules.md#newsletter): double opt-in, one-click unsubscribe, and
 * nothing ever sent to an address that has not confirmed, except its confirmation.
 *
 * A subscription answers the same, at once, whatever the address's state; everything that
 * depends on the address (is it new, pending, confirmed? has it had its mails today?) happens
 * after the answer, in the background, so neither the text nor the timing tells anyone whether
 * an address is on the list.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import { ConfirmTokenSchema, UnsubscribeTokenSchema, type SubscribeRequest, type SubscribeResponse } from '../../src/contract/newsletter.schema.ts';
import { NEWSLETTER_MESSAGES, SUBSCRIBE_ACCEPTED_TEXT } from '../../src/contract/newsletter.ts';
import type { BackgroundTasks } from '../platform/background.ts';
import type { RateLimiter, RateLimitRule } from '../platform/rate-limit.ts';
import { randomSecret, type SecretHasher } from '../platform/secrets.ts';
import { CodedError } from '../http/errors.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { confirmMail, unsubscribeHeaders, unsubscribeMailto, welcomeMail, type UnsubscribeLinks } from './mails.ts';
import type { NewsletterRepository, SubscriberRow } from './repository.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** How long a confirmation link works, in hours. */
export const CONFIRM_TTL_HOURS = 48;
/**
 * Confirmation mails one address can receive per day, however many times it is signed up: a
 * stranger typing someone's address over and over reaches that inbox at most this often.
 */
export const CONFIRM_MAILS_PER_EMAIL: RateLimitRule = { bucket: 'newsletter:email', limit: 3, windowMs: DAY_MS };
/** Sign-ups from one client address per hour, whatever the addresses: refused (429) beyond. */
export const SIGNUPS_PER_ADDRESS: RateLimitRule = { bucket: 'newsletter:address', limit: 10, windowMs: HOUR_MS };
/** Addresses `recipients()` reads per query. */
const RECIPIENTS_BATCH = 500;

/** The pages' and mails' paths. */
export const CONFIRM_PATH = '/newsletter/confirm';
export const UNSUBSCRIBE_PATH = '/newsletter/unsubscribe';

/** A confirmed address as the future sender gets it: where, in which language, and its unsubscribe header fields. */
export interface NewsletterRecipient {
  email: string;
  language: 'vi' | 'en';
  unsubscribe: UnsubscribeLinks;
  /** `List-Unsubscribe` and `List-Unsubscribe-Post`: every newsletter mail carries them. */
  headers: Record<string, string>;
}

export interface NewsletterService {
  /** Always the same answer (see above); 429 when the client address signs up too often. */
  subscribe(input: SubscribeRequest, caller: { address: string; origin?: string }): Promise<SubscribeResponse>;
  /** The address a confirmation token would confirm (GET: confirms nothing), or null. */
  pendingOf(token: string): Promise<SubscriberRow | null>;
  /** Confirms (once) and sends the welcome mail; the subscriber, or null for an unknown, used or expired token. */
  confirm(token: string): Promise<SubscriberRow | null>;
  /** The subscriber an unsubscribe token names (GET: changes nothing), or null. */
  subscriberOf(token: string): Promise<SubscriberRow | null>;
  /** Unsubscribes in one click; the subscriber, or null for a token that names nobody. */
  unsubscribe(token: string): Promise<SubscriberRow | null>;
  /** Every confirmed address, and nothing else: what a sender may mail. */
  recipients(): AsyncGenerator<NewsletterRecipient>;
}

export interface NewsletterServiceDeps {
  repository: NewsletterRepository;
  limiter: RateLimiter;
  mailer: Mailer;
  hashSecret: SecretHasher;
  /** The server's signing key: the unsubscribe tokens are signed with a key derived from it. */
  signingKey: string;
  tasks: BackgroundTasks;
  publicUrl: string;
  mailFrom: string;
  logger: Logger;
  now: () => number;
}

/** The mailer's recipient: a subscriber has no name, the address stands in for it. */
const recipientOf = (row: SubscriberRow) => ({ email: row.email, name: row.email, language: row.language });

export function newsletterError(retryAfterSeconds: number): CodedError {
  return new CodedError(429, 'tooManyRequests', NEWSLETTER_MESSAGES.tooManyRequests, { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) });
}

export function createNewsletterService(deps: NewsletterServiceDeps): NewsletterService {
  const { repository } = deps;
  const log = deps.logger.child({ area: 'newsletter' });
  // A key of its own, so an unsubscribe signature never doubles as anything else signed with the key.
  const unsubscribeKey = createHmac('sha256', deps.signingKey).update('atelier/newsletter-unsubscribe/v1').digest();
  const signatureOf = (id: string) => createHmac('sha256', unsubscribeKey).update(id).digest();

  /** @param origin where the links lead: the sign-up's origin for its confirmation, else PUBLIC_URL */
  const unsubscribeLinks = (subscriber: SubscriberRow, origin = deps.publicUrl): UnsubscribeLinks => {
    const token = `${subscriber.id}.${signatureOf(subscriber.id).toString('base64url')}`;
    return { url: `${origin}${UNSUBSCRIBE_PATH}?${new URLSearchParams({ token }).toString()}`, mailto: unsubscribeMailto(deps.mailFrom, token) };
  };
  const blogUrl = (language: 'vi' | 'en') => `${deps.publicUrl}${language === 'vi' ? '/blog' : '/en/blog'}`;

  /** The subscriber an unsubscribe token names, when its signature is ours. */
  async function signedSubscriber(token: string): Promise<SubscriberRow | null> {
    if (!v.is(UnsubscribeTokenSchema, token)) return null;
    const [id = '', signature = ''] = token.split('.');
    const given = Buffer.from(signature, 'base64url');
    const expected = signatureOf(id);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return (await repository.findById(id)) ?? null;
  }

  /** @param origin the origin the sign-up reached us at (server/http/origin.ts): the mail's links lead there */
  async function sendConfirmation(email: string, language: 'vi' | 'en', origin: string): Promise<void> {
    // Counted before anything is looked up: the mails to one inbox are bounded whoever asks.
    if (!(await deps.limiter.tryAttempt([[CONFIRM_MAILS_PER_EMAIL, email]]))) return;
    const token = randomSecret();
    const now = deps.now();
    const subscriber = await repository.requestConfirmation({
      id: randomUUID(),
      email,
      language,
      tokenHash: deps.hashSecret(token),
      expiresAt: new Date(now + CONFIRM_TTL_HOURS * HOUR_MS),
      now: new Date(now),
    });
    // Already confirmed: nothing to confirm, and no other mail goes out from here.
    if (!subscriber) return;
    const link = `${origin}${CONFIRM_PATH}?${new URLSearchParams({ token }).toString()}`;
    const content = confirmMail({ language, link, validHours: CONFIRM_TTL_HOURS, unsubscribe: unsubscribeLinks(subscriber, origin) });
    await deps.mailer.send(recipientOf(subscriber), content, `newsletter confirmation link (valid ${CONFIRM_TTL_HOURS} h) ${link}`);
  }

  return {
    async subscribe(input, caller) {
      await deps.limiter.attempt([[SIGNUPS_PER_ADDRESS, caller.address]]);
      if (input.website.trim() !== '') {
        log.info('newsletter sign-up with the honeypot filled: ignored');
      } else {
        deps.tasks.run('newsletter confirmation mail', () => sendConfirmation(input.email, input.locale, caller.origin ?? deps.publicUrl));
      }
      return { status: 'accepted', message: SUBSCRIBE_ACCEPTED_TEXT };
    },

    async pendingOf(token) {
      if (!v.is(ConfirmTokenSchema, token)) return null;
      return (await repository.findByConfirmToken(deps.hashSecret(token), new Date(deps.now()))) ?? null;
    },

    async confirm(token) {
      if (!v.is(ConfirmTokenSchema, token)) return null;
      const subscriber = await repository.confirm(deps.hashSecret(token), new Date(deps.now()));
      if (!subscriber) return null;
      log.info({ language: subscriber.language }, 'newsletter subscription confirmed');
      deps.tasks.run('newsletter welcome mail', async () => {
        // Unsubscribed in the meantime (the one-click link of the confirmation): no welcome.
        const current = await repository.findById(subscriber.id);
        if (current?.status !== 'confirmed') return;
        const content = welcomeMail({ language: current.language, blogUrl: blogUrl(current.language), unsubscribe: unsubscribeLinks(current) });
        await deps.mailer.send(recipientOf(current), content, 'newsletter welcome');
      });
      return subscriber;
    },

    subscriberOf: signedSubscriber,

    async unsubscribe(token) {
      const subscriber = await signedSubscriber(token);
      if (!subscriber) return null;
      const changed = await repository.unsubscribe(subscriber.id, new Date(deps.now()));
      if (changed && subscriber.status !== 'unsubscribed') log.info({ from: subscriber.status }, 'newsletter unsubscribed');
      return changed ?? null;
    },

    async *recipients() {
      let after: string | null = null;
      for (;;) {
        const rows = await repository.confirmed(after, RECIPIENTS_BATCH);
        for (const row of rows) {
          const unsubscribe = unsubscribeLinks(row);
          yield { email: row.email, language: row.language, unsubscribe, headers: unsubscribeHeaders(unsubscribe) };
        }
        if (rows.length < RECIPIENTS_BATCH) return;
        after = rows.at(-1)?.id ?? null;
      }
    },
  };
}
