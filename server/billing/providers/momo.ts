/**
 * The MoMo wallet (MoMo's "All-In-One" payment gateway, API v2), spoken with fetch and
 * node:crypto, no SDK:
 *
 * - checkout: `POST /v2/gateway/api/create` with `requestType: captureWallet` answers a `payUrl`
 *   (developers.momo.vn/v3/docs/payment/api/wallet/onetime);
 * - result: MoMo POSTs a signed JSON IPN to `ipnUrl` and expects `204 No Content` within 15 s
 *   (developers.momo.vn/v3/docs/payment/api/result-handling/notification);
 * - `POST /v2/gateway/api/query` tells an order's state (…/payment/api/payment-api/query);
 * - `POST /v2/gateway/api/refund` refunds a paid transaction (…/payment/api/payment-api/refund).
 *
 * Every request and the IPN carry `signature`: HMAC-SHA256 in lowercase hex, keyed with the
 * secret key, over `key=value` pairs joined with `&`, keys in the alphabetical order MoMo lists
 * per message (the values raw, not URL-encoded; `accessKey` is ours, never in the IPN body).
 *
 * MoMo's `orderId` is our order code as text; its `amount` is VND.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  type CreatedPayment,
  type NotificationOutcome,
  type PaymentProvider,
  type ProviderAnswer,
  type ProviderNotification,
  type ProviderOrder,
  type ProviderPaymentState,
  ProviderRequestError,
  ProviderSignatureError,
  type ProviderUrls,
  type RawNotification,
} from './types.ts';

export const MOMO_PRODUCTION_URL = 'https://payment.momo.vn';
export const MOMO_SANDBOX_URL = 'https://test-payment.momo.vn';

export interface MomoConfig {
  partnerCode: string;
  accessKey: string;
  secretKey: string;
  /** MoMo's API origin: MOMO_PRODUCTION_URL (default) or MOMO_SANDBOX_URL (test keys), or a fake's. */
  baseUrl?: string;
}

export interface MomoDeps {
  fetch?: typeof fetch;
  now?: () => Date;
}

/** MoMo asks callers to wait at least 30 s for an answer (the create and query pages), in ms. */
const REQUEST_TIMEOUT_MS = 30_000;
/** captureWallet takes 1,000 to 50,000,000 VND (the onetime page, `amount`). */
const MIN_AMOUNT_VND = 1_000;
const MAX_AMOUNT_VND = 50_000_000;
/** `orderInfo` is String(255) on the onetime page, in characters. */
const ORDER_INFO_MAX = 255;
/** A refund's `description`; MoMo gives no limit on the refund page, the order info's is kept, in characters. */
const REFUND_DESCRIPTION_MAX = 255;

/**
 * Result codes (developers.momo.vn/v3/docs/payment/api/result-handling/resultcode) as a payment
 * state: 0 success, 9000 authorised (with autoCapture on, the default we keep, that is a payment);
 * 1000 created and waiting for the payer, 7000/7002 being processed, 8000 waiting for the payer to
 * confirm again; 1005 the payment URL or QR code expired; 1006 the payer declined to confirm.
 * Every other transaction code (1001 insufficient balance, 1002 refused by the issuer, 1003
 * cancelled after authorisation, 1004 over the limit, 1007 inactive account, 1017 cancelled by the
 * merchant, 1026 promotion rules, 4001/4002/4100 account checks, …) is a failed payment.
 */
const PAID_CODES = new Set([0, 9000]);
const PENDING_CODES = new Set([1000, 7000, 7002, 8000]);
const EXPIRED_CODES = new Set([1005]);
const CANCELLED_CODES = new Set([1006]);
/**
 * Codes about the request rather than the payment (10 maintenance, 11 access denied, 12 API
 * version, 13 merchant authentication, 20 bad format, 21/22 amount, 40/41 duplicate ids, 42
 * unknown orderId, 43 a similar transaction in progress, 45 duplicate item, 47 inapplicable data,
 * 98 QR generation, 99 unknown error): a query or refund answered with one of them says nothing
 * about the payment. 10, 43 and 99 are worth retrying.
 */
const REQUEST_ERROR_CODES = new Set([10, 11, 12, 13, 20, 21, 22, 40, 41, 42, 43, 45, 47, 98, 99]);
const RETRYABLE_CODES = new Set([10, 43, 99]);

export function momoState(resultCode: number): ProviderPaymentState {
  if (PAID_CODES.has(resultCode)) return 'paid';
  if (PENDING_CODES.has(resultCode)) return 'pending';
  if (EXPIRED_CODES.has(resultCode)) return 'expired';
  if (CANCELLED_CODES.has(resultCode)) return 'cancelled';
  return 'failed';
}

/** The raw string MoMo signs: `k1=v1&k2=v2…` in the given order, values as they are. */
const rawSignature = (pairs: ReadonlyArray<readonly [string, string | number]>): string => pairs.map(([key, value]) => `${key}=${value}`).join('&');

/** The IPN's signed fields after `accessKey`, in MoMo's order (the notification page). */
const IPN_FIELDS = [
  'amount',
  'extraData',
  'message',
  'orderId',
  'orderInfo',
  'orderType',
  'partnerCode',
  'payType',
  'requestId',
  'responseTime',
  'resultCode',
  'transId',
] as const;

/** Text MoMo shows: no control characters, at most `max` characters (whole code points). */
function cleanText(text: string, max: number): string {
  const printable = text
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [...printable].slice(0, max).join('');
}

const asInteger = (value: unknown): number | null => {
  const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) ? number : null;
};

function requestError(path: string, answer: Record<string, unknown>): ProviderRequestError {
  const code = asInteger(answer.resultCode) ?? -1;
  return new ProviderRequestError(`MoMo ${path} refused: resultCode ${code} (${String(answer.message ?? '')})`, RETRYABLE_CODES.has(code));
}

export function createMomoProvider(config: MomoConfig, deps: MomoDeps = {}): PaymentProvider {
  const baseUrl = (config.baseUrl ?? MOMO_PRODUCTION_URL).replace(/\/+$/, '');
  const fetchImpl = deps.fetch ?? fetch;
  const now = deps.now ?? (() => new Date());

  const sign = (pairs: ReadonlyArray<readonly [string, string | number]>): string =>
    createHmac('sha256', config.secretKey)
      .update(rawSignature([['accessKey', config.accessKey], ...pairs]), 'utf8')
      .digest('hex');

  /** POSTs a signed JSON request and returns MoMo's JSON answer (MoMo answers errors with a JSON body too). */
  async function call(path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetchImpl(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json; charset=UTF-8', Accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProviderRequestError(`MoMo ${path} did not answer: ${(error as Error).message}`, true);
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ProviderRequestError(`MoMo ${path} answered HTTP ${response.status} without JSON`, response.status >= 500);
    }
    if (typeof json !== 'object' || json === null || asInteger((json as { resultCode?: unknown }).resultCode) === null) {
      throw new ProviderRequestError(`MoMo ${path} answered HTTP ${response.status} without a resultCode`, response.status >= 500);
    }
    return json as Record<string, unknown>;
  }

  async function query(code: number): Promise<Record<string, unknown>> {
    const requestId = randomUUID();
    const orderId = String(code);
    // Query signature: accessKey, orderId, partnerCode, requestId (the query page).
    const signature = sign([
      ['orderId', orderId],
      ['partnerCode', config.partnerCode],
      ['requestId', requestId],
    ]);
    const answer = await call('/v2/gateway/api/query', { partnerCode: config.partnerCode, requestId, orderId, lang: 'vi', signature });
    const resultCode = asInteger(answer.resultCode)!;
    if (REQUEST_ERROR_CODES.has(resultCode)) throw requestError('/v2/gateway/api/query', answer);
    if (answer.orderId !== orderId) throw new ProviderRequestError(`MoMo answered the query of order ${orderId} about another order`, false);
    return answer;
  }

  return {
    id: 'momo',

    async createPayment(order: ProviderOrder, urls: ProviderUrls): Promise<CreatedPayment> {
      if (!Number.isSafeInteger(order.amountVnd) || order.amountVnd < MIN_AMOUNT_VND || order.amountVnd > MAX_AMOUNT_VND) {
        throw new ProviderRequestError(`MoMo takes ${MIN_AMOUNT_VND}–${MAX_AMOUNT_VND} VND, not ${order.amountVnd}`, false);
      }
      const requestId = randomUUID();
      const orderId = String(order.code);
      const orderInfo = cleanText(order.description, ORDER_INFO_MAX) || orderId;
      const extraData = '';
      const requestType = 'captureWallet';
      // Create signature: accessKey, amount, extraData, ipnUrl, orderId, orderInfo, partnerCode,
      // redirectUrl, requestId, requestType (the onetime page, `signature`).
      const signature = sign([
        ['amount', order.amountVnd],
        ['extraData', extraData],
        ['ipnUrl', urls.notifyUrl],
        ['orderId', orderId],
        ['orderInfo', orderInfo],
        ['partnerCode', config.partnerCode],
        ['redirectUrl', urls.returnUrl],
        ['requestId', requestId],
        ['requestType', requestType],
      ]);
      // MoMo sends the payer back to redirectUrl whatever the result (there is no separate cancel
      // URL); our success page asks the server, which asks MoMo, so a cancel shows as one.
      const answer = await call('/v2/gateway/api/create', {
        partnerCode: config.partnerCode,
        requestType,
        ipnUrl: urls.notifyUrl,
        redirectUrl: urls.returnUrl,
        orderId,
        amount: order.amountVnd,
        orderInfo,
        requestId,
        extraData,
        lang: order.language,
        // Minutes the payment link stays open: until the order expires, at least one.
        orderExpireTime: Math.max(1, Math.ceil((order.expiresAt.getTime() - now().getTime()) / 60_000)),
        userInfo: { name: order.buyer.name, email: order.buyer.email },
        signature,
      });
      if (asInteger(answer.resultCode) !== 0) throw requestError('/v2/gateway/api/create', answer);
      if (typeof answer.payUrl !== 'string' || !answer.payUrl) throw new ProviderRequestError('MoMo created the payment without a payUrl', true);
      // MoMo names the transaction (transId) only once it is paid: the IPN and the query carry it.
      return { checkoutUrl: answer.payUrl, providerRef: null };
    },

    async parseNotification(raw: RawNotification): Promise<ProviderNotification | null> {
      if (raw.method.toUpperCase() !== 'POST') throw new ProviderRequestError(`MoMo's IPN is a POST, not a ${raw.method}`, false);
      let body: unknown;
      try {
        body = JSON.parse(raw.rawBody);
      } catch {
        throw new ProviderRequestError('the MoMo IPN is not JSON', false);
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ProviderRequestError('the MoMo IPN is not a JSON object', false);
      const fields = body as Record<string, unknown>;
      const given = fields.signature;
      if (typeof given !== 'string' || given.length === 0) throw new ProviderSignatureError('the MoMo IPN carries no signature');
      const value = (key: string): string | number => {
        const field = fields[key];
        return typeof field === 'string' || typeof field === 'number' ? field : '';
      };
      const expected = Buffer.from(sign(IPN_FIELDS.map((key) => [key, value(key)] as const)), 'utf8');
      const received = Buffer.from(given.toLowerCase(), 'utf8');
      if (expected.length !== received.length || !timingSafeEqual(expected, received)) throw new ProviderSignatureError();

      if (fields.partnerCode !== config.partnerCode) throw new ProviderRequestError('the MoMo IPN is for another partner code', false);
      const code = typeof fields.orderId === 'string' && /^[1-9]\d{0,15}$/.test(fields.orderId) ? Number(fields.orderId) : null;
      const amount = asInteger(fields.amount);
      const resultCode = asInteger(fields.resultCode);
      const transId = asInteger(fields.transId);
      if (code === null || !Number.isSafeInteger(code) || amount === null || resultCode === null) {
        throw new ProviderRequestError('the MoMo IPN lacks an order code, an amount or a result code', false);
      }
      const state = momoState(resultCode);
      const reference = transId !== null && transId > 0 ? String(transId) : null;
      return {
        // MoMo has no event id: its transaction id (or the order when none is given yet) and the state.
        eventId: `${code}:${reference ?? '-'}:${state}`,
        order: { code },
        state,
        amountVnd: amount,
        providerRef: reference,
        renewal: null,
        subscriptionRef: null,
      };
    },

    /**
     * The notification page: "respond with HTTP code 204 (No Content) … within 15 seconds". For a
     * refusal MoMo leaves the body to the partner ("refer to the error code of MoMo to return"): a
     * 400 with MoMo's own code for the fault, 13 (authentication: the signature), 42 (unknown
     * orderId), 21 (invalid amount), 20 (bad format).
     */
    answer(outcome: NotificationOutcome): ProviderAnswer {
      switch (outcome) {
        case 'ok':
          return { status: 204, body: null };
        case 'bad-signature':
          return { status: 400, body: { resultCode: 13, message: 'Invalid signature' } };
        case 'unknown-order':
          return { status: 400, body: { resultCode: 42, message: 'Order not found' } };
        case 'amount-mismatch':
          return { status: 400, body: { resultCode: 21, message: 'Invalid amount' } };
        case 'malformed':
          return { status: 400, body: { resultCode: 20, message: 'Bad format request' } };
      }
    },

    async queryPayment(order) {
      const answer = await query(order.code);
      const resultCode = asInteger(answer.resultCode)!;
      const transId = asInteger(answer.transId);
      return {
        state: momoState(resultCode),
        amountVnd: asInteger(answer.amount),
        providerRef: transId !== null && transId > 0 ? String(transId) : order.providerRef,
      };
    },

    async refund(order, reason) {
      let transId = order.providerRef !== null ? asInteger(order.providerRef) : null;
      if (transId === null) {
        // The payment's transaction id, from MoMo, when the IPN that carried it was not kept.
        const answer = await query(order.code);
        if (momoState(asInteger(answer.resultCode)!) !== 'paid')
          throw new ProviderRequestError(`MoMo order ${order.code} is not paid: nothing to refund`, false);
        transId = asInteger(answer.transId);
        if (transId === null) throw new ProviderRequestError(`MoMo named no transaction for order ${order.code}`, false);
      }
      const requestId = randomUUID();
      // A refund is a transaction of its own with an orderId other than the payment's (the refund
      // page). A new one per attempt: MoMo itself refuses to refund more than was paid (1081).
      const orderId = `${order.code}-refund-${now().getTime()}`;
      const description = cleanText(reason, REFUND_DESCRIPTION_MAX);
      // Refund signature: accessKey, amount, description, orderId, partnerCode, requestId, transId.
      const signature = sign([
        ['amount', order.amountVnd],
        ['description', description],
        ['orderId', orderId],
        ['partnerCode', config.partnerCode],
        ['requestId', requestId],
        ['transId', transId],
      ]);
      const answer = await call('/v2/gateway/api/refund', {
        partnerCode: config.partnerCode,
        orderId,
        requestId,
        amount: order.amountVnd,
        transId,
        lang: 'vi',
        description,
        signature,
      });
      const resultCode = asInteger(answer.resultCode)!;
      // 0 refunded; 7000/7002 accepted and being processed (MoMo finishes it on its side).
      if (resultCode !== 0 && resultCode !== 7000 && resultCode !== 7002) throw requestError('/v2/gateway/api/refund', answer);
    },
  };
}
