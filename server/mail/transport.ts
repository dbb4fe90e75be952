/**
 * Where mails go. By default, to the outbox: one JSON file per mail,
 * `$DATA_DIR/outbox/<timestamp>-<sequence>-<id>.json`, read back by /api/dev-tools/outbox (the
 * real code path, with a local backend). With SMTP_URL, to an SMTP server through nodemailer.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createTransport, type SendMailOptions } from 'nodemailer';
import * as v from 'valibot';
import { OutboxMailSchema, type OutboxMail } from '../../src/contract/dev-tools.schema.ts';
import type { MailContent } from './templates.ts';

/** A file a mail carries; its bytes are read only when the mail goes out by SMTP. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  bytes: number;
  open(): Promise<Readable>;
}

export interface OutgoingMail extends MailContent {
  to: string;
  /** Where a reply goes, when not to the sender (a contact message: to the person who wrote it). */
  replyTo?: string;
  attachments?: readonly MailAttachment[];
}

export interface MailTransport {
  readonly name: 'outbox' | 'smtp';
  send(mail: OutgoingMail, now: Date): Promise<void>;
}

/** Name of the outbox directory inside DATA_DIR. */
export const OUTBOX_DIR = 'outbox';

/** `2025-01-31T09-30-00-123Z`: sortable and valid in a file name on every system. */
const fileStamp = (date: Date): string => date.toISOString().replace(/[:.]/g, '-');

/** Orders mails written within the same millisecond by this process. */
let sequence = 0;
/** Digits of the sequence in a file name (so names sort as numbers would). */
const SEQUENCE_DIGITS = 9;

export function createOutboxTransport(dir: string): MailTransport {
  return {
    name: 'outbox',
    async send(mail, now) {
      await mkdir(dir, { recursive: true });
      const id = randomUUID();
      const record: OutboxMail = { id, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, kind: mail.kind, createdAt: now.toISOString() };
      if (mail.headers) record.headers = { ...mail.headers };
      // What the files are, not their bytes (those stay where the sending area keeps them).
      if (mail.attachments?.length) record.attachments = mail.attachments.map(({ filename, contentType, bytes }) => ({ filename, contentType, bytes }));
      sequence += 1;
      const name = `${fileStamp(now)}-${String(sequence).padStart(SEQUENCE_DIGITS, '0')}-${id}.json`;
      // Written aside then renamed: a reader never sees half a mail.
      const temporary = path.join(dir, `.${name}.tmp`);
      await writeFile(temporary, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
      await rename(temporary, path.join(dir, name));
    },
  };
}

/** Most mails /api/dev-tools/outbox lists (the newest). */
export const OUTBOX_LIST_MAX = 200;

/** The outbox's mails, newest first; unreadable or foreign files are skipped. */
export async function listOutbox(dir: string, limit: number = OUTBOX_LIST_MAX): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  // File names start with the creation time and a sequence, so a reverse sort is newest first.
  const newest = names
    .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
    .toSorted()
    .toReversed()
    .slice(0, limit);
  const mails: OutboxMail[] = [];
  for (const name of newest) {
    try {
      const parsed = v.safeParse(OutboxMailSchema, JSON.parse(await readFile(path.join(dir, name), 'utf8')));
      if (parsed.success) mails.push(parsed.output);
    } catch {
      // Deleted meanwhile, or not ours: skip it.
    }
  }
  return mails;
}

/** How long an SMTP connection, greeting or silent socket may take, in milliseconds. */
const SMTP_TIMEOUT_MS = 15_000;

/** What nodemailer is handed for one mail: the content, and its extra header fields when it has some. */
export function smtpMessage(mail: OutgoingMail, from: string): SendMailOptions {
  const message: SendMailOptions = { from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html };
  if (mail.headers) message.headers = { ...mail.headers };
  if (mail.replyTo) message.replyTo = mail.replyTo;
  return message;
}

export function createSmtpTransport(options: { url: string; from: string }): MailTransport {
  const transporter = createTransport({
    url: options.url,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    name: 'smtp',
    async send(mail) {
      // Each file is streamed from where it is kept while the message is written to the server.
      const attachments = await Promise.all(
        (mail.attachments ?? []).map(async (file) => ({ filename: file.filename, contentType: file.contentType, content: await file.open() })),
      );
      await transporter.sendMail({ ...smtpMessage(mail, options.from), ...(attachments.length > 0 ? { attachments } : {}) });
    },
  };
}
