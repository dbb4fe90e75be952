/**
 * A stream gate for an uploaded file: holds back its first bytes until their kind can be told,
 * then passes everything on while counting, and fails the moment the count passes the kind's
 * limit. The media upload and the contact form's files go through it, each with its own kinds.
 */
import { Transform, type TransformCallback } from 'node:stream';

export interface SniffRules<K> {
  /** How many first bytes the kind is told from. */
  sniffBytes: number;
  /** The kind of a file from its first bytes (fewer for a shorter file), with its size limit; throws a coded error for a kind not taken. */
  decide(head: Buffer): { kind: K; limit: number };
  /** The error of a file past its limit, in bytes. */
  tooLarge(limit: number): Error;
}

export class SniffGate<K> extends Transform {
  kind: K | null = null;
  bytes = 0;
  #head: Buffer | null = Buffer.alloc(0);
  #limit = Number.POSITIVE_INFINITY;
  readonly #rules: SniffRules<K>;

  constructor(rules: SniffRules<K>) {
    super();
    this.#rules = rules;
  }

  #decide(head: Buffer): void {
    const { kind, limit } = this.#rules.decide(head.subarray(0, this.#rules.sniffBytes));
    this.kind = kind;
    this.#limit = limit;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    try {
      this.bytes += chunk.length;
      let pending = chunk;
      if (this.#head !== null) {
        this.#head = Buffer.concat([this.#head, chunk]);
        if (this.#head.length < this.#rules.sniffBytes) return callback();
        this.#decide(this.#head);
        pending = this.#head;
        this.#head = null;
      }
      if (this.bytes > this.#limit) return callback(this.#rules.tooLarge(this.#limit));
      callback(null, pending);
    } catch (error) {
      callback(error as Error);
    }
  }

  override _flush(callback: TransformCallback): void {
    if (this.#head === null) return callback();
    // A file shorter than the sniffed bytes: empty, or too short to be any of the kinds.
    try {
      this.#decide(this.#head);
      callback(null, this.#head);
    } catch (error) {
      callback(error as Error);
    }
  }
}
