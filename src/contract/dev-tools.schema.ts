/**
 * `/api/dev-tools`: what the /dev-tools page (and the e2e suite) reads. Served only outside
 * production, or with DEV_TOOLS=1; otherwise a JSON 404.
 */
import * as v from 'valibot';
import { PLAN_IDS } from './plans.ts';
import { integer, text } from './input.schema.ts';

/**
 * What a mail is for: a verification code, a password-reset link, billing's renewal reminder and
 * receipt, the newsletter's confirmation (double opt-in) and its welcome, a contact message for
 * support and its confirmation to the sender.
 */
export const MAIL_KINDS = ['otp', 'reset', 'renewal', 'receipt', 'newsletter-confirm', 'newsletter-welcome', 'contact', 'contact-confirmation'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** One mail of the outbox (`$DATA_DIR/outbox`), as the default mail transport wrote it. */
export const OutboxMailSchema = v.object({
  id: v.string(),
  to: v.string(),
  subject: v.string(),
  text: v.string(),
  html: v.string(),
  kind: v.picklist(MAIL_KINDS),
  /** ISO 8601 time the mail was written. */
  createdAt: v.string(),
  /** Extra header fields the mail carries (the newsletter's List-Unsubscribe), when it has some. */
  headers: v.optional(v.record(v.string(), v.string())),
  /** The files the mail carries (the outbox keeps what they are, not their bytes). */
  attachments: v.optional(v.array(v.object({ filename: v.string(), contentType: v.string(), bytes: v.number() }))),
});
export type OutboxMail = v.InferOutput<typeof OutboxMailSchema>;

/** `GET /api/dev-tools/outbox`: newest first. */
export const OutboxResponseSchema = v.object({ mails: v.array(OutboxMailSchema) });
export type OutboxResponse = v.InferOutput<typeof OutboxResponseSchema>;

/**
 * `POST /api/dev-tools/credits`: add credits to an account (a `grant` ledger row), so e2e tests
 * and local trials can run many jobs. Answers the new balance.
 */
export const GrantCreditsRequestSchema = v.object({
  email: v.pipe(text(254), v.email()),
  amount: integer(1, 100_000),
});
export const GrantCreditsResponseSchema = v.object({ balance: v.number() });

/**
 * `POST /api/dev-tools/engine-delay`: the local engine waits `ms` (abortable) before running
 * each job of this account, so long jobs can be tested; 0 removes the delay. Per account, so
 * other tests running at the same time are not slowed; kept in the database, so it holds in every
 * worker process and across restarts until it is set to 0.
 */
export const ENGINE_DELAY_MAX_MS = 10 * 60_000;
export const EngineDelayRequestSchema = v.object({
  email: v.pipe(text(254), v.email()),
  ms: integer(0, ENGINE_DELAY_MAX_MS),
});
export const EngineDelayResponseSchema = v.object({ ms: v.number() });

/**
 * `POST /api/dev-tools/plan`: puts an account on a plan without a payment or a cycle, so e2e tests
 * of paid options (1080p, ×4) run without buying one. A plan set this way has no cycle, so the
 * billing cycle's work leaves it alone; a purchase replaces it.
 */
export const SetPlanRequestSchema = v.object({
  email: v.pipe(text(254), v.email()),
  plan: v.picklist(PLAN_IDS),
});
export const SetPlanResponseSchema = v.object({ plan: v.picklist(PLAN_IDS) });

/** The texts of the dev tools' errors, by key (also the answer's `code`). */
export const DEV_TOOLS_MESSAGES = {
  /** 404: grant credits or set a plan for an address no account uses. */
  unknownEmail: 'No account uses this email address.',
} as const;
export type DevToolsMessageKey = keyof typeof DEV_TOOLS_MESSAGES;
