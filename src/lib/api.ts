/**
 * The API client (docs/product-rules.md#query-defaults, #api-errors): JSON to the API host (the PWA's own origin unless API_BASE_URL was
 * set at build time), a bearer token when signed in, no-cache GETs, a timeout, and
 * errors that carry the server's message (GET) or detail (other methods).
 */
import { apiUrl } from './api-url.ts';

/**
 * How long a call may take, in ms, unless it names its own (`timeoutMs`). Long work does not
 * wait on one request: a generation is a job the client follows, with its own time limit on the
 * server (`FEATURE_TIMEOUT_SECONDS` in the contract).
 */
export const DEFAULT_TIMEOUT_MS = 120_000;

/** The `code` of an error answer's body (the key of its text in the area's catalogue), if it has one. */
export function answerCode(body: unknown): string | undefined {
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(message: string, status: number, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The answer's code (answerCode of its body). */
  get code(): string | undefined {
    return answerCode(this.body);
  }
}

/** The message a failed call shows: the body's message (GET) or detail (other methods). */
export function errorMessage(method: string, status: number, body: unknown): string {
  const key = method.toUpperCase() === 'GET' ? 'message' : 'detail';
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    // Prefer the field docs/product-rules.md#api-errors names for the method; accept the other one from a non-conforming peer.
    for (const field of [key, key === 'message' ? 'detail' : 'message']) {
      const value = record[field];
      if (typeof value === 'string' && value.trim()) return value;
    }
  }
  return `API request failed with status: ${status}`;
}

let tokenProvider: () => string | null = () => null;

/** The session module tells the client where the bearer token comes from. */
export function setTokenProvider(provider: () => string | null): void {
  tokenProvider = provider;
}

let onRefusedToken: (token: string) => void = () => {};

/**
 * The session module learns when the server refuses (401) the token a call carried: a session
 * revoked elsewhere ("sign out everywhere", a password reset) then ends here too, at the next
 * call instead of the next profile check.
 */
export function setRefusedTokenHandler(handler: (token: string) => void): void {
  onRefusedToken = handler;
}

let errorAnswerHandler: (body: unknown) => Promise<void> | void = () => {};

/**
 * What runs on an error answer before its ApiError is thrown, and is waited for: the SPA loads the
 * words of the answer's code there (src/lib/http-messages.ts), so whoever shows the error has them.
 */
export function setErrorAnswerHandler(handler: (body: unknown) => Promise<void> | void): void {
  errorAnswerHandler = handler;
}

/** The ApiError of an error answer, once its handler is done (for a caller that makes its own request, e.g. an upload). */
export async function errorAnswer(method: string, status: number, body: unknown): Promise<ApiError> {
  try {
    await errorAnswerHandler(body);
  } catch {
    // The words could not load (offline): the error keeps the server's text.
  }
  return new ApiError(errorMessage(method, status, body), status, body);
}

export { apiUrl } from './api-url.ts';

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Overrides the default timeout, in ms. */
  timeoutMs?: number;
  /** The caller handles a 401 itself (the session's own profile check): the session is not told. */
  ownsRefusal?: boolean;
}

async function request<T>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = tokenProvider();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method === 'GET') {
    headers['Cache-Control'] = 'no-cache';
    headers.Pragma = 'no-cache';
  }
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  // A file is sent as it is, with its own type (the profile picture).
  const file = body instanceof Blob ? body : null;
  if (body !== undefined && !isForm) headers['Content-Type'] = file ? file.type : 'application/json';

  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const response = await fetch(apiUrl(path), {
    method,
    headers,
    body: body === undefined ? undefined : isForm ? (body as FormData) : (file ?? JSON.stringify(body)),
    signal,
  });
  const text = await response.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  if (!response.ok) {
    if (response.status === 401 && token && !options.ownsRefusal) onRefusedToken(token);
    throw await errorAnswer(method, response.status, parsed);
  }
  return parsed as T;
}

/**
 * A streamed GET (server-sent events) with the bearer token in its header — never in the URL,
 * which logs keep. No timeout: the caller's signal ends it. The answer's body is the caller's to
 * read; an error answer throws ApiError like every call.
 */
export async function openStream(path: string, signal: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'text/event-stream', 'Cache-Control': 'no-cache' };
  const token = tokenProvider();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(apiUrl(path), { headers, signal });
  if (response.ok && response.body) return response;
  if (response.status === 401 && token) onRefusedToken(token);
  let parsed: unknown = undefined;
  try {
    parsed = await response.json();
  } catch {
    // No JSON body: the status says enough.
  }
  throw await errorAnswer('GET', response.status, parsed);
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  /** PATCH: a partial change (PATCH /api/tokens/{id} sends only the fields that changed). */
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  /** DELETE; a few endpoints take a JSON body (DELETE /api/me asks the password again). */
  delete: <T>(path: string, options?: RequestOptions & { body?: unknown }) => request<T>('DELETE', path, options?.body, options),
  /** Multipart upload POST (the browser sets the boundary). */
  upload: <T>(path: string, form: FormData, options?: RequestOptions) => request<T>('POST', path, form, options),
};
