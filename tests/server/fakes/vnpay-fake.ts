/**
 * A local fake of the VNPay gateway 2.1.0 on 127.0.0.1, speaking what
 * server/billing/providers/vnpay.ts uses:
 *
 * - `GET /paymentv2/vpcpay.html?vnp_…&vnp_SecureHash=…`, the payment page: checks the terminal
 *   code, the HMAC-SHA512 of the sorted, form-encoded parameters and the required fields, then
 *   records a transaction (status 01, not finished) and answers a page. Like VNPay it redirects
 *   a bad request to `/paymentv2/Payment/Error.html?code=…` (70: wrong signature, 03: invalid
 *   data, 02: unknown terminal, 01: transaction already exists).
 * - `POST /merchant_webapi/api/transaction`, `querydr` and `refund`: JSON checked against the
 *   `|`-joined HMAC-SHA512 of the documented fields and answered signed the same way, with
 *   VNPay's response codes (00, 02, 03, 91 not found, 94 duplicate request, 95, 97 bad checksum).
 *
 * Test controls end a transaction as the customer would (pay, cancel, fail, expire) and build
 * the IPN VNPay sends for it: a GET to the merchant's IPN URL whose query holds the result. The
 * hashing here is written independently of the adapter, with Java's URLEncoder rules (VNPay's
 * reference sample): letters, digits and `.-*_` kept, space as `+`, the rest %XX of the UTF-8.
 */
import { createHmac, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RawNotification } from '../../../server/billing/providers/types.ts';

/** The terminal the fake accepts. */
export const FAKE_VNPAY_KEYS = { tmnCode: 'FAKETMN1', hashSecret: 'FAKEVNPAYHASHSECRET0123456789ABCD' } as const;

export interface FakeVnpayRefund {
  requestId: string;
  transactionType: string;
  amount: number;
  createBy: string;
  orderInfo: string;
  transactionNo: string;
}

export interface FakeVnpayTransaction {
  txnRef: string;
  /** VND × 100, as sent. */
  amount: number;
  orderInfo: string;
  locale: string;
  returnUrl: string;
  ipAddr: string;
  /** yyyyMMddHHmmss GMT+7, as sent: querydr and refund must repeat it. */
  createDate: string;
  expireDate: string;
  /** Every parameter of the payment URL as received. */
  params: Record<string, string>;
  /** VNPay's number, '0' until it processes a payment. */
  transactionNo: string;
  responseCode: string | null;
  /** 01 not finished, 00 paid, 02 failed. */
  transactionStatus: string;
  bankCode: string;
  payDate: string | null;
  refunds: FakeVnpayRefund[];
}

/** A notification as VNPay would send it, to hand to the webhook route or to an adapter. */
export interface FakeNotification {
  method: 'GET';
  /** The IPN's query string (without `?`). */
  query: string;
  headers: Record<string, string>;
  body: string;
}

export interface FakeVnpayApiCall {
  command: string;
  json: Record<string, unknown>;
  /** The response code answered. */
  responseCode: string;
}

export interface VnpayNotificationOptions {
  /** `wrong-key`: hashed with another secret; `missing`: no vnp_SecureHash. */
  signature?: 'valid' | 'wrong-key' | 'missing';
  /** Parameters changed (or added) after hashing: a tampered IPN. */
  tamper?: Record<string, string>;
  /** vnp_Amount (VND × 100) hashed into the IPN, instead of the transaction's. */
  amount?: number;
}

export interface FakeVnpay {
  url: string;
  /** The payment page, for VnpayConfig.paymentUrl. */
  paymentUrl: string;
  /** The merchant API, for VnpayConfig.apiUrl. */
  apiUrl: string;
  /** Transactions by vnp_TxnRef. */
  transactions: Map<string, FakeVnpayTransaction>;
  /** Every payment-page visit: the error code it was redirected with, or null when accepted. */
  pageVisits: Array<{ params: Record<string, string>; error: string | null }>;
  /** Every merchant API call. */
  apiCalls: FakeVnpayApiCall[];
  /** A transaction by order code (throws when there is none: open the checkout URL first). */
  transaction(code: number | string): FakeVnpayTransaction;
  /** The customer pays: status 00; returns the IPN. */
  pay(code: number | string, options?: { bankCode?: string }): FakeNotification;
  /** The customer cancels on the payment page: response 24, status 02; returns the IPN. */
  cancel(code: number | string): FakeNotification;
  /** The payment fails at the bank (default 51: not enough balance), status 02; returns the IPN. */
  fail(code: number | string, responseCode?: string): FakeNotification;
  /** The payment page times out: response 11, status 02; returns the IPN. */
  expire(code: number | string): FakeNotification;
  /** The IPN for the transaction's current state, without changing it (replays, tampering). */
  notificationFor(code: number | string, options?: VnpayNotificationOptions): FakeNotification;
  /** Where VNPay sends the browser back after the page: vnp_ReturnUrl with the same signed query. */
  returnUrlFor(code: number | string): string;
  /** Calls `url` (the IPN URL) with the notification; the receiver's answer. */
  deliver(notification: FakeNotification, url: string): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

/** Java's URLEncoder.encode(value, UTF-8). */
export function javaUrlEncode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    if (/[A-Za-z0-9.\-*_]/.test(char)) out += char;
    else if (char === ' ') out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** VNPay's hash data of a query: non-empty `vnp_*` fields sorted by name, encoded, `k=v&…`. */
export function vnpayHashData(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((key) => key.startsWith('vnp_') && key !== 'vnp_SecureHash' && key !== 'vnp_SecureHashType' && params[key] !== '')
    .toSorted()
    .map((key) => `${javaUrlEncode(key)}=${javaUrlEncode(params[key]!)}`)
    .join('&');
}

export const hmacSha512 = (secret: string, data: string): string => createHmac('sha512', secret).update(data, 'utf8').digest('hex');

/** What the webhook route gives an adapter for this notification. */
export function toRawNotification(notification: FakeNotification): RawNotification {
  return {
    method: notification.method,
    rawBody: notification.body,
    headers: new Headers(notification.headers),
    query: new URLSearchParams(notification.query),
  };
}

/** yyyyMMddHHmmss in GMT+7 (7 h in milliseconds). */
function gmt7(date: Date): string {
  return new Date(date.getTime() + 7 * 60 * 60 * 1000).toISOString().slice(0, 19).replace(/\D/g, '');
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = { 'Content-Type': 'application/json' }): void {
  const bytes = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  response.writeHead(status, { ...headers, 'Content-Length': bytes.length });
  response.end(bytes);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const pipe = (fields: readonly string[], values: Record<string, unknown>) =>
  fields.map((field) => (values[field] === undefined || values[field] === null ? '' : String(values[field]))).join('|');

const QUERYDR_REQUEST = [
  'vnp_RequestId',
  'vnp_Version',
  'vnp_Command',
  'vnp_TmnCode',
  'vnp_TxnRef',
  'vnp_TransactionDate',
  'vnp_CreateDate',
  'vnp_IpAddr',
  'vnp_OrderInfo',
];
const QUERYDR_RESPONSE = [
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
  'vnp_PromotionCode',
  'vnp_PromotionAmount',
];
const REFUND_REQUEST = [
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
];
const REFUND_RESPONSE = QUERYDR_RESPONSE.slice(0, 13);

const REQUIRED_PAY_FIELDS = [
  'vnp_Version',
  'vnp_Command',
  'vnp_TmnCode',
  'vnp_Amount',
  'vnp_CreateDate',
  'vnp_CurrCode',
  'vnp_IpAddr',
  'vnp_Locale',
  'vnp_OrderInfo',
  'vnp_OrderType',
  'vnp_ReturnUrl',
  'vnp_TxnRef',
  'vnp_ExpireDate',
];

/** The IPN parameters VNPay sends for a transaction in its current state. */
function ipnParams(txn: FakeVnpayTransaction): Record<string, string> {
  const paid = txn.transactionStatus === '00';
  return {
    vnp_Amount: String(txn.amount),
    vnp_BankCode: txn.bankCode,
    ...(paid ? { vnp_BankTranNo: `VNP${txn.transactionNo}`, vnp_CardType: 'ATM' } : { vnp_CardType: 'QRCODE' }),
    vnp_OrderInfo: txn.orderInfo,
    vnp_PayDate: txn.payDate ?? gmt7(new Date()),
    vnp_ResponseCode: txn.responseCode ?? '99',
    vnp_TmnCode: FAKE_VNPAY_KEYS.tmnCode,
    vnp_TransactionNo: txn.transactionNo,
    vnp_TransactionStatus: txn.transactionStatus,
    vnp_TxnRef: txn.txnRef,
  };
}

function signedQuery(params: Record<string, string>, options: VnpayNotificationOptions = {}): string {
  const mode = options.signature ?? 'valid';
  const hash = hmacSha512(mode === 'wrong-key' ? 'ANOTHERHASHSECRET' : FAKE_VNPAY_KEYS.hashSecret, vnpayHashData(params));
  const sent = { ...params, ...options.tamper, ...(mode === 'missing' ? {} : { vnp_SecureHash: hash }) };
  return Object.entries(sent)
    .map(([key, value]) => `${javaUrlEncode(key)}=${javaUrlEncode(value)}`)
    .join('&');
}

export async function startFakeVnpay(): Promise<FakeVnpay> {
  let base = '';
  const requestIds = new Set<string>();

  function end(code: number | string, responseCode: string, transactionStatus: string, bankCode = 'NCB'): FakeNotification {
    const txn = fake.transaction(code);
    if (txn.transactionStatus !== '01') throw new Error(`transaction ${txn.txnRef} is already finished (${txn.transactionStatus})`);
    txn.responseCode = responseCode;
    txn.transactionStatus = transactionStatus;
    txn.bankCode = bankCode;
    txn.payDate = gmt7(new Date());
    if (transactionStatus === '00') txn.transactionNo = String(randomInt(10_000_000, 99_999_999));
    return fake.notificationFor(code);
  }

  const fake: FakeVnpay = {
    url: '',
    paymentUrl: '',
    apiUrl: '',
    transactions: new Map(),
    pageVisits: [],
    apiCalls: [],
    transaction(code) {
      const txn = fake.transactions.get(String(code));
      if (!txn) throw new Error(`the fake VNPay has no transaction ${code}: open its checkout URL first`);
      return txn;
    },
    pay: (code, options = {}) => end(code, '00', '00', options.bankCode ?? 'NCB'),
    cancel: (code) => end(code, '24', '02', 'VNPAY'),
    fail: (code, responseCode = '51') => end(code, responseCode, '02'),
    expire: (code) => end(code, '11', '02', 'VNPAY'),
    notificationFor(code, options = {}) {
      const params = ipnParams(fake.transaction(code));
      if (options.amount !== undefined) params.vnp_Amount = String(options.amount);
      return { method: 'GET', query: signedQuery(params, options), headers: {}, body: '' };
    },
    returnUrlFor(code) {
      const txn = fake.transaction(code);
      return `${txn.returnUrl}${txn.returnUrl.includes('?') ? '&' : '?'}${signedQuery(ipnParams(txn))}`;
    },
    async deliver(notification, url) {
      const response = await fetch(`${url}${url.includes('?') ? '&' : '?'}${notification.query}`, {
        method: notification.method,
        headers: notification.headers,
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: keep the text.
      }
      return { status: response.status, body };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  function paymentPage(url: URL, response: ServerResponse): void {
    const params = Object.fromEntries(url.searchParams);
    const refuse = (error: string) => {
      fake.pageVisits.push({ params, error });
      response.writeHead(302, { Location: `/paymentv2/Payment/Error.html?code=${error}` });
      response.end();
    };
    if (params.vnp_TmnCode !== FAKE_VNPAY_KEYS.tmnCode) return refuse('02');
    if (!params.vnp_SecureHash || params.vnp_SecureHash !== hmacSha512(FAKE_VNPAY_KEYS.hashSecret, vnpayHashData(params))) return refuse('70');
    const valid =
      REQUIRED_PAY_FIELDS.every((field) => params[field]) &&
      params.vnp_Version === '2.1.0' &&
      params.vnp_Command === 'pay' &&
      params.vnp_CurrCode === 'VND' &&
      /^\d+00$/.test(params.vnp_Amount!) &&
      /^\d{14}$/.test(params.vnp_CreateDate!) &&
      /^\d{14}$/.test(params.vnp_ExpireDate!) &&
      (params.vnp_Locale === 'vn' || params.vnp_Locale === 'en') &&
      /^[A-Za-z0-9 ]{1,255}$/.test(params.vnp_OrderInfo!);
    if (!valid) return refuse('03');
    const existing = fake.transactions.get(params.vnp_TxnRef!);
    if (existing && existing.transactionStatus !== '01') return refuse('01');
    fake.transactions.set(params.vnp_TxnRef!, {
      txnRef: params.vnp_TxnRef!,
      amount: Number(params.vnp_Amount),
      orderInfo: params.vnp_OrderInfo!,
      locale: params.vnp_Locale!,
      returnUrl: params.vnp_ReturnUrl!,
      ipAddr: params.vnp_IpAddr!,
      createDate: params.vnp_CreateDate!,
      expireDate: params.vnp_ExpireDate!,
      params,
      transactionNo: '0',
      responseCode: null,
      transactionStatus: '01',
      bankCode: '',
      payDate: null,
      refunds: [],
    });
    fake.pageVisits.push({ params, error: null });
    send(response, 200, `<!doctype html><title>VNPAY</title><p>${params.vnp_OrderInfo}</p>`, { 'Content-Type': 'text/html; charset=utf-8' });
  }

  function api(json: Record<string, unknown>): Record<string, unknown> {
    const command = String(json.vnp_Command ?? '');
    const answer = (responseCode: string, message: string, fields: Record<string, unknown> = {}): Record<string, unknown> => {
      fake.apiCalls.push({ command, json, responseCode });
      const values: Record<string, unknown> = {
        vnp_ResponseId: String(randomInt(100_000_000, 999_999_999)),
        vnp_Command: command,
        vnp_ResponseCode: responseCode,
        vnp_Message: message,
        vnp_TmnCode: FAKE_VNPAY_KEYS.tmnCode,
        vnp_TxnRef: json.vnp_TxnRef,
        ...fields,
      };
      return { ...values, vnp_SecureHash: hmacSha512(FAKE_VNPAY_KEYS.hashSecret, pipe(command === 'refund' ? REFUND_RESPONSE : QUERYDR_RESPONSE, values)) };
    };
    const fields = command === 'refund' ? REFUND_REQUEST : command === 'querydr' ? QUERYDR_REQUEST : null;
    if (!fields) return answer('03', 'Invalid command');
    if (json.vnp_TmnCode !== FAKE_VNPAY_KEYS.tmnCode) return answer('02', 'Invalid TmnCode');
    if (typeof json.vnp_SecureHash !== 'string' || json.vnp_SecureHash !== hmacSha512(FAKE_VNPAY_KEYS.hashSecret, pipe(fields, json)))
      return answer('97', 'Invalid Checksum');
    if (fields.some((field) => field !== 'vnp_TransactionNo' && (json[field] === undefined || json[field] === '')) || json.vnp_Version !== '2.1.0')
      return answer('03', 'Invalid data format');
    const requestId = String(json.vnp_RequestId);
    if (requestIds.has(requestId)) return answer('94', 'Duplicate request');
    requestIds.add(requestId);
    const txn = fake.transactions.get(String(json.vnp_TxnRef));
    // The transaction is found by its reference and the date it was created on.
    if (!txn || txn.createDate !== json.vnp_TransactionDate) return answer('91', 'Not found transaction');
    const payment = {
      vnp_Amount: String(txn.amount),
      vnp_OrderInfo: txn.orderInfo,
      vnp_BankCode: txn.bankCode,
      vnp_PayDate: txn.payDate ?? '',
      vnp_TransactionNo: txn.transactionNo,
      vnp_TransactionType: '01',
      vnp_TransactionStatus: txn.transactionStatus,
    };
    if (command === 'querydr') return answer('00', 'QueryDR Success', payment);

    if (txn.transactionStatus !== '00') return answer('95', 'Transaction is not successful at VNPAY');
    if (txn.refunds.some((refund) => refund.transactionType === '02')) return answer('94', 'Refund already requested');
    const amount = Number(json.vnp_Amount);
    const refunded = txn.refunds.reduce((sum, refund) => sum + refund.amount, 0);
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount + refunded > txn.amount) return answer('02', 'Refund amount exceeds the payment');
    if (json.vnp_TransactionType === '02' && (refunded > 0 || amount !== txn.amount)) return answer('03', 'A full refund must be the whole amount');
    if (json.vnp_TransactionNo !== undefined && json.vnp_TransactionNo !== '' && json.vnp_TransactionNo !== txn.transactionNo)
      return answer('91', 'Not found transaction');
    const refund: FakeVnpayRefund = {
      requestId,
      transactionType: String(json.vnp_TransactionType),
      amount,
      createBy: String(json.vnp_CreateBy),
      orderInfo: String(json.vnp_OrderInfo),
      transactionNo: String(randomInt(10_000_000, 99_999_999)),
    };
    txn.refunds.push(refund);
    return answer('00', 'Refund success', {
      ...payment,
      vnp_Amount: String(amount),
      vnp_TransactionNo: refund.transactionNo,
      vnp_TransactionType: refund.transactionType,
      vnp_TransactionStatus: '05',
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', base);
    const method = request.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/paymentv2/vpcpay.html') return paymentPage(url, response);
    if (method === 'GET' && url.pathname === '/paymentv2/Payment/Error.html') {
      return send(response, 200, `<!doctype html><title>VNPAY</title><p>Error ${url.searchParams.get('code') ?? ''}</p>`, {
        'Content-Type': 'text/html; charset=utf-8',
      });
    }
    if (method === 'POST' && url.pathname === '/merchant_webapi/api/transaction') {
      let json: unknown;
      try {
        json = JSON.parse(await readBody(request));
      } catch {
        return send(response, 400, { vnp_ResponseCode: '03', vnp_Message: 'Invalid data format' });
      }
      if (typeof json !== 'object' || json === null) return send(response, 400, { vnp_ResponseCode: '03', vnp_Message: 'Invalid data format' });
      return send(response, 200, api(json as Record<string, unknown>));
    }
    return send(response, 404, 'Not found', { 'Content-Type': 'text/plain' });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, { vnp_ResponseCode: '99', vnp_Message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = base;
  fake.paymentUrl = `${base}/paymentv2/vpcpay.html`;
  fake.apiUrl = `${base}/merchant_webapi/api/transaction`;
  return fake;
}
