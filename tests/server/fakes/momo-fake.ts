/**
 * A local fake of MoMo's payment gateway (AIO v2) on 127.0.0.1, speaking the real wire format so
 * the `momo` adapter runs against it unchanged (its `baseUrl` set to `fake.url`):
 *
 * - `POST /v2/gateway/api/create` (captureWallet): checks the partner code and the HMAC-SHA256
 *   signature over accessKey…requestType, the amount range and a new orderId; answers
 *   `{ resultCode: 0, payUrl, deeplink, qrCodeUrl, … }` and keeps the payment (resultCode 1000,
 *   waiting for the payer);
 * - `POST /v2/gateway/api/query`: signed over accessKey, orderId, partnerCode, requestId; answers
 *   the payment's resultCode, amount and transId (42 for an unknown orderId);
 * - `POST /v2/gateway/api/refund`: signed over accessKey, amount, description, orderId,
 *   partnerCode, requestId, transId; refunds a paid transaction once (1081 when nothing is left).
 *
 * A bad signature or partner code is answered like MoMo: HTTP 400 `{ resultCode: 13 }`.
 *
 * Test controls change a payment's state and return the IPN MoMo would POST for it, signed with
 * the fake's secret key (`pay`, `cancel`, `fail`, `expire`), or any variant of it
 * (`notificationFor`: a tampered signature, another amount, no signature); `deliver` POSTs one to
 * a URL with fetch. The fake computes signatures itself, independently of the adapter, so a wrong
 * field order on either side shows.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RawNotification } from '../../../server/billing/providers/types.ts';

/** The keys the fake accepts (MoMo's published sandbox keys have the same shape). */
export const FAKE_MOMO_KEYS = {
  partnerCode: 'MOMOFAKE20260101',
  accessKey: 'F8BBA842ECF85',
  secretKey: 'K951B6PE1waDMi640xX08PD3vg6EkVlz',
} as const;

export interface FakeMomoPayment {
  orderId: string;
  requestId: string;
  amount: number;
  orderInfo: string;
  extraData: string;
  ipnUrl: string;
  redirectUrl: string;
  lang: string;
  /** The request body as received (for asserting what the adapter sent). */
  request: Record<string, unknown>;
  /** 1000 until the payer acts; 0 paid, 1006 cancelled, 1005 expired, any other code a failure. */
  resultCode: number;
  /** MoMo's transaction id, once the payer acted (0 before). */
  transId: number;
  payType: string;
  refunded: number;
}

export interface FakeMomoRequest {
  path: string;
  body: Record<string, unknown>;
  /** HTTP status the fake answered. */
  status: number;
  resultCode: number;
}

/** A notification as MoMo sends it: the exact bytes and headers a webhook route receives. */
export interface FakeNotification {
  method: 'POST';
  /** The ipnUrl the payment was created with. */
  url: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface NotificationOptions {
  /** The result code to report (default: the payment's current one). */
  resultCode?: number;
  /** Report this amount, signed over it (default: the payment's). */
  amount?: number;
  /** Change the amount after signing (the signature no longer covers it). */
  tamperAmount?: number;
  /** Flip a character of the signature. */
  tamperSignature?: boolean;
  /** Leave the signature out. */
  omitSignature?: boolean;
  /** Sign with this secret key instead of the fake's. */
  secretKey?: string;
}

export interface FakeMomo {
  url: string;
  /** Every API request, in order. */
  requests: FakeMomoRequest[];
  /** Payments by orderId (our order code as text). */
  payments: Map<string, FakeMomoPayment>;
  /** Accepted refunds. */
  refunds: Array<{ orderId: string; requestId: string; transId: number; amount: number; description: string; refundTransId: number }>;
  /** The next create answers this error instead (e.g. `{ status: 200, resultCode: 10 }` for maintenance). */
  nextCreateError: { status: number; resultCode: number } | null;
  /** The payer pays: resultCode 0, a transaction id; returns the signed IPN. */
  pay(code: number | string): FakeNotification;
  /** The payer declines in the app: 1006. */
  cancel(code: number | string): FakeNotification;
  /** The payment fails (default 1001, insufficient balance). */
  fail(code: number | string, resultCode?: number): FakeNotification;
  /** The payment link expires: 1005. */
  expire(code: number | string): FakeNotification;
  /** The IPN for a payment's current state, or a variant of it. */
  notificationFor(code: number | string, options?: NotificationOptions): FakeNotification;
  /** POSTs a notification to `url` (default its ipnUrl); resolves to the HTTP status and body. */
  deliver(notification: FakeNotification, url?: string): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

/** The IPN's signed fields after accessKey, in MoMo's order (the notification page). */
const IPN_SIGNED = [
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
const CREATE_SIGNED = ['amount', 'extraData', 'ipnUrl', 'orderId', 'orderInfo', 'partnerCode', 'redirectUrl', 'requestId', 'requestType'] as const;
const QUERY_SIGNED = ['orderId', 'partnerCode', 'requestId'] as const;
const REFUND_SIGNED = ['amount', 'description', 'orderId', 'partnerCode', 'requestId', 'transId'] as const;

const MESSAGES: Record<number, string> = {
  0: 'Thành công.',
  13: 'Xác thực doanh nghiệp thất bại.',
  20: 'Yêu cầu sai định dạng.',
  22: 'Số tiền giao dịch nằm ngoài phạm vi cho phép.',
  41: 'OrderId bị trùng.',
  42: 'OrderId không hợp lệ hoặc không được tìm thấy.',
  1000: 'Giao dịch đã được khởi tạo, chờ người dùng xác nhận thanh toán.',
  1001: 'Giao dịch thanh toán thất bại do tài khoản người dùng không đủ tiền.',
  1005: 'Giao dịch thất bại do url hoặc QR code đã hết hạn.',
  1006: 'Giao dịch thất bại do người dùng đã từ chối xác nhận thanh toán.',
  1081: 'Giao dịch hoàn tiền bị từ chối. Giao dịch thanh toán ban đầu có thể đã được hoàn.',
};
const messageOf = (code: number) => MESSAGES[code] ?? 'Giao dịch thất bại.';

/** HMAC-SHA256 hex over `accessKey=…&k=v…` in the given key order. */
export function momoSign(secretKey: string, accessKey: string, keys: readonly string[], values: Record<string, unknown>): string {
  const raw = [`accessKey=${accessKey}`, ...keys.map((key) => `${key}=${String(values[key] ?? '')}`)].join('&');
  return createHmac('sha256', secretKey).update(raw, 'utf8').digest('hex');
}

/** A fake notification as the adapter's webhook route hands it over. */
export function toRawNotification(notification: FakeNotification): RawNotification {
  return { method: notification.method, rawBody: notification.body, headers: new Headers(notification.headers), query: new URLSearchParams() };
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const bytes = Buffer.from(JSON.stringify(body));
  response.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8', 'Content-Length': bytes.length });
  response.end(bytes);
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    const json: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export async function startFakeMomo(keys: { partnerCode: string; accessKey: string; secretKey: string } = FAKE_MOMO_KEYS): Promise<FakeMomo> {
  let base = '';
  let nextTransId = 4_088_878_653;
  const signOver = (signed: readonly string[], values: Record<string, unknown>) => momoSign(keys.secretKey, keys.accessKey, signed, values);

  const find = (code: number | string): FakeMomoPayment => {
    const payment = fake.payments.get(String(code));
    if (!payment) throw new Error(`the MoMo fake has no payment ${code}`);
    return payment;
  };

  const settle = (code: number | string, resultCode: number): FakeNotification => {
    const payment = find(code);
    payment.resultCode = resultCode;
    if (payment.transId === 0) payment.transId = nextTransId++;
    return fake.notificationFor(code);
  };

  const fake: FakeMomo = {
    url: '',
    requests: [],
    payments: new Map(),
    refunds: [],
    nextCreateError: null,
    pay: (code) => settle(code, 0),
    cancel: (code) => settle(code, 1006),
    fail: (code, resultCode = 1001) => settle(code, resultCode),
    expire: (code) => settle(code, 1005),
    notificationFor(code, options = {}) {
      const payment = find(code);
      const resultCode = options.resultCode ?? payment.resultCode;
      // The fields in the order of MoMo's IPN example (the notification page).
      const body: Record<string, unknown> = {
        partnerCode: keys.partnerCode,
        orderId: payment.orderId,
        requestId: payment.requestId,
        amount: options.amount ?? payment.amount,
        orderInfo: payment.orderInfo,
        orderType: 'momo_wallet',
        transId: payment.transId,
        resultCode,
        message: messageOf(resultCode),
        payType: payment.payType,
        responseTime: Date.now(),
        extraData: payment.extraData,
      };
      let signature = momoSign(options.secretKey ?? keys.secretKey, keys.accessKey, IPN_SIGNED, body);
      if (options.tamperSignature) signature = `${signature[0] === 'a' ? 'b' : 'a'}${signature.slice(1)}`;
      if (options.tamperAmount !== undefined) body.amount = options.tamperAmount;
      if (!options.omitSignature) body.signature = signature;
      const target = new URL(payment.ipnUrl);
      return {
        method: 'POST',
        url: payment.ipnUrl,
        path: `${target.pathname}${target.search}`,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      };
    },
    async deliver(notification, url = notification.url) {
      const response = await fetch(url, { method: notification.method, headers: notification.headers, body: notification.body });
      return { status: response.status, body: await response.text() };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const answer = (response: ServerResponse, path: string, body: Record<string, unknown>, status: number, fields: Record<string, unknown>) => {
    const resultCode = Number(fields.resultCode);
    fake.requests.push({ path, body, status, resultCode });
    send(response, status, {
      partnerCode: keys.partnerCode,
      requestId: body.requestId,
      orderId: body.orderId,
      ...fields,
      message: messageOf(resultCode),
      responseTime: Date.now(),
    });
  };

  /** MoMo's checks common to every request: the partner code and the signature. */
  const authentic = (body: Record<string, unknown>, signed: readonly string[]) =>
    body.partnerCode === keys.partnerCode && typeof body.signature === 'string' && body.signature === signOver(signed, body);

  function create(response: ServerResponse, path: string, body: Record<string, unknown>): void {
    if (!authentic(body, CREATE_SIGNED)) return answer(response, path, body, 400, { resultCode: 13 });
    if (fake.nextCreateError) {
      const error = fake.nextCreateError;
      fake.nextCreateError = null;
      return answer(response, path, body, error.status, { resultCode: error.resultCode });
    }
    const { orderId, requestId, amount } = body;
    if (
      body.requestType !== 'captureWallet' ||
      typeof orderId !== 'string' ||
      !/^[0-9a-zA-Z]([-_.]*[0-9a-zA-Z]+)*$/.test(orderId) ||
      typeof requestId !== 'string' ||
      typeof amount !== 'number' ||
      !Number.isInteger(amount)
    ) {
      return answer(response, path, body, 400, { resultCode: 20 });
    }
    if (amount < 1_000 || amount > 50_000_000) return answer(response, path, body, 400, { resultCode: 22 });
    if (fake.payments.has(orderId)) return answer(response, path, body, 400, { resultCode: 41 });
    fake.payments.set(orderId, {
      orderId,
      requestId,
      amount,
      orderInfo: String(body.orderInfo ?? ''),
      extraData: String(body.extraData ?? ''),
      ipnUrl: String(body.ipnUrl ?? ''),
      redirectUrl: String(body.redirectUrl ?? ''),
      lang: String(body.lang ?? 'vi'),
      request: body,
      resultCode: 1000,
      transId: 0,
      payType: 'qr',
      refunded: 0,
    });
    const payUrl = `${base}/v2/gateway/pay?t=${encodeURIComponent(Buffer.from(orderId).toString('base64url'))}`;
    answer(response, path, body, 200, {
      amount,
      resultCode: 0,
      payUrl,
      deeplink: `momo://app?action=payWithApp&orderId=${orderId}`,
      qrCodeUrl: `2|99|0900000000|FAKE|${orderId}|${amount}`,
    });
  }

  function query(response: ServerResponse, path: string, body: Record<string, unknown>): void {
    if (!authentic(body, QUERY_SIGNED)) return answer(response, path, body, 400, { resultCode: 13 });
    const payment = fake.payments.get(String(body.orderId));
    if (!payment) return answer(response, path, body, 400, { resultCode: 42 });
    answer(response, path, body, 200, {
      extraData: payment.extraData,
      amount: payment.amount,
      transId: payment.transId,
      payType: payment.resultCode === 0 ? payment.payType : '',
      resultCode: payment.resultCode,
      refundTrans: fake.refunds
        .filter((refund) => refund.transId === payment.transId && payment.transId !== 0)
        .map((refund) => ({ orderId: refund.orderId, amount: refund.amount, resultCode: 0, transId: refund.refundTransId })),
      lastUpdated: Date.now(),
    });
  }

  function refundPayment(response: ServerResponse, path: string, body: Record<string, unknown>): void {
    if (!authentic(body, REFUND_SIGNED)) return answer(response, path, body, 400, { resultCode: 13 });
    const { orderId, requestId, amount, transId } = body;
    if (typeof orderId !== 'string' || typeof requestId !== 'string' || typeof amount !== 'number' || typeof transId !== 'number')
      return answer(response, path, body, 400, { resultCode: 20 });
    const payment = [...fake.payments.values()].find((candidate) => candidate.transId === transId && candidate.resultCode === 0);
    if (!payment) return answer(response, path, body, 400, { resultCode: 42 });
    if (fake.payments.has(orderId) || fake.refunds.some((done) => done.orderId === orderId)) return answer(response, path, body, 400, { resultCode: 41 });
    if (amount < 1_000 || amount > payment.amount - payment.refunded) return answer(response, path, body, 400, { resultCode: 1081 });
    payment.refunded += amount;
    const refundTransId = nextTransId++;
    fake.refunds.push({ orderId, requestId, transId, amount, description: String(body.description ?? ''), refundTransId });
    answer(response, path, body, 200, { amount, transId: refundTransId, resultCode: 0 });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', base).pathname;
    if (request.method !== 'POST') return send(response, 405, { resultCode: 20, message: 'Method not allowed' });
    const body = await readJson(request);
    if (!body) return answer(response, path, {}, 400, { resultCode: 20 });
    if (path === '/v2/gateway/api/create') return create(response, path, body);
    if (path === '/v2/gateway/api/query') return query(response, path, body);
    if (path === '/v2/gateway/api/refund') return refundPayment(response, path, body);
    send(response, 404, { resultCode: 20, message: 'Not found' });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, { resultCode: 99, message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = base;
  return fake;
}
