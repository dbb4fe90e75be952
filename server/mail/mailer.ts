/** The mails the accounts area sends, rendered in the account's language and handed to the transport. */
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Language } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { otpMail, resetMail, type MailContent } from './templates.ts';
import { createOutboxTransport, createSmtpTransport, OUTBOX_DIR, type MailTransport, type OutgoingMail } from './transport.ts';

export interface Recipient {
  email: string;
  name: string;
  language: Language;
}

export interface Mailer {
  readonly transport: MailTransport['name'];
  sendOtp(to: Recipient, code: string, validMinutes: number): Promise<void>;
  sendPasswordReset(to: Recipient, link: string, validMinutes: number): Promise<void>;
  /**
   * Sends a mail another area rendered (billing's reminders and receipts, contact messages);
   * `essentials` is the console's one line; `extra` adds a reply-to address and files.
   */
  send(to: Recipient, content: MailContent, essentials: string, extra?: Pick<OutgoingMail, 'replyTo' | 'attachments'>): Promise<void>;
}

export function createTransportFromConfig(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>): MailTransport {
  return config.smtpUrl ? createSmtpTransport({ url: config.smtpUrl, from: config.mailFrom }) : createOutboxTransport(path.join(config.dataDir, OUTBOX_DIR));
}

/** Writes one human-readable line on the server's console (stderr: stdout carries the JSON log). */
const writeConsoleLine = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

export interface MailerDeps {
  transport: MailTransport;
  logger: Logger;
  now: () => number;
  /** Where the outbox's human-readable lines go; defaults to stderr. */
  console?: (line: string) => void;
}

/**
 * Sends the accounts area's mails. When they go to the outbox (no SMTP_URL), each one is also
 * announced on the console in one readable line (to whom, and the code or link), so a person
 * trying the product on the defaults can sign up without opening files; only when the log level
 * shows info lines, so tests and quiet servers stay quiet.
 */
export function createMailer(deps: MailerDeps): Mailer {
  const log = deps.logger.child({ area: 'mail' });
  const announce = deps.transport.name === 'outbox' && log.isLevelEnabled('info') ? (deps.console ?? writeConsoleLine) : null;
  async function send(to: Recipient, content: MailContent, essentials: string, extra: Pick<OutgoingMail, 'replyTo' | 'attachments'> = {}): Promise<void> {
    await deps.transport.send({ ...content, ...extra, to: to.email }, new Date(deps.now()));
    // The address is personal data: the log says what was sent and how, not to whom.
    log.info({ kind: content.kind, transport: deps.transport.name, language: to.language }, 'mail sent');
    announce?.(`Mail to ${to.email}: ${essentials}`);
  }
  return {
    transport: deps.transport.name,
    send,
    sendOtp: (to, code, validMinutes) =>
      send(to, otpMail({ language: to.language, name: to.name, code, validMinutes }), `verification code ${code} (valid ${validMinutes} min)`),
    sendPasswordReset: (to, link, validMinutes) =>
      send(to, resetMail({ language: to.language, name: to.name, link, validMinutes }), `password reset link (valid ${validMinutes} min) ${link}`),
  };
}
