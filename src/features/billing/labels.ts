import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isPackId, type ActivityItem, type BucketSource, type CreditBucket, type FailureReason, type PaymentStatus } from '../../contract/billing.schema.ts';
import { FEATURES, type Feature } from '../../contract/tools.ts';
import { PLAN_IDS, type BillingPeriod, type PlanId } from '../../contract/plans.ts';
import { PACKS, type PaymentMethod } from '../../contract/packs.ts';
import { PLAN_NAMES } from '../../lib/plan-names.ts';
import { featureName } from '../registry/studios.ts';

/**
 * The words of the billing screens for the contract's values: plan, pack, period, payment method,
 * payment status, failure reason, bucket source and credit activity, in the reader's language.
 */

export const PERIOD_LABELS: Readonly<Record<BillingPeriod, MessageDescriptor>> = {
  monthly: msg`Theo tháng`,
  annual: msg`Theo năm`,
};

export const METHOD_LABELS: Readonly<Record<PaymentMethod, MessageDescriptor>> = {
  payos: msg`Chuyển khoản VietQR (payOS)`,
  vnpay: msg`VNPay`,
  momo: msg`Ví MoMo`,
  stripe: msg`Thẻ quốc tế (Stripe)`,
  sandbox: msg`Cổng thử nghiệm (sandbox)`,
};

export const STATUS_LABELS: Readonly<Record<PaymentStatus, MessageDescriptor>> = {
  completed: msg`Hoàn tất`,
  pending: msg`Đang chờ`,
  failed: msg`Thất bại`,
};

/** The chip tone of a payment status. */
export const STATUS_TONES: Readonly<Record<PaymentStatus, 'success' | 'warning' | 'danger'>> = {
  completed: 'success',
  pending: 'warning',
  failed: 'danger',
};

export const FAILURE_LABELS: Readonly<Record<FailureReason, MessageDescriptor>> = {
  cancelled: msg`Bạn đã hủy thanh toán`,
  declined: msg`Cổng thanh toán từ chối giao dịch`,
  expired: msg`Hết thời hạn thanh toán`,
  error: msg`Cổng thanh toán gặp lỗi`,
  superseded: msg`Đã được thay bằng một đơn hàng mới hơn`,
};

export const BUCKET_SOURCE_LABELS: Readonly<Record<BucketSource, MessageDescriptor>> = {
  signup: msg`Quà tặng khi đăng ký`,
  plan: msg`Tín dụng của gói`,
  pack: msg`Gói tín dụng mua thêm`,
  grant: msg`Tín dụng được tặng`,
  refund: msg`Tín dụng hoàn lại`,
};

export const isPlanId = (value: string | null): value is PlanId => value !== null && (PLAN_IDS as readonly string[]).includes(value);
const isFeature = (value: string | null): value is Feature => value !== null && (FEATURES as readonly string[]).includes(value);

/** "Gói Pro (tháng)" / "Pro plan (monthly)"; without a period, "Gói Pro". */
export function planItemLabel(i18n: I18n, plan: PlanId, period: BillingPeriod | null): string {
  const name = i18n._(PLAN_NAMES[plan]);
  if (period === 'monthly') return i18n._(msg`Gói ${name} (tháng)`);
  if (period === 'annual') return i18n._(msg`Gói ${name} (năm)`);
  return i18n._(msg`Gói ${name}`);
}

/** "Gói 150 tín dụng" / "150-credit pack". */
export function packLabel(i18n: I18n, credits: number): string {
  return i18n._(msg`Gói ${credits} tín dụng`);
}

/** What was bought: a plan with its period, or a credit pack (a payment row's description). */
export function itemLabel(i18n: I18n, item: string, period: BillingPeriod | null): string {
  if (isPackId(item)) return packLabel(i18n, PACKS[item].credits);
  if (isPlanId(item)) return planItemLabel(i18n, item, period);
  return item;
}

/** A bucket's origin: "Gói Pro", "Gói 150 tín dụng", else its source. */
export function bucketLabel(i18n: I18n, bucket: Pick<CreditBucket, 'source' | 'item'>): string {
  if (bucket.source === 'plan' && isPlanId(bucket.item)) return planItemLabel(i18n, bucket.item, null);
  if (bucket.source === 'pack' && bucket.item && isPackId(bucket.item)) return packLabel(i18n, PACKS[bucket.item].credits);
  return i18n._(BUCKET_SOURCE_LABELS[bucket.source]);
}

/** A line of the credit activity in words: "Thử đồ ảo", "Hoàn tín dụng: Thử đồ ảo lỗi", "Gói Pro", "Hết hạn". */
export function activityLabel(i18n: I18n, item: Pick<ActivityItem, 'kind' | 'subject'>): string {
  const tool = isFeature(item.subject) ? i18n._(featureName(item.subject)) : null;
  switch (item.kind) {
    case 'generation':
      return tool ?? i18n._(msg`Tạo ảnh hoặc video`);
    case 'refund':
      return tool ? i18n._(msg`Hoàn tín dụng: ${tool} lỗi`) : i18n._(msg`Hoàn tín dụng`);
    case 'plan':
      return isPlanId(item.subject) ? planItemLabel(i18n, item.subject, null) : i18n._(msg`Tín dụng của gói`);
    case 'pack':
      return item.subject && isPackId(item.subject) ? packLabel(i18n, PACKS[item.subject].credits) : i18n._(msg`Gói tín dụng mua thêm`);
    case 'signup':
      return i18n._(BUCKET_SOURCE_LABELS.signup);
    case 'grant':
      return i18n._(BUCKET_SOURCE_LABELS.grant);
    case 'expiry':
      return i18n._(msg`Hết hạn`);
    case 'adjustment':
      return i18n._(msg`Điều chỉnh`);
  }
}

/** A signed credit amount: "+150", "−2" (a real minus sign), "0". */
export function signedCredits(amount: number, format: (value: number) => string): string {
  if (amount > 0) return `+${format(amount)}`;
  if (amount < 0) return `−${format(-amount)}`;
  return format(0);
}
