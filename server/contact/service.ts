/**
 * The contact form's rules (docs/product-rules.md#contact): the honeypot, the fields, the proof
 * of work, the per-address limits; then the message is stored (a row, its files in the media
 * storage under `contact/{id}/`) and mailed, to support with its files and to the sender as a
 * confirmation in their language. The mails go out after the answer (background tasks), so a
 * slow SMTP server never holds the visitor's page.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { CONTACT_FIELD_NAMES, CONTACT_FILE_MIME, CONTACT_HONEYPOT_FIELD } from '../../src/contract/contact.ts';
import { ContactFieldsSchema, type ContactReceipt } from '../../src/contract/contact.schema.ts';
import { contactFieldProblem } from '../../src/contract/contact-checks.ts';
import type { BackgroundTasks } from '../platform/background.ts';
import type { RateLimiter, RateLimitRule } from '../platform/rate-limit.ts';
import type { ContactFileRecord } from '../db/schema-contact.ts';
import { parseInput } from '../http/errors.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MailAttachment } from '../mail/transport.ts';
import type { MediaStorage } from '../media/storage.ts';
import { contactError } from './errors.ts';
import { confirmationMail, supportMail } from './mails.ts';
import type { ProofOfWork } from './pow.ts';
import type { ReceivedFile } from './receive.ts';
import type { ContactRepository } from './repository.ts';

const HOUR_MS = 60 * 60 * 1000;

export interface ContactLimits {
  perEmail: RateLimitRule;
  perAddress: RateLimitRule;
}

/**
 * Messages an hour: 3 from one sender's email (a question and two follow-ups), 10 from one client
 * address (an office or a shop behind one address has several people). Each message also costs
 * its proof of work, so a script is held back before it reaches these.
 */
export const CONTACT_LIMITS: ContactLimits = {
  perEmail: { bucket: 'contact:email', limit: 3, windowMs: HOUR_MS },
  perAddress: { bucket: 'contact:address', limit: 10, windowMs: HOUR_MS },
};

/** Storage keys of the contact area start with this (the media area's keys start with an account id). */
export const CONTACT_STORAGE_PREFIX = 'contact';

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I/L). */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const REFERENCE_LENGTH = 8;

/** `LH-7K2M9QXA` (LH: liên hệ): 31^8 ≈ 8.5 × 10^11 references, never guessed or repeated in practice. */
export function newReference(): string {
  let code = '';
  for (let index = 0; index < REFERENCE_LENGTH; index++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `LH-${code}`;
}

export interface ContactServiceDeps {
  repository: ContactRepository;
  storage: MediaStorage;
  pow: ProofOfWork;
  limiter: RateLimiter;
  limits: ContactLimits;
  mailer: Mailer;
  supportEmail: string;
  tasks: BackgroundTasks;
  logger: Logger;
  now: () => number;
}

export interface ContactSubmission {
  fields: ReadonlyMap<string, string>;
  files: readonly ReceivedFile[];
  /** The client address the per-address limit counts under. */
  address: string;
}

export interface ContactService {
  /**
   * Checks, stores and mails one message. The caller removes the received files' temp paths
   * afterwards (stored files have been moved away).
   * @throws ContactError 422 (a field, the proof of work), 429 (too many messages)
   */
  submit(submission: ContactSubmission): Promise<ContactReceipt>;
}

/** The form's fields, checked in their order: the first problem is a 422 naming its field. */
function readFields(fields: ReadonlyMap<string, string>) {
  for (const name of CONTACT_FIELD_NAMES) {
    const problem = contactFieldProblem(name, fields.get(name) ?? '');
    if (problem) throw contactError(422, problem, { fields: { field: name } });
  }
  return parseInput(ContactFieldsSchema, {
    ...Object.fromEntries(CONTACT_FIELD_NAMES.map((name) => [name, fields.get(name) ?? ''])),
    // The page's locale; anything else reads as the source language.
    language: fields.get('language') === 'en' ? 'en' : 'vi',
  });
}

export function createContactService(deps: ContactServiceDeps): ContactService {
  const { repository, storage } = deps;

  function sendMails(reference: string, fields: ReturnType<typeof readFields>, files: readonly ContactFileRecord[]): void {
    const input = { reference, fields, files };
    const attachments: MailAttachment[] = files.map((file) => ({
      filename: file.name,
      contentType: file.type,
      bytes: file.bytes,
      async open() {
        const stored = await storage.open(file.key);
        if (!stored) throw new Error(`contact file ${file.key} is missing from the storage`);
        return stored.body;
      },
    }));
    const sender = { email: fields.email, name: `${fields.first_name} ${fields.last_name}`, language: fields.language };
    deps.tasks.run('contact mail to support', () =>
      deps.mailer.send(
        { email: deps.supportEmail, name: 'Atelier', language: 'vi' },
        supportMail(input),
        `contact message ${reference} (${files.length} files)`,
        {
          replyTo: fields.email,
          attachments,
        },
      ),
    );
    deps.tasks.run('contact confirmation', () => deps.mailer.send(sender, confirmationMail(input), `contact confirmation ${reference}`));
  }

  return {
    async submit({ fields: raw, files, address }) {
      // A script filled the field people never see: it is told what it wants to hear, and nothing is kept.
      if ((raw.get(CONTACT_HONEYPOT_FIELD) ?? '').trim() !== '') {
        deps.logger.info({ files: files.length }, 'contact form honeypot filled: answered, not stored');
        return { reference: newReference() };
      }
      const fields = readFields(raw);
      const nowMs = deps.now();
      const verified = deps.pow.verify(raw.get('pow_challenge') ?? '', raw.get('pow_nonce') ?? '', nowMs);
      if (typeof verified === 'string') throw contactError(422, verified);
      if (!(await repository.useChallenge(verified.salt, verified.expiresAt, new Date(nowMs)))) throw contactError(422, 'challengeUsed');
      await deps.limiter.attempt([
        [deps.limits.perEmail, fields.email.toLowerCase()],
        [deps.limits.perAddress, address],
      ]);

      const id = randomUUID();
      const reference = newReference();
      const stored: ContactFileRecord[] = [];
      try {
        for (const [index, file] of files.entries()) {
          const key = `${CONTACT_STORAGE_PREFIX}/${id}/${index + 1}.${file.kind}`;
          await storage.put(key, { path: file.tempPath, move: true }, CONTACT_FILE_MIME[file.kind]);
          stored.push({ key, name: file.name || `${index + 1}.${file.kind}`, type: CONTACT_FILE_MIME[file.kind], bytes: file.bytes });
        }
        await repository.insertMessage({ id, reference, ...fields, files: stored, created_at: new Date(nowMs) });
      } catch (error) {
        // Nothing half-kept: the files of a message that was not recorded go.
        await storage.delete(stored.map((file) => file.key)).catch(() => undefined);
        throw error;
      }
      deps.logger.info({ reference, topic: fields.topic, files: stored.length }, 'contact message stored');
      sendMails(reference, fields, stored);
      return { reference };
    },
  };
}
