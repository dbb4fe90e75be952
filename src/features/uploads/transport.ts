import * as v from 'valibot';
import { AssetSchema, type Asset, type UploadedAsset } from '../../contract/media.schema.ts';
import { MEDIA_MESSAGES, type MediaMessageKey, type UploadPurpose } from '../../contract/media.ts';
import { apiUrl, ApiError, DEFAULT_TIMEOUT_MS, errorMessage } from '../../lib/api.ts';
import { getSession } from '../../lib/session.ts';
import { isAuthCode } from '../../lib/auth-messages.ts';
import type { UploadKind, UploadProblem } from './upload-messages.ts';
import { checkFile, KIND_ROLE, uploadLimit } from './checks.ts';

/** `POST /api/media` of one file over XMLHttpRequest (progress, abort, the session's token), and what its failures mean; the checks are in checks.ts, several files at once in uploader.ts. */

export interface UploadRequest {
  url: string;
  form: FormData;
  headers: Record<string, string>;
  signal?: AbortSignal;
  /** Bytes of the request body sent so far, of `total`. */
  onProgress?: (loaded: number, total: number) => void;
  /** The upload is given up when nothing moves (no progress, no answer) for this long, in ms. */
  idleTimeoutMs: number;
}

export interface UploadResponse {
  status: number;
  body: unknown;
}

/** Sends a multipart body and reads the answer; rejects like fetch: TypeError (no answer), AbortError, TimeoutError. */
export type UploadTransport = (request: UploadRequest) => Promise<UploadResponse>;

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason instanceof DOMException ? signal.reason : new DOMException('The upload was aborted.', 'AbortError');
}

/**
 * The browser's transport: XMLHttpRequest, whose `upload` reports progress (fetch has no upload
 * progress). The idle timeout restarts with each progress event, so a large video on a slow
 * line is not cut off while it still moves, and a stalled one is.
 */
export const xhrTransport: UploadTransport = (request) =>
  new Promise<UploadResponse>((resolve, reject) => {
    const { signal } = request;
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const xhr = new XMLHttpRequest();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const onAbort = () => {
      if (signal) settle(() => reject(abortReason(signal)));
      xhr.abort();
    };
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      done();
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        settle(() => reject(new DOMException('The upload timed out.', 'TimeoutError')));
        xhr.abort();
      }, request.idleTimeoutMs);
    };

    xhr.open('POST', request.url);
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      arm();
      if (event.lengthComputable) request.onProgress?.(event.loaded, event.total);
    });
    xhr.addEventListener('load', () => settle(() => resolve({ status: xhr.status, body: parseBody(xhr.responseText) })));
    xhr.addEventListener('error', () => settle(() => reject(new TypeError('Network request failed'))));
    xhr.addEventListener('timeout', () => settle(() => reject(new DOMException('The upload timed out.', 'TimeoutError'))));
    xhr.addEventListener('abort', () => settle(() => reject(new DOMException('The upload was aborted.', 'AbortError'))));
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(request.form);
    arm();
  });

// ── One upload ────────────────────────────────────────────────────────────────────────

/** The client-side check refused the file: nothing was sent. */
export class UploadCheckError extends Error {
  readonly problem: UploadProblem;

  constructor(problem: UploadProblem) {
    super(problem.code);
    this.name = 'UploadCheckError';
    this.problem = problem;
  }
}

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0 to 1. */
  fraction: number;
}

export interface UploadFileOptions {
  kind: UploadKind;
  purpose?: UploadPurpose;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
  /** Injected in tests; the browser's XMLHttpRequest otherwise. */
  transport?: UploadTransport;
  /** The bearer token; the session's (the same one src/lib/api.ts sends) otherwise. */
  getToken?: () => string | null;
}

/**
 * Checks a file (docs/product-rules.md#uploads) and uploads it: `POST /api/media` with `purpose`, `role` and then the
 * file (the server applies the exact limit only when the fields come first). Resolves to the
 * stored asset; rejects with UploadCheckError (refused before sending), ApiError (the server's
 * answer, with its coded body), or the transport's TypeError / AbortError / TimeoutError.
 */
export async function uploadFile(file: File, options: UploadFileOptions): Promise<UploadedAsset> {
  const purpose = options.purpose ?? 'input';
  const problem = checkFile(file, options.kind, purpose);
  if (problem) throw new UploadCheckError(problem);

  const form = new FormData();
  form.append('purpose', purpose);
  const role = KIND_ROLE[options.kind];
  if (role) form.append('role', role);
  form.append('file', file, file.name);

  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = (options.getToken ?? (() => getSession().getToken()))();
  if (token) headers.Authorization = `Bearer ${token}`;

  const transport = options.transport ?? xhrTransport;
  const { status, body } = await transport({
    url: apiUrl('/api/media'),
    form,
    headers,
    signal: options.signal,
    onProgress: (loaded, total) => options.onProgress?.({ loaded, total, fraction: total > 0 ? Math.min(1, loaded / total) : 0 }),
    idleTimeoutMs: DEFAULT_TIMEOUT_MS,
  });
  if (status < 200 || status >= 300) throw new ApiError(errorMessage('POST', status, body), status, body);
  return v.parse(UploadAnswerSchema, body);
}

/** The upload's answer (UploadedAssetSchema); `reused` read as false when absent. */
const UploadAnswerSchema = v.object({ ...AssetSchema.entries, reused: v.optional(v.boolean(), false) });

/**
 * Whether an uploaded asset is one the library already had: the server found identical bytes
 * and stored nothing (docs/product-rules.md#upload-dedupe).
 */
export function wasReused(asset: Asset | null): boolean {
  return (asset as Partial<UploadedAsset> | null)?.reused === true;
}

/** `{placeholder}` of a contract template, read back from the server's filled-in text. */
function placeholderValue(template: string, text: string): string | undefined {
  const [before = '', after = ''] = template.split(/\{\w+\}/);
  if (!text.startsWith(before) || !text.endsWith(after) || text.length < before.length + after.length) return undefined;
  return text.slice(before.length, text.length - after.length) || undefined;
}

const SECONDS_PER_MINUTE = 60;

function isMediaCode(value: unknown): value is MediaMessageKey {
  return typeof value === 'string' && Object.hasOwn(MEDIA_MESSAGES, value);
}

/**
 * What went wrong with an upload, for the messages: the client-side check's problem, the
 * server's code (with the accepted types or the size limit it named, else the client's own),
 * an auth code (the session ended), a lost connection or a stalled upload.
 */
export function uploadProblemOf(error: unknown, kind: UploadKind, purpose: UploadPurpose = 'input'): UploadProblem {
  if (error instanceof UploadCheckError) return error.problem;
  if (error instanceof ApiError) {
    const body = error.body && typeof error.body === 'object' ? (error.body as Record<string, unknown>) : {};
    const limit = uploadLimit(kind, purpose);
    if (isMediaCode(body.code)) {
      if (body.code === 'invalidType') {
        return { code: 'invalidType', values: { acceptedTypes: placeholderValue(MEDIA_MESSAGES.invalidType, error.message) ?? limit.label } };
      }
      if (body.code === 'tooLarge') {
        const named = Number(placeholderValue(MEDIA_MESSAGES.tooLarge, error.message));
        return { code: 'tooLarge', values: { maxSize: Number.isFinite(named) && named > 0 ? named : limit.maxMegabytes } };
      }
      if (body.code === 'tooManyUploads') {
        const seconds = typeof body.retry_after_seconds === 'number' && body.retry_after_seconds > 0 ? body.retry_after_seconds : SECONDS_PER_MINUTE;
        return { code: 'tooManyUploads', values: { n: Math.max(1, Math.ceil(seconds / SECONDS_PER_MINUTE)) } };
      }
      if (body.code === 'storageFull' && typeof body.used_bytes === 'number' && typeof body.limit_bytes === 'number') {
        return { code: 'storageFull', storage: { usedBytes: body.used_bytes, limitBytes: body.limit_bytes } };
      }
      if (body.code === 'storageFull') return { code: 'uploadFailed', serverText: error.message };
      return { code: body.code };
    }
    if (isAuthCode(body.code)) return { code: 'uploadFailed', authCode: body.code };
    return { code: 'uploadFailed', serverText: error.message };
  }
  if (error instanceof DOMException && error.name === 'TimeoutError') return { code: 'timeout' };
  if (error instanceof TypeError) return { code: 'network' };
  return { code: 'uploadFailed' };
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
