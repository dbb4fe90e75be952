/**
 * One POST of a webhook message (docs/product-rules.md#api-webhooks). The target's host is
 * resolved once by `resolveWebhookHost` (which refuses private addresses in production) and the
 * connection is pinned to that address through the request's `lookup`, so the name cannot be
 * re-pointed at an internal address between the check and the connect (DNS rebinding). TLS still
 * checks the certificate against the URL's host name. Redirects are not followed (a 3xx is a
 * failed attempt), and the receiver's answer is read only for a short error text.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveWebhookHost, type ResolvedAddress, type WebhookUrlPolicy } from '../../tokens/webhook-url.ts';

/** How long one attempt may take, connect to last byte, in milliseconds. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Bytes of the receiver's answer kept for the error text; the rest is not read. */
const ANSWER_PEEK_BYTES = 1_024;
/** Characters of error text stored with an attempt. */
export const ERROR_TEXT_MAX = 200;

export interface DeliveryRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  policy: WebhookUrlPolicy;
  timeoutMs?: number;
}

export interface DeliveryOutcome {
  /** The receiver's status; null when no answer came (refused address, network error, timeout). */
  statusCode: number | null;
  /** Why the attempt failed; null on a 2xx. */
  error: string | null;
  /** True on a 2xx. */
  delivered: boolean;
}

/** Text safe to store and show: printable, one line, at most ERROR_TEXT_MAX characters. */
export function shortText(text: string): string {
  // Control characters (NUL among them, which Postgres refuses in text) become spaces.
  // oxlint-disable-next-line no-control-regex -- matching control characters is the point
  const clean = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return clean.length > ERROR_TEXT_MAX ? `${clean.slice(0, ERROR_TEXT_MAX - 1)}…` : clean;
}

/**
 * A `lookup` that answers the addresses already checked, whatever the name (no second DNS query):
 * all of them when the connection asks for all (it then tries them in turn), else the first.
 */
function pinnedLookup(pinned: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const [first] = pinned;
    if (options.all)
      callback(
        null,
        pinned.map((entry) => ({ address: entry.address, family: entry.family })),
      );
    else if (first) callback(null, first.address, first.family);
    else callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '', 4);
  };
}

/** POSTs the message once and says how it went; never throws. */
export async function deliver(request: DeliveryRequest): Promise<DeliveryOutcome> {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return { statusCode: null, error: 'invalid webhook URL', delivered: false };
  }
  const secure = url.protocol === 'https:';
  if (!secure && !(url.protocol === 'http:' && request.policy.allowLocal)) {
    return { statusCode: null, error: 'refused: webhook URLs must be https', delivered: false };
  }
  if (url.username || url.password) return { statusCode: null, error: 'refused: credentials in the webhook URL', delivered: false };
  let pinned: ResolvedAddress[];
  try {
    pinned = await resolveWebhookHost(url.hostname, request.policy);
  } catch (error) {
    return { statusCode: null, error: shortText(`refused: ${(error as Error).message}`), delivered: false };
  }
  return post(url, secure, pinned, request);
}

function post(url: URL, secure: boolean, pinned: readonly ResolvedAddress[], request: DeliveryRequest): Promise<DeliveryOutcome> {
  const timeoutMs = request.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const body = Buffer.from(request.body, 'utf8');
  return new Promise<DeliveryOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: DeliveryOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const options: https.RequestOptions = {
      method: 'POST',
      headers: { ...request.headers, 'content-length': String(body.length) },
      lookup: pinnedLookup(pinned),
      // No connection reuse: each attempt connects to the address checked for it.
      agent: false,
    };
    const client = secure ? https : http;
    const outgoing = client.request(url, options, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 200 && status < 300) {
        // The answer's body does not matter: drop it without reading it.
        response.destroy();
        finish({ statusCode: status, error: null, delivered: true });
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const peek = Buffer.concat(chunks).subarray(0, ANSWER_PEEK_BYTES).toString('utf8');
        const head = `HTTP ${status}${response.statusMessage ? ` ${response.statusMessage}` : ''}`;
        finish({ statusCode: status, error: shortText(peek ? `${head}: ${peek}` : head), delivered: false });
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= ANSWER_PEEK_BYTES) {
          response.destroy();
          done();
        }
      });
      response.on('end', done);
      response.on('error', done);
      response.on('close', done);
    });
    const timer = setTimeout(() => {
      outgoing.destroy();
      finish({ statusCode: null, error: `timed out after ${timeoutMs} ms`, delivered: false });
    }, timeoutMs);
    // An AggregateError (every address family tried) may have an empty message but a code.
    outgoing.on('error', (error) =>
      finish({ statusCode: null, error: shortText(error.message || (error as NodeJS.ErrnoException).code || 'network error'), delivered: false }),
    );
    outgoing.end(body);
  });
}
