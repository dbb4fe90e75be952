/**
 * Receives the contact form's multipart body (read by server/http/multipart.ts), streaming each
 * attached file into a temp file, as the media area's uploads do (server/media/upload.ts): nothing
 * is held in memory beyond the parser's chunks and the text fields; each file's type is read from
 * its first bytes (never its name) and the file is cut off the moment it passes its limit, the body
 * the moment it passes its own, and a fifth file the moment its part begins.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CONTACT_FILE_MAX_BYTES, CONTACT_FILES_MAX, CONTACT_SNIFF_BYTES, type ContactFileKind } from '../../src/contract/contact.ts';
import { contactFileKind } from '../../src/contract/contact-checks.ts';
import { readMultipart } from '../http/multipart.ts';
import { SniffGate } from '../media/sniff-gate.ts';
import { contactError, fileTooLarge, invalidFileType, requestTooLarge } from './errors.ts';

export interface ReceivedFile {
  /** The bytes, under the temp directory; the caller removes them. */
  tempPath: string;
  /** The name the sender gave the file, cleaned of control characters (may be empty). */
  name: string;
  kind: ContactFileKind;
  bytes: number;
}

export interface ReceivedForm {
  /** Each text field's first value, by name (unknown names included; the caller picks). */
  fields: Map<string, string>;
  files: ReceivedFile[];
}

export interface ReceiveOptions {
  body: Readable;
  contentType: string;
  tempDir: string;
  /** The whole body may not be longer than this, in bytes. */
  maxBodyBytes: number;
}

/** The multipart part named for files. */
export const FILES_PART = 'files';
/** Longest file name kept, in characters (the mail and the row show it). */
const FILE_NAME_MAX = 200;

const MULTIPART_LIMITS = {
  // One more than allowed, so the fifth is seen and refused by name rather than dropped.
  files: CONTACT_FILES_MAX + 1,
  fields: 16,
  parts: 24,
  /** The description: 5,000 characters of up to 4 bytes each, with room, in bytes. */
  fieldSize: 32 * 1024,
  /** Longest field name, in bytes (ours are short). */
  fieldNameSize: 64,
  headerPairs: 16,
} as const;

/** The 400 of a body that is not multipart. */
const notMultipart = (cause: unknown) => contactError(400, 'notMultipart', { cause });
/** The 400s of a body that cannot be read. */
const malformed = (cause: unknown) => contactError(400, 'formMalformed', { cause });
const interrupted = () => contactError(400, 'formInterrupted');

/** Control characters (and a name's quotes, as browsers escape them) out of a file name. */
export function cleanFileName(raw: string): string {
  const unescaped = raw.replace(/%22/g, '"').replace(/%0[AD]/gi, ' ');
  // oxlint-disable-next-line no-control-regex -- control characters are exactly what is removed
  return [...unescaped.replace(/[\u0000-\u001f\u007f]/g, ' ').trim()].slice(0, FILE_NAME_MAX).join('');
}

async function saveFile(stream: Readable, tempPath: string, name: string): Promise<ReceivedFile> {
  const gate = new SniffGate<ContactFileKind>({
    sniffBytes: CONTACT_SNIFF_BYTES,
    decide: (head) => {
      const kind = contactFileKind(head);
      if (kind === null) throw invalidFileType(name);
      return { kind, limit: CONTACT_FILE_MAX_BYTES };
    },
    tooLarge: () => fileTooLarge(name),
  });
  try {
    await pipeline(stream, gate, createWriteStream(tempPath, { flags: 'wx' }));
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
  if (!gate.kind) throw new Error('a received file has a kind');
  return { tempPath, name, kind: gate.kind, bytes: gate.bytes };
}

/**
 * Streams the form to `tempDir`. Resolves once the whole body is parsed and every file is on
 * disk; rejects with a coded error (422 too many files or a wrong type, 413 too large), an
 * ApiError 400 (a malformed body) or the stream's own error, having removed every temp file and
 * detached from `body` (left unread: answer and close).
 */
export async function receiveContactForm(options: ReceiveOptions): Promise<ReceivedForm> {
  const fields = new Map<string, string>();
  const saving: Array<Promise<ReceivedFile>> = [];
  const tempPaths: string[] = [];

  const reading = readMultipart({ ...options, limits: MULTIPART_LIMITS, tooLong: requestTooLarge, notMultipart, malformed, interrupted });
  const { parser, fail } = reading;

  parser.on('field', (name, value) => {
    if (!fields.has(name)) fields.set(name, value);
  });
  parser.on('file', (name, stream, info) => {
    const filename = cleanFileName(info.filename ?? '');
    // Other parts, and the empty part a form sends for a file input left empty, are skipped.
    if (reading.stopped() || name !== FILES_PART || filename === '') {
      stream.resume();
      return;
    }
    if (saving.length >= CONTACT_FILES_MAX) {
      stream.resume();
      fail(contactError(422, 'tooManyFiles', { fields: { field: FILES_PART, limit: CONTACT_FILES_MAX } }));
      return;
    }
    const tempPath = path.join(options.tempDir, `upload-contact-${randomUUID()}`);
    tempPaths.push(tempPath);
    reading.keep(stream);
    const saved = saveFile(stream, tempPath, filename);
    saved.catch(fail);
    saving.push(saved);
  });
  try {
    await Promise.race([reading.parsed, reading.aborted]);
    const files = await Promise.race([Promise.all(saving), reading.aborted]);
    reading.finish();
    return { fields, files };
  } catch (reason) {
    fail(reason);
    await Promise.allSettled(saving);
    await Promise.all(tempPaths.map((tempPath) => rm(tempPath, { force: true })));
    throw reason;
  }
}
