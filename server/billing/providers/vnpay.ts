/**
 * VNPay payment gateway, version 2.1.0 (https://sandbox.vnpayment.vn/apis/docs/thanh-toan-pay/pay.html),
 * with node:crypto (no SDK).
 *
 * - Checkout: a GET URL to the payment page carrying the `vnp_*` parameters sorted by name and
 *   form-encoded (spaces as `+`), plus `vnp_SecureHash` = HMAC-SHA512 (hex) with the hash secret
 *   over that same encoded query. `vnp_Amount` is VND × 100; `vnp_CreateDate` and
 *   `vnp_ExpireDate` are yyyyMMddHHmmss in GMT+7. VNPay has no cancel URL: a cancelled payment
 *   returns to `vnp_ReturnUrl` with `vnp_ResponseCode=24`. The IPN URL is set at VNPay (merchant
 *   portal), not per payment, so `urls.notifyUrl` is not sent.
 * - IPN: VNPay calls our URL with a GET whose query holds the result; the hash covers every
 *   `vnp_*` parameter but vnp_SecureHash and vnp_SecureHashType, sorted and encoded as above.
 * - querydr and refund: JSON POSTs to /merchant_webapi/api/transaction
 *   (https://sandbox.vnpayment.vn/apis/docs/truy-van-hoan-tien/querydr&refund.html), each signed
 *   with HMAC-SHA512 over its fields joined by `|` in the documented order; the answers are
 *   signed the same way.
 *
 * VNPay gives no id of its own before a payment, and querydr and refund must repeat the
 * payment's `vnp_CreateDate` (their `vnp_TransactionDate`), so `providerRef` is that date
 * (14 digits). Notifications carry `providerRef: null` so that it is not replaced; the refund
 * reads VNPay's transaction number with a querydr first.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { plainText, sameHex } from './text.ts';
import {
  ProviderRequestError,
  ProviderSignatureError,
  type NotificationOutcome,
  type PaymentProvider,
  type ProviderAnswer,
  type ProviderNotification,
  type ProviderPaymentState,
} from './types.ts';

export const VNPAY_VERSION = '2.1.0';
/** The sandbox: payment page and API on one host. */
export const VNPAY_SANDBOX_URL = 'https://sandbox.vnpayment.vn';
/** Production splits the payment page and the API over two hosts. */
export const VNPAY_PRODUCTION = {
  paymentUrl: 'https://pay.vnpay.vn/vpcpay.html',
  apiUrl: 'https://merchant.vnpay.vn/merchant_webapi/api/transaction',
} as const;
export const VNPAY_PAYMENT_PATH = '/paymentv2/vpcpay.html';
export const VNPAY_API_PATH = '/merchant_webapi/api/transaction';

/** vnp_OrderInfo: Alphanumeric[1,255], Vietnamese without diacritics or special characters. */
const ORDER_INFO_MAX = 255;
/** GMT+7 (Vietnam has no daylight saving), in milliseconds. */
const GMT7_OFFSET_MS = 7 * 60 * 60 * 1000;
/** How long one call to the API may take, in milliseconds. */
const REQUEST_TIMEOUT_MS = 15_000;

export interface VnpayConfig {
  /** vnp_TmnCode: the merchant's terminal code. */
  tmnCode: string;
  /** The hash secret (vnp_HashSecret). */
  hashSecret: string;
  /** Origin of both endpoints, as on the sandbox (default VNPAY_SANDBOX_URL). */
  baseUrl?: string;
  /** The payment page; default `${baseUrl}${VNPAY_PAYMENT_PATH}` (production: VNPAY_PRODUCTION). */
  paymentUrl?: string;
  /** The querydr/refund API; default `${baseUrl}${VNPAY_API_PATH}`. */
  apiUrl?: string;
  /** vnp_IpAddr of our querydr calls: the server's address (default 127.0.0.1). */
  serverIp?: string;
  /** vnp_CreateBy of refunds: who asked (default "atelier"). */
  refundBy?: string;
}

export interface VnpayDeps {
  fetch?: typeof fetch;
  now?: () => Date;
  /** vnp_RequestId of API calls (≤ 32 alphanumerics, unique in a day). */
  requestId?: () => string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** yyyyMMddHHmmss in GMT+7, as VNPay writes every date. */
export function vnpayDate(date: Date): string {
  const local = new Date(date.getTime() + GMT7_OFFSET_MS);
  return `${local.getUTCFullYear()}${pad(local.getUTCMonth() + 1)}${pad(local.getUTCDate())}${pad(local.getUTCHours())}${pad(local.getUTCMinutes())}${pad(local.getUTCSeconds())}`;
}

/** Vietnamese without diacritics, letters, digits and spaces only, as vnp_OrderInfo wants it. */
export function vnpayText(text: string, maxLength = ORDER_INFO_MAX): string {
  return plainText(text).slice(0, maxLength).trim();
}

/**
 * The signed form of parameters: sorted by name, form-encoded (spaces as `+`), joined by `&`,
 * empty values left out — as VNPay's Java sample (Config.hashAllFields with URLEncoder) builds
 * it; URLSearchParams encodes exactly like URLEncoder.
 */
export function vnpaySignedQuery(params: Record<string, string>): string {
  const sorted = Object.keys(params)
    .filter((key) => params[key] !== '')
    .toSorted()
    .map((key): [string, string] => [key, params[key]!]);
  return new URLSearchParams(sorted).toString();
}

export const vnpayHmac = (secret: string, data: string): string => createHmac('sha512', secret).update(data, 'utf8').digest('hex');

/** The fields both merchant_webapi answers (querydr, refund) hash first, in this order. */
const ANSWER_HASH_FIELDS = [
  'vnp_ResponseId',
  'vnp_Command',
  'vnp_ResponseCode',
  'vnp_Message',
  'vnp_TmnCode',
  'vnp_TxnRef',
  'vnp_Amount',
  'vnp_BankCode',
  'vnp_PayDate',
  'vnp_TransactionNo',
  'vnp_TransactionType',
  'vnp_TransactionStatus',
  'vnp_OrderInfo',
] as const;

/** The field orders of the merchant_webapi hashes (querydr & refund documentation). */
export const VNPAY_HASH_FIELDS = {
  querydrRequest: [
    'vnp_RequestId',
    'vnp_Version',
    'vnp_Command',
    'vnp_TmnCode',
    'vnp_TxnRef',
    'vnp_TransactionDate',
    'vnp_CreateDate',
    'vnp_IpAddr',
    'vnp_OrderInfo',
  ],
  // The refund's answer is the querydr's without the promotion's two fields.
  querydrResponse: [...ANSWER_HASH_FIELDS, 'vnp_PromotionCode', 'vnp_PromotionAmount'],
  refundRequest: [
    'vnp_RequestId',
    'vnp_Version',
    'vnp_Command',
    'vnp_TmnCode',
    'vnp_TransactionType',
    'vnp_TxnRef',
    'vnp_Amount',
    'vnp_TransactionNo',
    'vnp_TransactionDate',
    'vnp_CreateBy',
    'vnp_CreateDate',
    'vnp_IpAddr',
    'vnp_OrderInfo',
  ],
  refundResponse: ANSWER_HASH_FIELDS,
} as const;

/** The `|`-joined data of an API hash (an absent field counts as empty). */
export function vnpayPipeData(fields: readonly string[], values: Record<string, unknown>): string {
  return fields.map((field) => (values[field] === undefined || values[field] === null ? '' : String(values[field]))).join('|');
}

/**
 * A payment's state from its IPN (the "Bảng mã lỗi" of the PAY guide): vnp_ResponseCode and
 * vnp_TransactionStatus both `00` is paid; response 24 is the customer cancelling and 11 the
 * payment page timing out; transaction status 01 is not finished yet and 07 is money taken but
 * held for a fraud review (the merchant confirms it in VNPay's portal): both still pending. Any
 * other code (wrong OTP, no balance, bank down, …) is a failed attempt.
 */
export function vnpayIpnState(responseCode: string, transactionStatus: string): ProviderPaymentState {
  if (responseCode === '00' && transactionStatus === '00') return 'paid';
  if (responseCode === '24') return 'cancelled';
  if (responseCode === '11') return 'expired';
  if (transactionStatus === '01' || transactionStatus === '07') return 'pending';
  return 'failed';
}

/**
 * A payment's state from querydr's vnp_TransactionStatus: 00 paid, 01 not finished, 07 held for
 * a fraud review; 02 (error, which includes a cancelled payment: querydr does not tell them
 * apart) and 04 (reversed) failed.
 */
function querydrState(transactionStatus: string): ProviderPaymentState {
  if (transactionStatus === '00') return 'paid';
  if (transactionStatus === '01' || transactionStatus === '07') return 'pending';
  return 'failed';
}

const DIGITS = /^\d+$/;
const CREATE_DATE = /^\d{14}$/;

/** VND from VNPay's vnp_Amount (VND × 100); null when it is not a whole number of đồng. */
function amountOf(value: unknown): number | null {
  const text = String(value ?? '');
  if (!DIGITS.test(text)) return null;
  const hundredths = Number(text);
  return Number.isSafeInteger(hundredths) && hundredths % 100 === 0 ? hundredths / 100 : null;
}

/** An IPv4 address as VNPay expects it (Node writes IPv4 clients as ::ffff:a.b.c.d). */
const plainIp = (ip: string) => ip.replace(/^::ffff:/i, '');

export function createVnpayProvider(config: VnpayConfig, deps: VnpayDeps = {}): PaymentProvider & { readonly id: 'vnpay' } {
  const base = (config.baseUrl ?? VNPAY_SANDBOX_URL).replace(/\/+$/, '');
  const paymentUrl = config.paymentUrl ?? `${base}${VNPAY_PAYMENT_PATH}`;
  const apiUrl = config.apiUrl ?? `${base}${VNPAY_API_PATH}`;
  const doFetch = deps.fetch ?? fetch;
  const now = deps.now ?? (() => new Date());
  const requestId = deps.requestId ?? (() => randomUUID().replaceAll('-', ''));
  const sign = (data: string) => vnpayHmac(config.hashSecret, data);

  /** One merchant_webapi call: the request signed, the answer's hash checked. */
  async function callApi(
    fields: readonly string[],
    request: Record<string, string>,
    responseFields: readonly string[],
    action: string,
  ): Promise<Record<string, unknown>> {
    const body = { ...request, vnp_SecureHash: sign(vnpayPipeData(fields, request)) };
    let response: Response;
    try {
      response = await doFetch(apiUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProviderRequestError(`VNPay ${action}: ${error instanceof Error ? error.message : String(error)}`, true);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ProviderRequestError(`VNPay ${action}: HTTP ${response.status}`, response.status >= 500 || response.status === 429);
    }
    let answer: unknown;
    try {
      answer = await response.json();
    } catch {
      throw new ProviderRequestError(`VNPay ${action}: the answer is not JSON`, false);
    }
    if (typeof answer !== 'object' || answer === null) throw new ProviderRequestError(`VNPay ${action}: the answer is not an object`, false);
    const values = answer as Record<string, unknown>;
    const hash = values.vnp_SecureHash;
    const code = String(values.vnp_ResponseCode ?? '');
    // Error answers (97 bad checksum, 99, …) may come unsigned; a result must be signed.
    if (typeof hash === 'string' && hash !== '') {
      if (!sameHex(sign(vnpayPipeData(responseFields, values)), hash))
        throw new ProviderRequestError(`VNPay ${action}: the answer's signature does not verify`, false);
    } else if (code === '00') {
      throw new ProviderRequestError(`VNPay ${action}: the answer is not signed`, false);
    }
    if (values.vnp_TmnCode !== undefined && values.vnp_TmnCode !== config.tmnCode)
      throw new ProviderRequestError(`VNPay ${action}: the answer is for another merchant`, false);
    return values;
  }

  /** querydr for an order; null when VNPay has no such transaction (response code 91). */
  async function querydr(code: number, createDate: string): Promise<Record<string, unknown> | null> {
    const request = {
      vnp_RequestId: requestId(),
      vnp_Version: VNPAY_VERSION,
      vnp_Command: 'querydr',
      vnp_TmnCode: config.tmnCode,
      vnp_TxnRef: String(code),
      vnp_OrderInfo: `Truy van don hang ${code}`,
      vnp_TransactionDate: createDate,
      vnp_CreateDate: vnpayDate(now()),
      vnp_IpAddr: config.serverIp ?? '127.0.0.1',
    };
    const answer = await callApi(VNPAY_HASH_FIELDS.querydrRequest, request, VNPAY_HASH_FIELDS.querydrResponse, 'querydr');
    const responseCode = String(answer.vnp_ResponseCode ?? '');
    if (responseCode === '91') return null;
    // 94: the same request again too soon; 99: VNPay's own error. Both may pass on a retry.
    if (responseCode !== '00') throw new ProviderRequestError(`VNPay querydr: response code ${responseCode}`, responseCode === '94' || responseCode === '99');
    if (String(answer.vnp_TxnRef) !== String(code)) throw new ProviderRequestError('VNPay querydr: the answer is for another order', false);
    return answer;
  }

  return {
    id: 'vnpay',

    async createPayment(order, urls) {
      if (!Number.isSafeInteger(order.amountVnd) || order.amountVnd <= 0) throw new ProviderRequestError('VNPay needs a positive whole amount of VND', false);
      const createDate = vnpayDate(now());
      const params: Record<string, string> = {
        vnp_Version: VNPAY_VERSION,
        vnp_Command: 'pay',
        vnp_TmnCode: config.tmnCode,
        vnp_Amount: String(order.amountVnd * 100),
        vnp_CurrCode: 'VND',
        vnp_TxnRef: String(order.code),
        vnp_OrderInfo: vnpayText(order.description) || `Thanh toan don hang ${order.code}`,
        vnp_OrderType: 'other',
        vnp_Locale: order.language === 'vi' ? 'vn' : 'en',
        vnp_ReturnUrl: urls.returnUrl,
        vnp_IpAddr: plainIp(order.clientIp),
        vnp_CreateDate: createDate,
        vnp_ExpireDate: vnpayDate(order.expiresAt),
      };
      const query = vnpaySignedQuery(params);
      return { checkoutUrl: `${paymentUrl}?${query}&vnp_SecureHash=${sign(query)}`, providerRef: createDate };
    },

    async parseNotification(raw) {
      if (raw.method.toUpperCase() !== 'GET') throw new ProviderRequestError(`VNPay's IPN is a GET, not ${raw.method}`, false);
      const params: Record<string, string> = {};
      for (const [key, value] of raw.query) {
        if (!key.startsWith('vnp_') || key === 'vnp_SecureHashType') continue;
        if (key in params) throw new ProviderRequestError(`the VNPay IPN repeats ${key}`, false);
        params[key] = value;
      }
      const received = params.vnp_SecureHash;
      delete params.vnp_SecureHash;
      if (Object.keys(params).length === 0) throw new ProviderRequestError('the VNPay IPN has no vnp_ parameters', false);
      if (!received) throw new ProviderSignatureError('the VNPay IPN has no vnp_SecureHash');
      if (!sameHex(sign(vnpaySignedQuery(params)), received)) throw new ProviderSignatureError();

      const {
        vnp_TxnRef: txnRef = '',
        vnp_ResponseCode: responseCode,
        vnp_TransactionStatus: transactionStatus,
        vnp_TransactionNo: transactionNo = '0',
      } = params;
      const amountVnd = amountOf(params.vnp_Amount);
      const code = Number(txnRef);
      if (
        !DIGITS.test(txnRef) ||
        !Number.isSafeInteger(code) ||
        code <= 0 ||
        amountVnd === null ||
        responseCode === undefined ||
        transactionStatus === undefined
      ) {
        throw new ProviderRequestError('the VNPay IPN lacks vnp_TxnRef, vnp_Amount, vnp_ResponseCode or vnp_TransactionStatus', false);
      }
      if (params.vnp_TmnCode !== config.tmnCode) throw new ProviderRequestError('the VNPay IPN is for another merchant', false);
      const state = vnpayIpnState(responseCode, transactionStatus);
      const notification: ProviderNotification = {
        // vnp_TransactionNo is 0 for attempts VNPay did not process (a cancel): the order code keeps it unique.
        eventId: `${txnRef}:${transactionNo}:${state}`,
        order: { code },
        state,
        amountVnd,
        providerRef: null,
        renewal: null,
        subscriptionRef: null,
      };
      return notification;
    },

    /**
     * The IPN answer VNPay reads (PAY guide, "Code IPN URL"): JSON `{RspCode, Message}`, 00
     * confirmed, 01 order not found, 04 invalid amount, 97 invalid signature, 99 other error.
     * VNPay retries the IPN until it reads 00 or 02 ("already confirmed"); a replay we applied
     * before is a success and answers 00. House rule: what we could not verify or read is
     * answered with HTTP 400, the rest with 200.
     */
    answer(outcome: NotificationOutcome): ProviderAnswer {
      switch (outcome) {
        case 'ok':
          return { status: 200, body: { RspCode: '00', Message: 'Confirm Success' } };
        case 'bad-signature':
          return { status: 400, body: { RspCode: '97', Message: 'Invalid signature' } };
        case 'malformed':
          return { status: 400, body: { RspCode: '99', Message: 'Invalid request' } };
        case 'unknown-order':
          return { status: 200, body: { RspCode: '01', Message: 'Order not found' } };
        case 'amount-mismatch':
          return { status: 200, body: { RspCode: '04', Message: 'Invalid amount' } };
      }
    },

    async queryPayment(order) {
      const createDate = order.providerRef !== null && CREATE_DATE.test(order.providerRef) ? order.providerRef : vnpayDate(order.createdAt);
      const answer = await querydr(order.code, createDate);
      // 91: VNPay has no transaction yet (the customer has not got past the payment page).
      if (answer === null) return { state: 'pending', amountVnd: null, providerRef: createDate };
      const state = querydrState(String(answer.vnp_TransactionStatus ?? ''));
      return { state, amountVnd: amountOf(answer.vnp_Amount), providerRef: createDate };
    },

    async refund(order, reason) {
      if (order.providerRef === null || !CREATE_DATE.test(order.providerRef)) {
        throw new ProviderRequestError("a VNPay refund needs the payment's vnp_CreateDate (the providerRef createPayment returned)", false);
      }
      const paid = await querydr(order.code, order.providerRef);
      if (paid === null || String(paid.vnp_TransactionStatus) !== '00')
        throw new ProviderRequestError('VNPay has no paid transaction for this order to refund', false);
      const request = {
        vnp_RequestId: requestId(),
        vnp_Version: VNPAY_VERSION,
        vnp_Command: 'refund',
        vnp_TmnCode: config.tmnCode,
        // 02: a full refund (03 would be partial).
        vnp_TransactionType: '02',
        vnp_TxnRef: String(order.code),
        vnp_Amount: String(order.amountVnd * 100),
        vnp_TransactionNo: String(paid.vnp_TransactionNo ?? ''),
        vnp_TransactionDate: order.providerRef,
        vnp_CreateBy: config.refundBy ?? 'atelier',
        vnp_CreateDate: vnpayDate(now()),
        vnp_IpAddr: plainIp(order.clientIp),
        vnp_OrderInfo: vnpayText(reason) || `Hoan tien don hang ${order.code}`,
      };
      const answer = await callApi(VNPAY_HASH_FIELDS.refundRequest, request, VNPAY_HASH_FIELDS.refundResponse, 'refund');
      const responseCode = String(answer.vnp_ResponseCode ?? '');
      // 94: this refund was already asked for and VNPay is processing it (a retry of ours).
      if (responseCode === '00' || responseCode === '94') return;
      throw new ProviderRequestError(`VNPay refund: response code ${responseCode}`, responseCode === '99');
    },
  };
}
