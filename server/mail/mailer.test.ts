import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { createMailer } from './mailer.ts';
import { createOutboxTransport, listOutbox, smtpMessage, type MailTransport } from './transport.ts';

const nowhere = () => new Writable({ write: (_chunk, _encoding, done) => done() });
const recipient = { email: 'new@example.com', name: 'Hà', language: 'en' as const };

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'atelier-mailer-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('createMailer', () => {
  it('prints each outbox mail’s essentials in one readable line, besides writing it', async () => {
    const lines: string[] = [];
    const mailer = createMailer({
      transport: createOutboxTransport(dir),
      logger: createLogger('info', nowhere()),
      now: Date.now,
      console: (line) => lines.push(line),
    });
    await mailer.sendOtp(recipient, '123456', 10);
    await mailer.sendPasswordReset(recipient, 'http://localhost:8080/reset-password?token=abc', 30);
    expect(lines).toEqual([
      'Mail to new@example.com: verification code 123456 (valid 10 min)',
      'Mail to new@example.com: password reset link (valid 30 min) http://localhost:8080/reset-password?token=abc',
    ]);
    expect((await listOutbox(dir)).map((mail) => mail.kind)).toEqual(['reset', 'otp']);
  });

  it('prints nothing for SMTP, or when the log level hides info lines', async () => {
    const lines: string[] = [];
    const smtp: MailTransport = { name: 'smtp', send: async () => undefined };
    await createMailer({ transport: smtp, logger: createLogger('info', nowhere()), now: Date.now, console: (line) => lines.push(line) }).sendOtp(
      recipient,
      '654321',
      10,
    );
    await createMailer({
      transport: createOutboxTransport(dir),
      logger: createLogger('warn', nowhere()),
      now: Date.now,
      console: (line) => lines.push(line),
    }).sendOtp(recipient, '654321', 10);
    expect(lines).toEqual([]);
  });

  it('hands a mail’s extra header fields to the outbox and to SMTP, and none when it has none', async () => {
    const headers = {
      'List-Unsubscribe': '<https://example.com/u?token=t>, <mailto:u@example.com?subject=unsubscribe%20t>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
    const content = { kind: 'newsletter-welcome' as const, subject: 'Chào mừng', text: 'x', html: '<p>x</p>', headers };
    const mailer = createMailer({ transport: createOutboxTransport(dir), logger: createLogger('warn', nowhere()), now: Date.now });
    await mailer.send(recipient, content, 'welcome');
    expect((await listOutbox(dir))[0]).toMatchObject({ kind: 'newsletter-welcome', headers });
    expect(smtpMessage({ ...content, to: recipient.email }, 'Atelier <no-reply@example.com>')).toEqual({
      from: 'Atelier <no-reply@example.com>',
      to: recipient.email,
      subject: 'Chào mừng',
      text: 'x',
      html: '<p>x</p>',
      headers,
    });
    const { headers: _none, ...plain } = content;
    expect(smtpMessage({ ...plain, to: recipient.email }, 'a@example.com')).not.toHaveProperty('headers');
    await mailer.sendOtp(recipient, '123456', 10);
    expect((await listOutbox(dir))[0]).not.toHaveProperty('headers');
  });
});
