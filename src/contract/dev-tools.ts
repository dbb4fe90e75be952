/**
 * `/api/dev-tools`: what the /dev-tools page (and the e2e suite) reads. Served only outside
 * production, or with DEV_TOOLS=1; otherwise a JSON 404.
 */
import * as v from 'valibot';

/** What a mail is for: a verification code, or a password-reset link. */
export const MAIL_KINDS = ['otp', 'reset'] as const;
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
});
export type OutboxMail = v.InferOutput<typeof OutboxMailSchema>;

/** `GET /api/dev-tools/outbox`: newest first. */
export const OutboxResponseSchema = v.object({ mails: v.array(OutboxMailSchema) });
export type OutboxResponse = v.InferOutput<typeof OutboxResponseSchema>;
