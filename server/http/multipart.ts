/**
 * Reading a multipart/form-data body as a stream (busboy), for the routes that take files
 * (`POST /api/media`, `POST /api/contact`): the body passes through a byte counter that stops
 * it past its limit, then the parser; the area decides what each field and file part is worth.
 * The first failure stops the reading at once and detaches from the body, which is left unread
 * (the answer closes the connection); each file stream the area kept is destroyed with it.
 */
import type { Readable } from 'node:stream';
import { Transform, type TransformCallback } from 'node:stream';
import Busboy from 'busboy';

/** Counts the body's bytes on their way to the parser and stops a body that is too long. */
export class ByteCounter extends Transform {
  bytes = 0;
  readonly #max: number;
  readonly #onTooLong: () => Error;

  constructor(max: number, onTooLong: () => Error) {
    super();
    this.#max = max;
    this.#onTooLong = onTooLong;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.#max) callback(this.#onTooLong());
    else callback(null, chunk);
  }
}

export interface MultipartOptions {
  body: Readable;
  contentType: string;
  /** Busboy's limits (files, fields, parts, sizes). */
  limits: Busboy.Limits;
  /** The whole body may not be longer than this, in bytes. */
  maxBodyBytes: number;
  /** The area's error for a body longer than maxBodyBytes. */
  tooLong(): Error;
  /** The area's error for a content type busboy does not read as multipart. */
  notMultipart(cause: unknown): Error;
  /** The area's 400 for a body busboy cannot parse (malformed or incomplete). */
  malformed(cause: unknown): Error;
  /** The area's 400 for a body that stopped before its end (the client went away). */
  interrupted(): Error;
}

export interface MultipartReading {
  /** Resolves once the parser has read the whole body. */
  readonly parsed: Promise<void>;
  /** Rejects with the first failure (never resolves). */
  readonly aborted: Promise<never>;
  /** Stops the reading with `reason` (the first call wins). */
  fail(reason: unknown): void;
  /** Whether the reading was stopped (a failure, or `finish`). */
  stopped(): boolean;
  /** Marks the reading done: later failures are ignored. */
  finish(): void;
  /** A file part's stream, destroyed if the reading fails. */
  keep(stream: Readable): void;
  readonly parser: Busboy.Busboy;
}

/**
 * Starts reading `body`: the caller listens to `parser`'s `field` and `file` events, then awaits
 * `parsed` (and its own files) raced against `aborted`.
 * @throws options.notMultipart's error when the content type is not a multipart one busboy reads.
 */
export function readMultipart(options: MultipartOptions): MultipartReading {
  const { body, malformed, interrupted } = options;
  let parser: Busboy.Busboy;
  try {
    parser = Busboy({ headers: { 'content-type': options.contentType }, limits: options.limits, defParamCharset: 'utf8' });
  } catch (cause) {
    throw options.notMultipart(cause);
  }
  const counter = new ByteCounter(options.maxBodyBytes, options.tooLong);
  const streams: Readable[] = [];

  let stopped = false;
  const { promise: aborted, reject: abort } = Promise.withResolvers<never>();
  // Nobody may be waiting on it when a file's own failure stops the reading first.
  aborted.catch(() => undefined);
  const fail = (reason: unknown): void => {
    if (stopped) return;
    stopped = true;
    // The rest of the body stays unread (the answer closes the connection).
    body.unpipe(counter);
    counter.unpipe(parser);
    // Late events of the abandoned parser and streams have nobody to tell.
    parser.on('error', () => {});
    counter.on('error', () => {});
    counter.destroy();
    // The file parts will get no more bytes: end their writers now rather than wait forever.
    for (const stream of streams) stream.destroy(reason instanceof Error ? reason : new Error('multipart body stopped'));
    abort(reason);
  };

  const parsed = new Promise<void>((resolve) => parser.on('close', resolve));
  parser.on('error', (cause) => fail(malformed(cause)));
  counter.on('error', fail);
  body.on('error', fail);
  // A client that goes away mid-body: the parser would otherwise wait forever.
  body.on('close', () => {
    if (!body.readableEnded) fail(interrupted());
  });
  body.pipe(counter).pipe(parser);

  return {
    parsed,
    aborted,
    fail,
    stopped: () => stopped,
    finish: () => {
      stopped = true;
    },
    keep: (stream) => void streams.push(stream),
    parser,
  };
}
