/**
 * The sandbox provider's hosted payment page (docs/product-rules.md#payments), served by the
 * server as a real provider serves its own: `GET /billing/sandbox/:orderId?sig` shows the order,
 * a VietQR-style code and three buttons; `POST /billing/sandbox/:orderId/:action?sig` (pay,
 * cancel, fail) records the outcome in the sandbox's own table, sends the signed notification to
 * our webhook through the application (the same route and code the real providers reach) without
 * waiting for it, as a provider's server does, and sends the browser back to the return page.
 * The link's signature is the capability: only the order's checkout hands it out. An order a
 * newer checkout replaced (docs/product-rules.md#plan-settlement) says so and offers no button: the
 * sandbox closed its payment as payOS closes a link, so a stale tab's form takes no money.
 */
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import QRCode from 'qrcode';
import type { Kysely } from 'kysely';
import { RecordIdSchema } from '../../src/contract/input.schema.ts';
import * as v from 'valibot';
import type { Tables } from '../db/schema.ts';
import type { AppEnv } from '../http/types.ts';
import type { Logger } from '../logger.ts';
import { escapeHtml } from '../platform/html.ts';
import { describeOrder } from './mails.ts';
import { safeEqualHex, vietQrPayload, type SandboxProvider } from './providers/sandbox.ts';
import { endSandboxPayment, sandboxPayment } from './providers/sandbox-repository.ts';
import { orderById } from './repository.ts';

export interface SandboxPageDeps {
  db: Kysely<Tables>;
  provider: SandboxProvider;
  /** Hands a request to the application (its webhook route), as the provider's server would over the network. */
  dispatch: (request: Request) => Promise<Response>;
  publicUrl: string;
  logger: Logger;
  now: () => Date;
}

const ACTIONS = { pay: 'paid', cancel: 'cancelled', fail: 'failed' } as const;
type Action = keyof typeof ACTIONS;

const TEXT = {
  vi: {
    title: 'Cổng thanh toán thử nghiệm',
    notice: 'Đây là cổng thử nghiệm của Atelier: không có tiền thật nào được chuyển. Các cổng thật (payOS, VNPay, MoMo, Stripe) dùng cùng quy trình này.',
    order: 'Đơn hàng',
    amount: 'Số tiền',
    item: 'Nội dung',
    qr: 'Mã VietQR mẫu (tài khoản thử nghiệm: quét sẽ không chuyển tiền)',
    pay: 'Thanh toán',
    cancel: 'Hủy',
    fail: 'Mô phỏng thất bại',
    done: 'Đơn hàng này đã được xử lý.',
    superseded: 'Đơn hàng này đã được thay bằng một đơn hàng mới hơn nên không còn nhận thanh toán. Hãy thanh toán đơn mới nhất của bạn.',
    history: 'Xem lịch sử thanh toán',
    back: 'Quay lại Atelier',
    invalid: 'Liên kết thanh toán không hợp lệ hoặc đã hết hạn.',
  },
  en: {
    title: 'Sandbox payment page',
    notice: 'This is the Atelier sandbox: no real money moves. The real providers (payOS, VNPay, MoMo, Stripe) follow the same flow.',
    order: 'Order',
    amount: 'Amount',
    item: 'Item',
    qr: 'Sample VietQR code (test account: scanning it pays nobody)',
    pay: 'Pay',
    cancel: 'Cancel',
    fail: 'Simulate a failure',
    done: 'This order has already been handled.',
    superseded: 'This order was replaced by a newer one and no longer takes payment. Pay your newest order instead.',
    history: 'See your payment history',
    back: 'Back to Atelier',
    invalid: 'This payment link is not valid or has expired.',
  },
} as const;

function page(language: 'vi' | 'en', body: string): string {
  const t = TEXT[language];
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(t.title)} · Atelier</title>
<style>
body{margin:0;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;background:#f6f6f4;color:#1f1f1f}
main{max-width:440px;margin:32px auto;background:#fff;border-radius:16px;padding:28px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 8px}.notice{font-size:13px;color:#6b6b6b;background:#fff8e6;border-radius:8px;padding:10px 12px;line-height:1.5}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;font-size:15px}dt{color:#6b6b6b}dd{margin:0;font-weight:600}
.qr{text-align:center;margin:16px 0}.qr svg{width:220px;height:220px}.qr p{font-size:12px;color:#6b6b6b;margin:4px 0 0}
.actions{display:grid;gap:10px}form{display:grid}button,a.button{font:inherit;font-size:16px;padding:14px;border-radius:999px;border:1px solid #111;background:#fff;color:#111;cursor:pointer;text-align:center;text-decoration:none;min-height:48px}
button.primary{background:#111;color:#fff}button:focus-visible,a.button:focus-visible{outline:3px solid #7c5cff;outline-offset:2px}
</style></head><body><main><h1>${escapeHtml(t.title)}</h1><p class="notice">${escapeHtml(t.notice)}</p>${body}</main></body></html>`;
}

const vnd = (language: 'vi' | 'en', amount: number) =>
  new Intl.NumberFormat(language === 'vi' ? 'vi-VN' : 'en-US', { style: 'currency', currency: 'VND', maximumFractionDigits: 0 }).format(amount);

const invalid = (c: Context<AppEnv>) => c.html(page('vi', `<p>${escapeHtml(TEXT.vi.invalid)}</p><p>${escapeHtml(TEXT.en.invalid)}</p>`), 404);

export function sandboxPageRoutes(deps: SandboxPageDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const log = deps.logger.child({ area: 'billing', provider: 'sandbox' });

  /** The order behind a signed link, or null when the link is not one we handed out. */
  async function signedOrder(c: Context<AppEnv>) {
    const id = c.req.param('orderId') ?? '';
    const sig = c.req.query('sig') ?? '';
    if (!v.is(RecordIdSchema, id) || !safeEqualHex(deps.provider.pageSignature(id), sig)) return null;
    const order = await orderById(deps.db, id);
    const payment = await sandboxPayment(deps.db, id);
    return order && payment ? { order, payment, sig } : null;
  }

  app.get('/:orderId', async (c) => {
    const found = await signedOrder(c);
    c.header('Cache-Control', 'no-store');
    if (!found) return invalid(c);
    const { order, payment, sig } = found;
    const language = order.language;
    const t = TEXT[language];
    const details = `<dl><dt>${t.order}</dt><dd>#${order.code}</dd><dt>${t.item}</dt><dd>${escapeHtml(describeOrder(language, order.item, order.period))}</dd><dt>${t.amount}</dt><dd>${escapeHtml(vnd(language, order.amount_vnd))}</dd></dl>`;
    if (order.failure_reason === 'superseded') {
      return c.html(
        page(
          language,
          `${details}<p data-state="superseded">${escapeHtml(t.superseded)}</p><a class="button" href="/studio-pricing#payments">${escapeHtml(t.history)}</a>`,
        ),
      );
    }
    if (payment.state !== 'pending' || order.status !== 'pending') {
      return c.html(
        page(language, `${details}<p>${escapeHtml(t.done)}</p><a class="button" href="/payment/success?order=${order.id}">${escapeHtml(t.back)}</a>`),
      );
    }
    const qr = await QRCode.toString(vietQrPayload(order.amount_vnd, `ATL${order.code}`), { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    const form = (action: Action, label: string, primary = false) =>
      `<form method="post" action="/billing/sandbox/${order.id}/${action}?sig=${sig}"><button type="submit"${primary ? ' class="primary"' : ''} data-action="${action}">${escapeHtml(label)}</button></form>`;
    return c.html(
      page(
        language,
        `${details}<div class="qr">${qr}<p>${escapeHtml(t.qr)}</p></div><div class="actions">${form('pay', t.pay, true)}${form('cancel', t.cancel)}${form('fail', t.fail)}</div>`,
      ),
    );
  });

  app.post('/:orderId/:action', async (c) => {
    const action = c.req.param('action');
    const found = await signedOrder(c);
    if (!found || !(action in ACTIONS)) return invalid(c);
    const { order, payment } = found;
    const state = ACTIONS[action as Action];
    const transactionId = `SBX-${randomUUID().slice(0, 8).toUpperCase()}`;
    const changed = await endSandboxPayment(deps.db, order.id, state, transactionId, deps.now());
    if (changed) {
      const { body, headers } = deps.provider.signNotification({
        event_id: `${transactionId}:${state}`,
        order_code: Number(order.code),
        state,
        amount_vnd: payment.amount_vnd,
        transaction_id: transactionId,
      });
      // Like a provider's server: the notification travels on its own; the browser does not wait.
      void deps
        .dispatch(new Request(`${deps.publicUrl}/api/billing/webhooks/sandbox`, { method: 'POST', body, headers }))
        .then((response) => {
          if (!response.ok) log.warn({ orderId: order.id, status: response.status }, 'sandbox notification refused');
          return response.status;
        })
        .catch((error: unknown) => log.warn({ err: error, orderId: order.id }, 'sandbox notification not delivered'));
    }
    const target =
      state === 'paid'
        ? `/payment/success?order=${order.id}`
        : state === 'cancelled'
          ? `/payment/cancel?order=${order.id}`
          : `/payment/error?order=${order.id}&reason=declined`;
    return c.redirect(target, 303);
  });

  return app;
}
