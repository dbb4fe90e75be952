/**
 * payOS (VietQR bank transfer), API v2: https://payos.vn/docs/api/
 *
 * - Checkout: `POST /v2/payment-requests` with the headers x-client-id and x-api-key and a body
 *   signed with HMAC-SHA256 (the checksum key) over
 *   `amount=…&cancelUrl=…&description=…&orderCode=…&returnUrl=…`; the answer's `data` carries the
 *   hosted `checkoutUrl` and the `paymentLinkId`, signed like a webhook.
 * - Query: `GET /v2/payment-requests/{paymentLinkId or orderCode}`; cancel: `POST …/{id}/cancel`.
 * - Webhook (https://payos.vn/docs/du-lieu-tra-ve/webhook/): a POST of
 *   `{ code, desc, success, data, signature }`, where `signature` is HMAC-SHA256 over the `data`
 *   fields sorted by name as `k=v&…` (null as an empty string). payOS only notifies money
 *   received, so every verified webhook with `data.code = '00'` is a payment.
 * - payOS has no refund API: a refund is a bank transfer the merchant makes by hand, so this
 *   adapter has no `refund` (the service marks such orders for a manual refund).
 *
 * The HTTP calls go through the official SDK, @payos/node 2.0.5: it takes the base URL and a
 * `fetch` (so tests point it at a loopback fake), signs the create request and checks the
 * signature of every answer itself. Webhooks are verified here rather than with the SDK's
 * `webhooks.verify`, which compares the signatures with `!==`: the SDK computes the expected
 * signature (its canonical form is payOS' own) and we compare it in constant time.
 */
import { plainText, sameHex } from './text.ts';
import { APIError, ConnectionError, ConnectionTimeoutError, InvalidSignatureError, PayOS, UserAbortError, type PaymentLinkStatus } from '@payos/node';
import {
  ProviderRequestError,
  ProviderSignatureError,
  type NotificationOutcome,
  type PaymentProvider,
  type ProviderAnswer,
  type ProviderNotification,
  type ProviderPaymentState,
} from './types.ts';

export const PAYOS_BASE_URL = 'https://api-merchant.payos.vn';

/** payOS shows at most 25 characters of description (the bank transfer's content). */
export const PAYOS_DESCRIPTION_MAX = 25;

/** How long one call to payOS may take, in milliseconds (the SDK's own default is 60 s). */
const REQUEST_TIMEOUT_MS = 15_000;

export interface PayosConfig {
  clientId: string;
  apiKey: string;
  checksumKey: string;
  /** The API's origin; default PAYOS_BASE_URL (sandbox and live differ by keys, not by host). */
  baseUrl?: string;
}

export interface PayosDeps {
  fetch?: typeof fetch;
}

export interface PayosProvider extends PaymentProvider {
  readonly id: 'payos';
  /**
   * Cancels an unpaid payment link (`POST /v2/payment-requests/{id}/cancel`), e.g. when its order
   * is abandoned for another one, so the QR code stops accepting transfers. @throws ProviderRequestError
   */
  cancelPayment(ref: string | number, reason?: string): Promise<ProviderPaymentState>;
}

/**
 * payOS' link states (PaymentLinkStatus in the API reference): PAID is the full amount received;
 * PENDING waits for a transfer, PROCESSING is a transfer being matched and UNDERPAID a transfer
 * below the amount (the buyer may still send the rest): all three are still open.
 */
const STATES: Record<PaymentLinkStatus, ProviderPaymentState> = {
  PAID: 'paid',
  PENDING: 'pending',
  PROCESSING: 'pending',
  UNDERPAID: 'pending',
  CANCELLED: 'cancelled',
  EXPIRED: 'expired',
  FAILED: 'failed',
};

function stateOf(status: string): ProviderPaymentState {
  const state = STATES[status as PaymentLinkStatus];
  if (!state) throw new ProviderRequestError(`payOS answered an unknown status ${JSON.stringify(status)}`, false);
  return state;
}

/**
 * The description as a bank transfer carries it: payOS and the banks drop diacritics and
 * punctuation, so send plain letters, digits and spaces, cut to PAYOS_DESCRIPTION_MAX.
 */
export function payosDescription(text: string, code: number): string {
  const plain = plainText(text);
  return (plain || `Atelier ${code}`).slice(0, PAYOS_DESCRIPTION_MAX).trim();
}

/** The SDK's errors as ours: the network and payOS' 5xx/429 may pass, its refusals will not. */
function requestError(error: unknown, action: string): ProviderRequestError {
  if (error instanceof ConnectionError || error instanceof ConnectionTimeoutError || error instanceof UserAbortError) {
    return new ProviderRequestError(`payOS ${action}: ${error.message}`, true);
  }
  if (error instanceof APIError) {
    // payOS answers its refusals (a bad key: code 214, a bad signature: 201, …) with HTTP 200 and
    // the code in the body; the SDK throws those as APIError with status 200.
    const status = error.status ?? 0;
    return new ProviderRequestError(`payOS ${action}: ${error.message}`, status >= 500 || status === 429);
  }
  if (error instanceof InvalidSignatureError) return new ProviderRequestError(`payOS ${action}: the answer's signature does not verify`, false);
  if (error instanceof ProviderRequestError) return error;
  if (error instanceof SyntaxError) return new ProviderRequestError(`payOS ${action}: the answer is not JSON`, false);
  return new ProviderRequestError(`payOS ${action}: ${error instanceof Error ? error.message : String(error)}`, true);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isWholeNumber = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

export function createPayosProvider(config: PayosConfig, deps: PayosDeps = {}): PayosProvider {
  // Every option explicit: left undefined, the SDK would read PAYOS_* environment variables.
  const client = new PayOS({
    clientId: config.clientId,
    apiKey: config.apiKey,
    checksumKey: config.checksumKey,
    partnerCode: null,
    baseURL: config.baseUrl ?? PAYOS_BASE_URL,
    // Its debug log prints request bodies; ours logs what matters without payloads.
    logLevel: 'off',
    timeout: REQUEST_TIMEOUT_MS,
    // No silent retries: a second create of the same orderCode is refused (code 231), and the
    // billing service decides when to ask again.
    maxRetries: 0,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });

  async function cancelPayment(ref: string | number, reason?: string): Promise<ProviderPaymentState> {
    try {
      const link = typeof ref === 'number' ? await client.paymentRequests.cancel(ref, reason) : await client.paymentRequests.cancel(ref, reason);
      return stateOf(link.status);
    } catch (error) {
      throw requestError(error, 'cancel payment');
    }
  }

  return {
    id: 'payos',

    async createPayment(order, urls) {
      if (!Number.isSafeInteger(order.amountVnd) || order.amountVnd <= 0) throw new ProviderRequestError('payOS needs a positive whole amount of VND', false);
      try {
        const link = await client.paymentRequests.create({
          orderCode: order.code,
          amount: order.amountVnd,
          description: payosDescription(order.description, order.code),
          returnUrl: urls.returnUrl,
          cancelUrl: urls.cancelUrl,
          items: [{ name: order.description, quantity: 1, price: order.amountVnd }],
          ...(order.buyer.name ? { buyerName: order.buyer.name } : {}),
          ...(order.buyer.email ? { buyerEmail: order.buyer.email } : {}),
          // Unix time in seconds.
          expiredAt: Math.floor(order.expiresAt.getTime() / 1000),
        });
        if (typeof link.checkoutUrl !== 'string' || link.orderCode !== order.code)
          throw new ProviderRequestError('payOS answered a payment link for another order', false);
        return { checkoutUrl: link.checkoutUrl, providerRef: link.paymentLinkId };
      } catch (error) {
        throw requestError(error, 'create payment');
      }
    },

    async parseNotification(raw) {
      if (raw.method.toUpperCase() !== 'POST') throw new ProviderRequestError(`payOS webhooks are POSTs, not ${raw.method}`, false);
      let body: unknown;
      try {
        body = JSON.parse(raw.rawBody);
      } catch {
        throw new ProviderRequestError('the payOS webhook body is not JSON', false);
      }
      if (!isRecord(body) || !isRecord(body.data)) throw new ProviderRequestError('the payOS webhook has no data', false);
      const { data, signature } = body;
      if (typeof signature !== 'string' || signature === '') throw new ProviderSignatureError('the payOS webhook has no signature');
      const expected = await client.crypto.createSignatureFromObj(data, config.checksumKey);
      if (!expected || !sameHex(expected, signature)) throw new ProviderSignatureError();

      const { orderCode, amount, paymentLinkId, reference } = data;
      if (!isWholeNumber(orderCode) || orderCode === 0 || !isWholeNumber(amount) || typeof reference !== 'string' || typeof paymentLinkId !== 'string') {
        throw new ProviderRequestError('the payOS webhook data lacks orderCode, amount, reference or paymentLinkId', false);
      }
      // '00' is a transfer received (the only event payOS sends); any other code is not a payment.
      if (body.code !== '00' || data.code !== '00') return null;
      const notification: ProviderNotification = {
        // The bank transfer's reference, within the payment link: one per transfer.
        eventId: `${paymentLinkId}:${reference}:paid`,
        order: { code: orderCode },
        state: 'paid',
        amountVnd: amount,
        providerRef: paymentLinkId,
        renewal: null,
        subscriptionRef: null,
      };
      return notification;
    },

    /**
     * payOS retries a webhook until it gets a 2xx, and `POST /confirm-webhook` registers the URL
     * only if a signed test webhook (orderCode 123, not one of ours) is answered with a 2xx; the
     * documented success answer is `200 {"success": true}`
     * (https://payos.vn/docs/du-lieu-tra-ve/webhook/, "Response samples"). So an unknown order and
     * a wrong amount are acknowledged (a redelivery would not change them; the service records
     * the refusal), and only what we could not verify or read is refused with 400.
     */
    answer(outcome: NotificationOutcome): ProviderAnswer {
      switch (outcome) {
        case 'ok':
          return { status: 200, body: { success: true } };
        case 'bad-signature':
          return { status: 400, body: { success: false, error: 'invalid signature' } };
        case 'malformed':
          return { status: 400, body: { success: false, error: 'malformed webhook' } };
        case 'unknown-order':
          return { status: 200, body: { success: false, error: 'unknown order' } };
        case 'amount-mismatch':
          return { status: 200, body: { success: false, error: 'amount mismatch' } };
      }
    },

    async queryPayment(order) {
      let link;
      try {
        link = order.providerRef === null ? await client.paymentRequests.get(order.code) : await client.paymentRequests.get(order.providerRef);
      } catch (error) {
        throw requestError(error, 'query payment');
      }
      if (link.orderCode !== order.code) throw new ProviderRequestError('payOS answered a payment link for another order', false);
      const state = stateOf(link.status);
      return { state, amountVnd: state === 'paid' ? link.amountPaid : null, providerRef: link.id };
    },

    async voidPayment(order) {
      await cancelPayment(order.providerRef ?? order.code, 'Replaced by a newer order');
    },

    cancelPayment,
  };
}
