/**
 * Receives a multipart upload (read by server/http/multipart.ts), streaming the `file` part into a
 * temp file. Nothing is held in memory beyond the parser's chunks: the type is decided from the
 * first SNIFF_BYTES bytes (magic numbers), and the file is cut off the moment it passes its limit —
 * the caller then answers 413 without reading the rest of the body.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as v from 'valibot';
import { ASSET_ROLES, isWorkingRole, UPLOAD_PURPOSES } from '../../src/contract/media.ts';
import { readMultipart } from '../http/multipart.ts';
import { mediaError, type MediaError } from './errors.ts';
import { checkUpload, streamingLimit, tooLarge, unknownType, withDefaults, type KnownFields, type UploadFields } from './policy.ts';
import type { ContentKey } from './repository.ts';
import { SniffGate } from './sniff-gate.ts';
import { SNIFF_BYTES, sniffType, type SniffedType } from './sniff.ts';

export interface ReceivedUpload {
  /** The file's bytes, under the temp directory; the caller removes it. */
  tempPath: string;
  bytes: number;
  /** SHA-256 (hex) of the file's bytes, computed as they streamed in. */
  sha256: string;
  type: SniffedType;
  /** The name the client gave the file (unsanitised; may be empty). */
  filename: string;
  fields: UploadFields;
}

export interface ReceiveOptions {
  body: Readable;
  contentType: string;
  tempDir: string;
  /** The whole body may not be longer than this, in bytes (framing and fields included). */
  maxBodyBytes: number;
}

/** What an upload is the same asset as another by (see ContentKey): its bytes' hash and its use. */
export function contentKeyOf(received: Pick<ReceivedUpload, 'sha256' | 'fields'>): ContentKey {
  return { sha256: received.sha256, purpose: received.fields.purpose, mask: isWorkingRole(received.fields.role) };
}

/** Busboy's limits: one file, a handful of short fields. */
const MULTIPART_LIMITS = {
  files: 1,
  fields: 8,
  parts: 10,
  /** Field values are single words ('upscale', 'garment'), in bytes. */
  fieldSize: 256,
  /** Header bytes of one part (its name and filename). */
  headerPairs: 16,
} as const;

const MB = 1024 * 1024;
/** The 400 of a body that is not multipart. */
const notMultipart = (cause: unknown) => mediaError(400, 'noFile', { cause });
/** The 400s of a body that cannot be read. */
const malformed = (cause: unknown) => mediaError(400, 'uploadMalformed', { cause });
const interrupted = () => mediaError(400, 'uploadInterrupted');
const PurposeSchema = v.picklist(UPLOAD_PURPOSES);
const RoleSchema = v.picklist(ASSET_ROLES);

function invalidField(name: string, allowed: readonly string[]): MediaError {
  return mediaError(422, 'invalidField', { values: { field: name, allowed: allowed.join(', ') } });
}

/** Hashes the bytes passing through (SHA-256), holding none of them. */
class HashingStream extends Transform {
  readonly #hash = createHash('sha256');

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#hash.update(chunk);
    callback(null, chunk);
  }

  /** The hex digest; once the stream has ended. */
  digest(): string {
    return this.#hash.digest('hex');
  }
}

/**
 * Streams the upload to `tempDir`. Resolves once the whole body is parsed and the file is on disk;
 * rejects with a MediaError (400, 413, 415, 422) or the stream's own error, having
 * removed its temp file and detached from `body` (which is left unread: answer and close).
 */
export async function receiveUpload(options: ReceiveOptions): Promise<ReceivedUpload> {
  const tempPath = path.join(options.tempDir, `upload-${randomUUID()}`);
  const known: KnownFields = {};
  let filename = '';
  let saved: Promise<{ bytes: number; sha256: string; type: SniffedType }> | undefined;

  const tooLong = () => tooLarge(Math.floor(options.maxBodyBytes / MB));
  const reading = readMultipart({ ...options, limits: MULTIPART_LIMITS, tooLong, notMultipart, malformed, interrupted });
  const { parser, fail } = reading;

  parser.on('field', (name, value) => {
    if (name === 'purpose' && known.purpose === undefined) {
      const parsed = v.safeParse(PurposeSchema, value);
      if (parsed.success) known.purpose = parsed.output;
      else fail(invalidField('purpose', UPLOAD_PURPOSES));
    } else if (name === 'role' && known.role === undefined) {
      const parsed = v.safeParse(RoleSchema, value);
      if (parsed.success) known.role = parsed.output;
      else fail(invalidField('role', ASSET_ROLES));
    }
  });
  parser.on('file', (name, stream, info) => {
    if (reading.stopped() || name !== 'file' || saved) {
      stream.resume();
      return;
    }
    // Browsers (the WHATWG form encoding) write `"` and line breaks in a file name as %22, %0A, %0D.
    filename = (info.filename ?? '').replace(/%22/g, '"').replace(/%0[AD]/gi, ' ');
    reading.keep(stream);
    saved = saveFile(stream, tempPath, known);
    saved.catch(fail);
  });
  try {
    await Promise.race([reading.parsed, reading.aborted]);
    if (!saved) throw mediaError(400, 'noFile');
    const { bytes, sha256, type } = await Promise.race([saved, reading.aborted]);
    const fields = withDefaults(known);
    checkUpload(type, bytes, fields);
    reading.finish();
    return { tempPath, bytes, sha256, type, filename, fields };
  } catch (reason) {
    fail(reason);
    // Let the writer stop before its file is removed.
    await saved?.catch(() => undefined);
    await rm(tempPath, { force: true });
    throw reason;
  }
}

/** Writes the file part to `tempPath`, sniffing its type first, holding it to its limit and hashing it. */
async function saveFile(stream: Readable, tempPath: string, known: KnownFields): Promise<{ bytes: number; sha256: string; type: SniffedType }> {
  const gate = new SniffGate<SniffedType>({
    sniffBytes: SNIFF_BYTES,
    decide: (head) => {
      const type = sniffType(head);
      if (type === null) throw unknownType(known);
      return { kind: type, limit: streamingLimit(type, known) };
    },
    tooLarge: (limit) => tooLarge(Math.floor(limit / MB)),
  });
  const hashing = new HashingStream();
  try {
    await pipeline(stream, gate, hashing, createWriteStream(tempPath, { flags: 'wx' }));
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
  if (!gate.kind) throw new Error('a sniffed file has a type');
  return { bytes: gate.bytes, sha256: hashing.digest(), type: gate.kind };
}
