/** The mails the accounts area sends, rendered in the account's language and handed to the transport. */
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Language } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { otpMail, resetMail } from './templates.ts';
import { createOutboxTransport, createSmtpTransport, OUTBOX_DIR, type MailTransport } from './transport.ts';

export interface Recipient {
  email: string;
  name: string;
  language: Language;
}

export interface Mailer {
  readonly transport: MailTransport['name'];
  sendOtp(to: Recipient, code: string, validMinutes: number): Promise<void>;
  sendPasswordReset(to: Recipient, link: string, validMinutes: number): Promise<void>;
}

export function createTransportFromConfig(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>): MailTransport {
  return config.smtpUrl
    ? createSmtpTransport({ url: config.smtpUrl, from: config.mailFrom })
    : createOutboxTransport(path.join(config.dataDir, OUTBOX_DIR));
}

export function createMailer(deps: { transport: MailTransport; logger: Logger; now: () => number }): Mailer {
  const log = deps.logger.child({ area: 'mail' });
  async function send(to: Recipient, content: ReturnType<typeof otpMail>): Promise<void> {
    await deps.transport.send({ ...content, to: to.email }, new Date(deps.now()));
    // The address is personal data: the log says what was sent and how, not to whom.
    log.info({ kind: content.kind, transport: deps.transport.name, language: to.language }, 'mail sent');
  }
  return {
    transport: deps.transport.name,
    sendOtp: (to, code, validMinutes) => send(to, otpMail({ language: to.language, name: to.name, code, validMinutes })),
    sendPasswordReset: (to, link, validMinutes) => send(to, resetMail({ language: to.language, name: to.name, link, validMinutes })),
  };
}
