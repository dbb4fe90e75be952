/**
 * `POST /api/engines/fal/webhook`: fal calls it when a queue request we submitted with a webhook
 * URL ends. It only wakes the run waiting on that request (see wakeups.ts); the run then asks the
 * queue for the result itself, so a webhook can never inject a result.
 *
 * Verification (docs.fal.ai, "Verifying your webhook"): fal signs each delivery with ED25519.
 * The signed message is the lines `request id`, `user id`, `timestamp`, `hex SHA-256 of the raw
 * body`, joined by "\n"; the headers X-Fal-Webhook-Request-Id, -User-Id, -Timestamp (Unix
 * seconds) and -Signature (hex) carry them; the public keys are a JWKS (OKP / Ed25519 keys).
 * A delivery is accepted when its timestamp is within ±5 minutes and one of the keys verifies
 * the signature. Anything else answers 401 and does nothing. When the keys cannot be fetched the
 * answer is 503, so fal delivers again later (it retries for about 2 hours).
 */
import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorResponse } from '../../http/errors.ts';
import type { AppEnv } from '../../http/types.ts';
import type { Logger } from '../../logger.ts';

/** Largest webhook body read, in bytes (a result payload lists file URLs: a few KB). */
export const MAX_WEBHOOK_BYTES = 1024 * 1024;
/** How far a delivery's timestamp may be from our clock, in seconds. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;
/** How long fetched keys are trusted, in ms (fal suggests caching them up to 24 hours). */
const JWKS_CACHE_MS = 24 * 60 * 60 * 1000;
/** A signature no cached key verifies refetches the keys (rotation), at most this often, in ms. */
const JWKS_REFRESH_MIN_MS = 60 * 1000;
/** Time allowed to fetch the keys, in ms. */
const JWKS_TIMEOUT_MS = 10 * 1000;
/** An ED25519 signature: 64 bytes, hex. */
const SIGNATURE_HEX = /^[0-9a-f]{128}$/i;

export const WEBHOOK_HEADERS = {
  requestId: 'x-fal-webhook-request-id',
  userId: 'x-fal-webhook-user-id',
  timestamp: 'x-fal-webhook-timestamp',
  signature: 'x-fal-webhook-signature',
} as const;

/** The JWKS could not be fetched or held no usable key. */
export class JwksUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'JwksUnavailableError';
  }
}

export type WebhookVerdict = { ok: true; requestId: string; userId: string } | { ok: false; reason: 'missingHeaders' | 'staleTimestamp' | 'badSignature' };

export interface FalWebhookVerifier {
  /** Throws JwksUnavailableError when the keys cannot be had. */
  verify(headers: Headers, body: Uint8Array): Promise<WebhookVerdict>;
}

export interface FalWebhookVerifierOptions {
  /** Where the public keys are (FalUrls.jwks). */
  jwksUrl: string;
  fetch?: typeof fetch;
  /** Clock in ms since the epoch (tests move it). */
  now?: () => number;
}

export function createFalWebhookVerifier(options: FalWebhookVerifierOptions): FalWebhookVerifier {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  let cached: { keys: KeyObject[]; fetchedAt: number } | null = null;
  let inFlight: Promise<KeyObject[]> | null = null;

  const fetchKeys = async (): Promise<KeyObject[]> => {
    let body: unknown;
    try {
      const response = await fetchImpl(options.jwksUrl, { signal: AbortSignal.timeout(JWKS_TIMEOUT_MS), headers: { Accept: 'application/json' } });
      if (!response.ok) throw new Error(`JWKS answered ${response.status}`);
      body = await response.json();
    } catch (error) {
      throw new JwksUnavailableError('fal webhook keys could not be fetched', { cause: error });
    }
    const entries = typeof body === 'object' && body !== null && Array.isArray((body as { keys?: unknown }).keys) ? (body as { keys: unknown[] }).keys : [];
    const keys: KeyObject[] = [];
    for (const entry of entries) {
      if (typeof entry !== 'object' || entry === null) continue;
      const jwk = entry as { kty?: unknown; crv?: unknown; x?: unknown };
      if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') continue;
      try {
        keys.push(createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' }));
      } catch {
        // A malformed key among good ones: skip it.
      }
    }
    if (keys.length === 0) throw new JwksUnavailableError('fal webhook JWKS holds no Ed25519 key');
    cached = { keys, fetchedAt: now() };
    return keys;
  };

  const keys = (refresh: boolean): Promise<KeyObject[]> => {
    if (!refresh && cached && now() - cached.fetchedAt < JWKS_CACHE_MS) return Promise.resolve(cached.keys);
    inFlight ??= fetchKeys().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  return {
    async verify(headers, body) {
      const requestId = headers.get(WEBHOOK_HEADERS.requestId);
      const userId = headers.get(WEBHOOK_HEADERS.userId);
      const timestamp = headers.get(WEBHOOK_HEADERS.timestamp);
      const signatureHex = headers.get(WEBHOOK_HEADERS.signature);
      if (!requestId || !userId || !timestamp || !signatureHex || !/^\d{1,12}$/.test(timestamp) || !SIGNATURE_HEX.test(signatureHex)) {
        return { ok: false, reason: 'missingHeaders' };
      }
      if (Math.abs(now() / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) return { ok: false, reason: 'staleTimestamp' };
      const digest = createHash('sha256').update(body).digest('hex');
      const message = Buffer.from([requestId, userId, timestamp, digest].join('\n'), 'utf8');
      const signature = Buffer.from(signatureHex, 'hex');
      const verifies = (candidates: KeyObject[]): boolean => candidates.some((key) => verify(null, message, key, signature));
      if (verifies(await keys(false))) return { ok: true, requestId, userId };
      // Perhaps fal rotated its keys since we fetched them: look again, not more than once a minute.
      if (cached && now() - cached.fetchedAt >= JWKS_REFRESH_MIN_MS && verifies(await keys(true))) return { ok: true, requestId, userId };
      return { ok: false, reason: 'badSignature' };
    },
  };
}

/** A verified delivery. `status` is fal's 'OK' or 'ERROR'. */
export interface FalWebhookDelivery {
  requestId: string;
  status: string | null;
}

export interface FalWebhookRoutesOptions {
  verifier: FalWebhookVerifier;
  logger: Logger;
  /** Called once per verified delivery (e.g. `(d) => falEngine.notify(d.requestId)`). */
  onWebhook(delivery: FalWebhookDelivery): void;
}

const UNVERIFIED_TEXT = 'The webhook signature could not be verified.';

/** The router to mount at `/api/engines/fal`: it answers `POST /webhook`. */
export function createFalWebhookRoutes(options: FalWebhookRoutesOptions): Hono<AppEnv> {
  const logger = options.logger.child({ area: 'fal-webhook' });
  return new Hono<AppEnv>().post(
    '/webhook',
    bodyLimit({ maxSize: MAX_WEBHOOK_BYTES, onError: (c) => errorResponse(c, 413, 'The webhook body is too large.') }),
    async (c) => {
      const body = new Uint8Array(await c.req.arrayBuffer());
      let verdict: WebhookVerdict;
      try {
        verdict = await options.verifier.verify(c.req.raw.headers, body);
      } catch (error) {
        if (!(error instanceof JwksUnavailableError)) throw error;
        logger.error({ err: error }, 'fal webhook keys unavailable; the delivery was refused for fal to retry');
        return errorResponse(c, 503, 'The webhook cannot be verified right now. Please deliver it again later.');
      }
      if (!verdict.ok) {
        logger.warn({ reason: verdict.reason, request_id: c.req.header(WEBHOOK_HEADERS.requestId) ?? null }, 'fal webhook refused');
        return errorResponse(c, 401, UNVERIFIED_TEXT);
      }
      let status: string | null = null;
      try {
        const parsed: unknown = JSON.parse(Buffer.from(body).toString('utf8'));
        if (typeof parsed === 'object' && parsed !== null && typeof (parsed as { status?: unknown }).status === 'string')
          status = (parsed as { status: string }).status;
      } catch {
        // The signature holds, so it came from fal; its body is only informative here.
      }
      logger.info({ request_id: verdict.requestId, status }, 'fal webhook received');
      options.onWebhook({ requestId: verdict.requestId, status });
      c.header('Cache-Control', 'no-store');
      return c.json({ received: true });
    },
  );
}
