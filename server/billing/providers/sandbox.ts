/**
 * The sandbox provider (docs/product-rules.md#payments): the default without keys. It behaves
 * like a real one: it keeps its own record of each payment (`sandbox_payments`, standing for the
 * provider's database), serves a hosted payment page (./sandbox-page.ts) with a VietQR-style
 * code and "Pay", "Cancel" and "Fail" buttons, and tells our webhook the outcome in a signed
 * notification — the same route, the same verification, the same settlement as payOS, VNPay,
 * MoMo and Stripe. It can also be queried, as reconciliation does with the real ones.
 *
 * Signatures: HMAC-SHA256 (hex) with a key derived from the server's secret, over the raw body
 * (header `x-sandbox-signature`), and over `page:<order id>` for the hosted page's link.
 */
import { createHmac } from 'node:crypto';
import { sameHex } from './text.ts';
import * as v from 'valibot';
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/schema.ts';
import { endSandboxPayment, insertSandboxPayment, sandboxPayment } from './sandbox-repository.ts';
import {
  ProviderRequestError,
  ProviderSignatureError,
  type CreatedPayment,
  type NotificationOutcome,
  type PaymentProvider,
  type ProviderAnswer,
  type ProviderOrder,
  type ProviderPaymentState,
  type ProviderUrls,
  type RawNotification,
} from './types.ts';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

export interface SandboxConfig {
  /** Key of the signatures (derived from the server's secret by the caller). */
  secret: string;
}

export const SandboxNotificationSchema = v.object({
  event_id: v.pipe(v.string(), v.maxLength(100)),
  order_code: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
  state: v.picklist(['paid', 'cancelled', 'failed']),
  amount_vnd: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
  transaction_id: v.pipe(v.string(), v.maxLength(100)),
});
export type SandboxNotification = v.InferOutput<typeof SandboxNotificationSchema>;

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/** The sandbox's signatures compare like every provider's (./text.ts). */
export const safeEqualHex = sameHex;

export interface SandboxProvider extends PaymentProvider {
  /** The signature of the hosted page's link for `orderId`. */
  pageSignature(orderId: string): string;
  /** The signed body and headers of a notification, as the sandbox sends it to the webhook. */
  signNotification(notification: SandboxNotification): { body: string; headers: Record<string, string> };
}

/** The sandbox's answers: 200 for handled, 400 or 404 with the reason. */
const answer = (outcome: NotificationOutcome): ProviderAnswer => {
  switch (outcome) {
    case 'ok':
      return { status: 200, body: { ok: true } };
    case 'bad-signature':
      return { status: 400, body: { error: 'invalid signature' } };
    case 'unknown-order':
      return { status: 404, body: { error: 'unknown order' } };
    case 'amount-mismatch':
      return { status: 400, body: { error: 'amount does not match the order' } };
    case 'malformed':
      return { status: 400, body: { error: 'malformed notification' } };
  }
};

export function createSandboxProvider(config: SandboxConfig, db: Kysely<Tables>, now: () => Date = () => new Date()): SandboxProvider {
  return {
    id: 'sandbox',
    pageSignature: (orderId) => hmac(config.secret, `page:${orderId}`),
    signNotification(notification) {
      const body = JSON.stringify(notification);
      return { body, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: hmac(config.secret, body) } };
    },

    async createPayment(order: ProviderOrder, urls: ProviderUrls): Promise<CreatedPayment> {
      await insertSandboxPayment(db, { orderId: order.id, code: order.code, amountVnd: order.amountVnd, at: now() });
      const signature = hmac(config.secret, `page:${order.id}`);
      // The hosted page is on the origin the seller returns to (their checkout's), so the page's
      // relative links back and the return keep them on the origin that holds their session.
      return { checkoutUrl: `${new URL(urls.returnUrl).origin}/billing/sandbox/${order.id}?sig=${signature}`, providerRef: `SBX-${order.code}` };
    },

    async parseNotification(raw: RawNotification) {
      const given = raw.headers.get(SANDBOX_SIGNATURE_HEADER) ?? '';
      if (!safeEqualHex(hmac(config.secret, raw.rawBody), given)) throw new ProviderSignatureError();
      let parsed: SandboxNotification;
      try {
        parsed = v.parse(SandboxNotificationSchema, JSON.parse(raw.rawBody));
      } catch {
        throw new ProviderRequestError('the sandbox notification cannot be read', false);
      }
      return {
        eventId: parsed.event_id,
        order: { code: parsed.order_code },
        state: parsed.state,
        amountVnd: parsed.amount_vnd,
        providerRef: parsed.transaction_id,
        renewal: null,
        subscriptionRef: null,
      };
    },

    answer,

    async voidPayment(order) {
      // Like payOS closing a payment link: the page takes no more payment.
      await endSandboxPayment(db, order.id, 'cancelled', null, now());
    },

    async queryPayment(order) {
      const row = await sandboxPayment(db, order.id);
      if (!row) return { state: 'expired' as ProviderPaymentState, amountVnd: null, providerRef: null };
      return { state: row.state as ProviderPaymentState, amountVnd: row.amount_vnd, providerRef: row.transaction_id };
    },
  };
}

/** CRC-16/CCITT-FALSE of an EMVCo payload (tag 63). */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/**
 * A VietQR (NAPAS 247, EMVCo) payload for a transfer of `amountVnd` with the order code as its
 * message: the format a banking app scans. The sandbox's account is fictitious (bank BIN 970400
 * is not assigned), so scanning it pays nobody.
 */
export function vietQrPayload(amountVnd: number, message: string): string {
  const account = field('00', 'A000000727') + field('01', field('00', '970400') + field('01', '0000123456')) + field('02', 'QRIBFTTA');
  const body =
    field('00', '01') +
    field('01', '12') +
    field('38', account) +
    field('53', '704') +
    field('54', String(amountVnd)) +
    field('58', 'VN') +
    field('62', field('08', message.slice(0, 25)));
  const withCrcTag = `${body}6304`;
  return withCrcTag + crc16(withCrcTag);
}
