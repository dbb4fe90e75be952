/**
 * A local fake of payOS' merchant API v2 (https://payos.vn/docs/api/) on 127.0.0.1, speaking the
 * wire protocol the official SDK (@payos/node 2.0.5) and server/billing/providers/payos.ts use:
 *
 * - `POST /v2/payment-requests`: checks the x-client-id/x-api-key headers and the request's
 *   signature (HMAC-SHA256 with the checksum key over
 *   `amount=…&cancelUrl=…&description=…&orderCode=…&returnUrl=…`), the description's 25
 *   characters and a new orderCode, then answers the link in `data`, signed.
 * - `GET /v2/payment-requests/{paymentLinkId | orderCode}` and `POST …/{id}/cancel`: the link,
 *   signed.
 * - `POST /confirm-webhook`: registers a webhook URL after a signed test webhook (orderCode 123)
 *   to it is answered with a 2xx, as payOS does.
 * - `GET /web/{paymentLinkId}`: a stand-in for the hosted checkout page.
 *
 * payOS answers its refusals with HTTP 200 and a code in the body (`{ code, desc, data: null }`):
 * 214 for an unknown channel or a wrong key, 201 for a bad signature, 20 for invalid fields, 231
 * for an orderCode used before. Every signature here is computed independently of the SDK, from
 * payOS' documented rule: the `data` fields sorted by name as `k=v&…`, null as an empty string,
 * arrays as JSON with their objects' keys sorted.
 *
 * Test controls change a link as the bank transfer would and build the webhook payOS would send
 * (payOS notifies money received only: a cancel or an expiry sends nothing).
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RawNotification } from '../../../server/billing/providers/types.ts';

/** The keys the fake's payment channel accepts. */
export const FAKE_PAYOS_KEYS = {
  clientId: 'fake-payos-client-id',
  apiKey: 'fake-payos-api-key',
  checksumKey: 'fake-payos-checksum-key-0123456789abcdef',
} as const;

/** The test webhook payOS sends when a webhook URL is confirmed (its documented sample). */
export const PAYOS_TEST_WEBHOOK_ORDER_CODE = 123;

export type FakePayosStatus = 'PENDING' | 'PROCESSING' | 'UNDERPAID' | 'PAID' | 'CANCELLED' | 'EXPIRED' | 'FAILED';

export interface FakePayosTransaction {
  reference: string;
  amount: number;
  accountNumber: string;
  description: string;
  /** payOS' format: `YYYY-MM-DD HH:mm:ss`, Vietnam time. */
  transactionDateTime: string;
  virtualAccountName: string | null;
  virtualAccountNumber: string | null;
  counterAccountBankId: string | null;
  counterAccountBankName: string | null;
  counterAccountName: string | null;
  counterAccountNumber: string | null;
}

export interface FakePayosLink {
  /** paymentLinkId. */
  id: string;
  orderCode: number;
  amount: number;
  amountPaid: number;
  description: string;
  returnUrl: string;
  cancelUrl: string;
  status: FakePayosStatus;
  createdAt: Date;
  /** Unix seconds, as sent. */
  expiredAt: number | null;
  transactions: FakePayosTransaction[];
  cancellationReason: string | null;
  canceledAt: Date | null;
  /** The create request's body as received (signature included). */
  request: Record<string, unknown>;
}

/** A notification as payOS would send it, to hand to the webhook route or to an adapter. */
export interface FakeNotification {
  method: 'POST';
  /** The query string (none for payOS). */
  query: string;
  headers: Record<string, string>;
  body: string;
}

export interface FakePayosRequest {
  method: string;
  path: string;
  clientId: string | null;
  apiKey: string | null;
  json: unknown;
  /** payOS' code in the answer ('00' for success). */
  code: string;
}

export interface PayosNotificationOptions {
  /** The transfer's amount (signed); default the link's last transfer, else its amount. */
  amount?: number;
  /** data.code and the top-level code (signed); default '00'. */
  code?: string;
  /** The transfer's reference; default the link's last transfer's, else a new one. */
  reference?: string;
  /** `wrong-key`: signed with another checksum key; `missing`: no signature field. */
  signature?: 'valid' | 'wrong-key' | 'missing';
  /** Fields of `data` changed after signing (a tampered body). */
  tamper?: Record<string, unknown>;
}

export interface FakePayos {
  url: string;
  /** Every API call, in order. */
  requests: FakePayosRequest[];
  /** Links by orderCode. */
  links: Map<number, FakePayosLink>;
  /** The webhook URL registered with /confirm-webhook, where `deliver` posts by default. */
  webhookUrl: string | null;
  /** A link by orderCode or paymentLinkId (throws when there is none). */
  link(codeOrId: number | string): FakePayosLink;
  /**
   * A transfer to the link (default: what remains to pay) → PAID, or UNDERPAID below the amount;
   * returns the signed webhook payOS sends for it.
   */
  pay(code: number, options?: { amount?: number }): FakeNotification;
  /** The link cancelled (payOS sends no webhook for it). */
  cancel(code: number, reason?: string): void;
  /** The link expired (no webhook). */
  expire(code: number): void;
  /** The link failed (no webhook). */
  fail(code: number): void;
  /** A webhook for the link without changing it (replays, tampering, other amounts). */
  notificationFor(code: number, options?: PayosNotificationOptions): FakeNotification;
  /** POSTs a notification to `url` (default the registered webhook URL); the receiver's answer. */
  deliver(notification: FakeNotification, url?: string): Promise<{ status: number; body: unknown }>;
  /** payOS' signature of a `data` object with the fake's checksum key (or `key`). */
  sign(data: Record<string, unknown>, key?: string): string;
  close(): Promise<void>;
}

const sortKeys = (value: unknown): unknown =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(
        Object.keys(value)
          .toSorted()
          .map((key) => [key, (value as Record<string, unknown>)[key]]),
      )
    : value;

/** payOS' canonical form of `data`: sorted `k=v&…`, null → '', arrays as JSON with sorted keys. */
export function payosCanonical(data: Record<string, unknown>): string {
  return Object.keys(data)
    .toSorted()
    .filter((key) => data[key] !== undefined)
    .map((key) => {
      const value = data[key];
      if (value === null) return `${key}=`;
      if (Array.isArray(value)) return `${key}=${JSON.stringify(value.map(sortKeys))}`;
      return `${key}=${String(value)}`;
    })
    .join('&');
}

export const payosHmac = (key: string, text: string): string => createHmac('sha256', key).update(text, 'utf8').digest('hex');

/** What the webhook route gives an adapter for this notification. */
export function toRawNotification(notification: FakeNotification): RawNotification {
  return {
    method: notification.method,
    rawBody: notification.body,
    headers: new Headers(notification.headers),
    query: new URLSearchParams(notification.query),
  };
}

/** `YYYY-MM-DD HH:mm:ss` in Vietnam time (GMT+7, in milliseconds below). */
function vietnamTime(date: Date): string {
  return new Date(date.getTime() + 7 * 60 * 60 * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

function send(response: ServerResponse, status: number, body: unknown, contentType = 'application/json'): void {
  const bytes = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  response.writeHead(status, { 'Content-Type': contentType, 'Content-Length': bytes.length });
  response.end(bytes);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const ACCOUNT = { bin: '970422', accountNumber: '0123456789', accountName: 'CONG TY ATELIER' } as const;

/** A link as `GET /v2/payment-requests/{id}` answers it. */
const linkData = (link: FakePayosLink) => ({
  id: link.id,
  orderCode: link.orderCode,
  amount: link.amount,
  amountPaid: link.amountPaid,
  amountRemaining: Math.max(0, link.amount - link.amountPaid),
  status: link.status,
  createdAt: link.createdAt.toISOString(),
  transactions: link.transactions,
  cancellationReason: link.cancellationReason,
  canceledAt: link.canceledAt ? link.canceledAt.toISOString() : null,
});

/** A bank transfer to a link. */
const newTransaction = (link: FakePayosLink, amount: number, reference?: string): FakePayosTransaction => ({
  reference: reference ?? `FT${randomBytes(6).toString('hex').toUpperCase()}`,
  amount,
  accountNumber: ACCOUNT.accountNumber,
  description: `CSW${link.orderCode} ${link.description}`,
  transactionDateTime: vietnamTime(new Date()),
  virtualAccountName: null,
  virtualAccountNumber: null,
  counterAccountBankId: '970436',
  counterAccountBankName: 'Vietcombank',
  counterAccountName: 'NGUYEN VAN A',
  counterAccountNumber: '9876543210',
});

export async function startFakePayos(): Promise<FakePayos> {
  let base = '';

  const findLink = (codeOrId: number | string): FakePayosLink | undefined => {
    if (typeof codeOrId === 'number' || /^\d+$/.test(codeOrId)) return fake.links.get(Number(codeOrId));
    return [...fake.links.values()].find((link) => link.id === codeOrId);
  };

  function webhookFor(orderCode: number, paymentLinkId: string, transaction: FakePayosTransaction, options: PayosNotificationOptions): FakeNotification {
    const code = options.code ?? '00';
    const data: Record<string, unknown> = {
      orderCode,
      amount: transaction.amount,
      description: transaction.description,
      accountNumber: transaction.accountNumber,
      reference: transaction.reference,
      transactionDateTime: transaction.transactionDateTime,
      currency: 'VND',
      paymentLinkId,
      code,
      desc: code === '00' ? 'Thành công' : 'Lỗi',
      counterAccountBankId: transaction.counterAccountBankId ?? '',
      counterAccountBankName: transaction.counterAccountBankName ?? '',
      counterAccountName: transaction.counterAccountName ?? '',
      counterAccountNumber: transaction.counterAccountNumber ?? '',
      virtualAccountName: transaction.virtualAccountName ?? '',
      virtualAccountNumber: transaction.virtualAccountNumber ?? '',
    };
    const mode = options.signature ?? 'valid';
    const signature = mode === 'missing' ? undefined : fake.sign(data, mode === 'wrong-key' ? 'another-checksum-key' : undefined);
    const body = {
      code,
      desc: code === '00' ? 'success' : 'error',
      success: code === '00',
      data: { ...data, ...options.tamper },
      ...(signature ? { signature } : {}),
    };
    return { method: 'POST', query: '', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  }

  const fake: FakePayos = {
    url: '',
    requests: [],
    links: new Map(),
    webhookUrl: null,
    link(codeOrId) {
      const link = findLink(codeOrId);
      if (!link) throw new Error(`the fake payOS has no link ${codeOrId}`);
      return link;
    },
    pay(code, options = {}) {
      const link = fake.link(code);
      if (link.status !== 'PENDING' && link.status !== 'UNDERPAID') throw new Error(`link ${code} is ${link.status}, it takes no transfer`);
      const transaction = newTransaction(link, options.amount ?? link.amount - link.amountPaid);
      link.transactions.push(transaction);
      link.amountPaid += transaction.amount;
      link.status = link.amountPaid >= link.amount ? 'PAID' : 'UNDERPAID';
      return webhookFor(link.orderCode, link.id, transaction, {});
    },
    cancel(code, reason = 'Khách hàng hủy') {
      const link = fake.link(code);
      link.status = 'CANCELLED';
      link.cancellationReason = reason;
      link.canceledAt = new Date();
    },
    expire(code) {
      fake.link(code).status = 'EXPIRED';
    },
    fail(code) {
      fake.link(code).status = 'FAILED';
    },
    notificationFor(code, options = {}) {
      const link = fake.link(code);
      const last = link.transactions.at(-1);
      const transaction =
        last && options.reference === undefined && options.amount === undefined
          ? last
          : newTransaction(link, options.amount ?? last?.amount ?? link.amount, options.reference ?? last?.reference);
      return webhookFor(link.orderCode, link.id, transaction, options);
    },
    async deliver(notification, url) {
      const target = url ?? fake.webhookUrl;
      if (!target) throw new Error('no webhook URL: confirm one or pass it');
      const response = await fetch(notification.query ? `${target}?${notification.query}` : target, {
        method: notification.method,
        headers: notification.headers,
        body: notification.body,
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
    sign(data, key = FAKE_PAYOS_KEYS.checksumKey) {
      return payosHmac(key, payosCanonical(data));
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  /** payOS' envelope: `{ code, desc, data, signature }`, the data signed when there is some. */
  function answer(response: ServerResponse, record: FakePayosRequest, code: string, desc: string, data: Record<string, unknown> | null): void {
    record.code = code;
    send(response, 200, { code, desc, data, ...(data ? { signature: fake.sign(data) } : {}) });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', base);
    const method = request.method ?? 'GET';
    const raw = await readBody(request);
    let json: unknown = null;
    if (raw) {
      try {
        json = JSON.parse(raw);
      } catch {
        json = raw;
      }
    }
    const header = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : null);
    const viewMatch = /^\/web\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && viewMatch) {
      const link = findLink(viewMatch[1]!);
      if (!link) return send(response, 404, 'Not found', 'text/plain');
      return send(
        response,
        200,
        `<!doctype html><title>payOS</title><p>${link.description}: ${link.amount} VND (${link.status})</p>`,
        'text/html; charset=utf-8',
      );
    }

    const record: FakePayosRequest = { method, path: url.pathname, clientId: header('x-client-id'), apiKey: header('x-api-key'), json, code: '' };
    fake.requests.push(record);
    if (record.clientId !== FAKE_PAYOS_KEYS.clientId || record.apiKey !== FAKE_PAYOS_KEYS.apiKey) {
      return answer(response, record, '214', 'Cổng thanh toán không tồn tại hoặc đã tạm dừng, vui lòng chọn cổng khác', null);
    }
    const body = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;

    if (method === 'POST' && url.pathname === '/v2/payment-requests') {
      const { orderCode, amount, description, returnUrl, cancelUrl, signature, expiredAt } = body;
      const signed = `amount=${String(amount)}&cancelUrl=${String(cancelUrl)}&description=${String(description)}&orderCode=${String(orderCode)}&returnUrl=${String(returnUrl)}`;
      if (typeof signature !== 'string' || signature !== payosHmac(FAKE_PAYOS_KEYS.checksumKey, signed)) {
        return answer(response, record, '201', 'Mã kiểm tra(signature) không hợp lệ', null);
      }
      const valid =
        Number.isSafeInteger(orderCode) &&
        (orderCode as number) > 0 &&
        Number.isSafeInteger(amount) &&
        (amount as number) > 0 &&
        typeof description === 'string' &&
        description.length > 0 &&
        description.length <= 25 &&
        typeof returnUrl === 'string' &&
        typeof cancelUrl === 'string' &&
        (expiredAt === undefined || Number.isSafeInteger(expiredAt));
      if (!valid) return answer(response, record, '20', 'Thông tin truyền lên không đúng.', null);
      if (fake.links.has(orderCode as number)) return answer(response, record, '231', 'Đơn thanh toán đã tồn tại', null);
      const link: FakePayosLink = {
        id: randomUUID().replaceAll('-', ''),
        orderCode: orderCode as number,
        amount: amount as number,
        amountPaid: 0,
        description: description as string,
        returnUrl: returnUrl as string,
        cancelUrl: cancelUrl as string,
        status: 'PENDING',
        createdAt: new Date(),
        expiredAt: (expiredAt as number | undefined) ?? null,
        transactions: [],
        cancellationReason: null,
        canceledAt: null,
        request: body,
      };
      fake.links.set(link.orderCode, link);
      return answer(response, record, '00', 'success', {
        ...ACCOUNT,
        amount: link.amount,
        description: link.description,
        orderCode: link.orderCode,
        currency: 'VND',
        paymentLinkId: link.id,
        status: link.status,
        expiredAt: link.expiredAt,
        checkoutUrl: `${base}/web/${link.id}`,
        qrCode: `00020101021238570010A000000727012700069704220113${ACCOUNT.accountNumber}0208QRIBFTTA530370454${link.amount}5802VN6304ABCD`,
      });
    }

    const linkMatch = /^\/v2\/payment-requests\/([^/]+)(\/cancel)?$/.exec(url.pathname);
    if (linkMatch) {
      const link = findLink(decodeURIComponent(linkMatch[1]!));
      if (!link) return answer(response, record, '101', 'Không tìm thấy thông tin đơn thanh toán', null);
      if (method === 'GET' && !linkMatch[2]) return answer(response, record, '00', 'success', linkData(link));
      if (method === 'POST' && linkMatch[2]) {
        if (link.status !== 'PENDING' && link.status !== 'UNDERPAID') return answer(response, record, '20', 'Đơn thanh toán không thể hủy', null);
        fake.cancel(link.orderCode, typeof body.cancellationReason === 'string' ? body.cancellationReason : 'Hủy bởi người bán');
        return answer(response, record, '00', 'success', linkData(link));
      }
    }

    if (method === 'POST' && url.pathname === '/confirm-webhook') {
      const webhookUrl = body.webhookUrl;
      if (typeof webhookUrl !== 'string') return answer(response, record, '20', 'Thông tin truyền lên không đúng.', null);
      // payOS' documented sample webhook: not an order of the merchant's, signed with its key.
      const blank = {
        virtualAccountName: '',
        virtualAccountNumber: '',
        counterAccountBankId: '',
        counterAccountBankName: '',
        counterAccountName: '',
        counterAccountNumber: '',
      };
      const sample = {
        reference: 'TF230204212323',
        amount: 3000,
        accountNumber: '12345678',
        description: 'VQRIO123',
        transactionDateTime: '2023-02-04 18:25:00',
        ...blank,
      };
      const test = webhookFor(PAYOS_TEST_WEBHOOK_ORDER_CODE, '124c33293c43417ab7879e14c8d9eb18', sample, {});
      const delivered = await fake.deliver(test, webhookUrl).catch(() => ({ status: 0, body: null }));
      if (delivered.status < 200 || delivered.status > 299) return answer(response, record, '20', `Webhook url invalid (HTTP ${delivered.status})`, null);
      fake.webhookUrl = webhookUrl;
      return answer(response, record, '00', 'success', {
        webhookUrl,
        accountName: ACCOUNT.accountName,
        accountNumber: ACCOUNT.accountNumber,
        name: 'Atelier',
        shortName: 'VietinBank',
      });
    }
    return send(response, 404, { code: '404', desc: 'Not found', data: null });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, { code: '99', desc: String(error), data: null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = base;
  return fake;
}
