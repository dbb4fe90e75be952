/**
 * The contact form (docs/product-rules.md#contact): its fields and their rules, the files it
 * takes, the self-hosted proof of work that keeps scripts out, and the server's messages.
 * The rules themselves are plain data in ./contact.ts and plain checks in ./contact-checks.ts, which
 * the page uses without carrying the schemas. Imports only valibot and those modules.
 *
 * Endpoints (no sign-in):
 * - GET  /api/contact/challenge   a signed proof-of-work challenge (ContactChallenge)
 * - POST /api/contact             multipart/form-data: the fields (CONTACT_FIELD_NAMES, before the
 *                                 files), `pow_challenge`, `pow_nonce`, the honeypot
 *                                 (CONTACT_HONEYPOT_FIELD, left empty by people), and up to
 *                                 CONTACT_FILES_MAX parts named `files`; 201 ContactReceipt
 */
import * as v from 'valibot';
import {
  CONTACT_DESCRIPTION_MAX,
  CONTACT_EMAIL_MAX,
  CONTACT_LANGUAGES,
  CONTACT_MESSAGES,
  CONTACT_NAME_MAX,
  CONTACT_PHONE_MAX,
  CONTACT_TOPICS,
  type ContactFieldName,
} from './contact.ts';
import { contactFieldProblem } from './contact-checks.ts';

// ── Proof of work ────────────────────────────────────────────────────────────────────

/**
 * `GET /api/contact/challenge`. The page looks for a nonce (a decimal integer) such that
 * SHA-256 of `{salt}:{nonce}` (UTF-8) starts with `difficulty` zero bits, then sends `challenge`
 * and the nonce with the form. The challenge is signed by the server and works once, until
 * `expires_at`.
 */
export const ContactChallengeSchema = v.object({
  challenge: v.string(),
  salt: v.string(),
  difficulty: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(64)),
  /** ISO 8601. */
  expires_at: v.string(),
});
export type ContactChallenge = v.InferOutput<typeof ContactChallengeSchema>;

// ── Requests and answers ─────────────────────────────────────────────────────────────

const field = (name: ContactFieldName, max: number) =>
  v.pipe(
    v.string(),
    v.maxLength(max * 4),
    v.check(
      (value) => contactFieldProblem(name, value) === null,
      (issue) => CONTACT_MESSAGES[contactFieldProblem(name, String(issue.input)) ?? 'invalidText'],
    ),
    v.transform((value) => value.normalize('NFC').trim()),
  );

/** The form's text fields as the server reads them from the multipart body. */
export const ContactFieldsSchema = v.object({
  first_name: field('first_name', CONTACT_NAME_MAX),
  last_name: field('last_name', CONTACT_NAME_MAX),
  email: field('email', CONTACT_EMAIL_MAX),
  phone: v.optional(field('phone', CONTACT_PHONE_MAX), ''),
  topic: v.pipe(field('topic', 16), v.picklist(CONTACT_TOPICS, CONTACT_MESSAGES.topicRequired)),
  description: field('description', CONTACT_DESCRIPTION_MAX),
  language: v.optional(v.picklist(CONTACT_LANGUAGES), 'vi'),
});
export type ContactFields = v.InferOutput<typeof ContactFieldsSchema>;

/** `POST /api/contact` 201: the message's reference (also in both mails). */
export const ContactReceiptSchema = v.object({ reference: v.string() });
export type ContactReceipt = v.InferOutput<typeof ContactReceiptSchema>;
