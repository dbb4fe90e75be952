/**
 * Billing's mails, in the account's language: the renewal reminder (7 days and 1 day before a
 * cycle nothing renews ends, with a one-click renewal link) and the payment receipt.
 */
import type { BillingPeriod, PlanId } from '../../src/contract/plans.ts';
import { renderHtml, renderText, type Layout, type MailContent } from '../mail/templates.ts';

/** Plan names as docs/glossary.md has them: the free plan's is translated, the paid tiers' are product names. */
const PLAN_NAMES: Record<PlanId, string> = {
  free: 'Free',
  basic: 'Basic',
  starter: 'Starter',
  pro: 'Pro',
  professional: 'Professional',
  premium: 'Premium',
  enterprise: 'Enterprise',
};

const planName = (language: 'vi' | 'en', plan: PlanId) => (language === 'vi' && plan === 'free' ? 'Miễn phí' : PLAN_NAMES[plan]);

const dateIn = (language: 'vi' | 'en', date: Date) =>
  new Intl.DateTimeFormat(language === 'vi' ? 'vi-VN' : 'en-GB', { dateStyle: 'long', timeZone: 'Asia/Ho_Chi_Minh' }).format(date);
const vnd = (language: 'vi' | 'en', amount: number) =>
  new Intl.NumberFormat(language === 'vi' ? 'vi-VN' : 'en-US', { style: 'currency', currency: 'VND', maximumFractionDigits: 0 }).format(amount);

export interface RenewalMailInput {
  language: 'vi' | 'en';
  name: string;
  plan: PlanId;
  period: BillingPeriod;
  endsAt: Date;
  daysLeft: number;
  link: string;
}

export function renewalMail(input: RenewalMailInput): MailContent {
  const vi = input.language === 'vi';
  const plan = planName(input.language, input.plan);
  const end = dateIn(input.language, input.endsAt);
  const periodText = vi ? (input.period === 'annual' ? 'theo năm' : 'theo tháng') : input.period === 'annual' ? 'annual' : 'monthly';
  const layout: Layout = vi
    ? {
        language: 'vi',
        preheader: `Gói ${plan} của bạn kết thúc ngày ${end}`,
        greeting: `Xin chào ${input.name},`,
        paragraphs: [
          `Gói ${plan} của bạn kết thúc ngày ${end} (còn ${input.daysLeft} ngày). Sau ngày đó tài khoản trở về gói Miễn phí: tín dụng của gói hết hạn, ảnh xuất có watermark.`,
          `Gia hạn gói ${plan} (${periodText}) chỉ với một lần nhấn:`,
        ],
        highlight: { kind: 'button', label: `Gia hạn gói ${plan}`, href: input.link },
        after: [
          'Chu kỳ mới bắt đầu đúng lúc chu kỳ hiện tại kết thúc, nên gia hạn sớm không làm bạn mất ngày nào. Tín dụng đã mua thêm vẫn giữ nguyên hạn dùng 12 tháng.',
        ],
        signature: 'Trân trọng,\nĐội ngũ Atelier',
      }
    : {
        language: 'en',
        preheader: `Your ${plan} plan ends on ${end}`,
        greeting: `Hello ${input.name},`,
        paragraphs: [
          `Your ${plan} plan ends on ${end} (${input.daysLeft} ${input.daysLeft === 1 ? 'day' : 'days'} left). After that the account returns to the Free plan: the plan's credits expire and exports carry a watermark.`,
          `Renew the ${plan} plan (${periodText}) in one click:`,
        ],
        highlight: { kind: 'button', label: `Renew ${plan}`, href: input.link },
        after: ['The new cycle starts exactly when the current one ends, so renewing early costs you no days. Credits you bought keep their 12 months.'],
        signature: 'Best regards,\nThe Atelier team',
      };
  return {
    kind: 'renewal',
    subject: vi
      ? `Gói ${plan} của bạn kết thúc sau ${input.daysLeft} ngày`
      : `Your ${plan} plan ends in ${input.daysLeft} ${input.daysLeft === 1 ? 'day' : 'days'}`,
    text: renderText(layout),
    html: renderHtml(layout),
  };
}

export interface ReceiptMailInput {
  language: 'vi' | 'en';
  name: string;
  receiptNumber: string;
  what: string;
  amountVnd: number;
  credits: number;
  /** Money the payment put into the account's balance (docs/product-rules.md#plan-settlement). */
  balanceAddedVnd: number;
  /** It bought only balance: 'superseded' (a newer checkout replaced it) or 'changed' (the plan in force changed since its quote); null: it bought `what`. */
  onlyBalance: 'superseded' | 'changed' | null;
  link: string;
}

/** What the money did, in the mail's language. */
function receiptFacts(input: ReceiptMailInput): string {
  const vi = input.language === 'vi';
  const amount = vnd(input.language, input.amountVnd);
  if (input.onlyBalance !== null) {
    const why = vi
      ? input.onlyBalance === 'superseded'
        ? 'một đơn hàng mới hơn đã thay thế đơn này'
        : 'gói đang dùng đã thay đổi từ lúc đặt đơn nên số tiền này không còn đủ cho đơn'
      : input.onlyBalance === 'superseded'
        ? 'a newer order had replaced this one'
        : 'the plan in force had changed since the order, so this amount no longer pays for it';
    return vi
      ? `Atelier đã nhận thanh toán ${amount} (biên nhận ${input.receiptNumber}) của đơn ${input.what}. Khi tiền đến, ${why}: toàn bộ ${amount} đã được cộng vào số dư tài khoản của bạn và sẽ tự động được trừ vào lần thanh toán tới.`
      : `Atelier received your payment of ${amount} (receipt ${input.receiptNumber}) for the order of ${input.what}. When the money arrived, ${why}: all ${amount} was added to your account balance and comes off your next payment.`;
  }
  const rest = input.balanceAddedVnd > 0 ? vnd(input.language, input.balanceAddedVnd) : null;
  return vi
    ? `Atelier đã nhận thanh toán ${amount} cho ${input.what} (biên nhận ${input.receiptNumber}). ${input.credits} tín dụng đã được cộng vào tài khoản của bạn.${rest ? ` Phần chưa dùng còn lại của gói trước, ${rest}, đã vào số dư tài khoản.` : ''}`
    : `Atelier received your payment of ${amount} for ${input.what} (receipt ${input.receiptNumber}). ${input.credits} credits were added to your account.${rest ? ` The rest of your previous plan's unused part, ${rest}, went to your account balance.` : ''}`;
}

export function receiptMail(input: ReceiptMailInput): MailContent {
  const vi = input.language === 'vi';
  const amount = vnd(input.language, input.amountVnd);
  const layout: Layout = vi
    ? {
        language: 'vi',
        preheader: `Đã nhận thanh toán ${amount}`,
        greeting: `Xin chào ${input.name},`,
        paragraphs: [receiptFacts(input)],
        highlight: { kind: 'button', label: 'Xem biên nhận', href: input.link },
        after: ['Giá đã bao gồm VAT. Nếu có lần tạo nào lỗi, tín dụng của lần đó được hoàn lại tự động.'],
        signature: 'Trân trọng,\nĐội ngũ Atelier',
      }
    : {
        language: 'en',
        preheader: `Payment of ${amount} received`,
        greeting: `Hello ${input.name},`,
        paragraphs: [receiptFacts(input)],
        highlight: { kind: 'button', label: 'View receipt', href: input.link },
        after: ['Prices include VAT. Any generation that fails gives its credits back automatically.'],
        signature: 'Best regards,\nThe Atelier team',
      };
  return {
    kind: 'receipt',
    subject: vi ? `Biên nhận ${input.receiptNumber}` : `Receipt ${input.receiptNumber}`,
    text: renderText(layout),
    html: renderHtml(layout),
  };
}

export function describeOrder(language: 'vi' | 'en', item: string, period: BillingPeriod | null): string {
  const vi = language === 'vi';
  if (item in PLAN_NAMES) {
    const plan = planName(language, item as PlanId);
    return vi ? `gói ${plan} ${period === 'annual' ? '(12 tháng)' : '(1 tháng)'}` : `the ${plan} plan ${period === 'annual' ? '(12 months)' : '(1 month)'}`;
  }
  const credits = item.replace('pack_', '');
  return vi ? `gói ${credits} tín dụng` : `a pack of ${credits} credits`;
}
