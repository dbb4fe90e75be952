import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BillingMessageKey } from '../../contract/billing.schema.ts';
import { ApiError } from '../../lib/api.ts';
import { apiErrorText } from '../../lib/error-words.ts';

/**
 * The billing screens' words for each billing error code (BILLING_MESSAGES of the contract, whose
 * English text API clients read): a seller reads these in the app's language, never the server's
 * English. Typed to word every code, so a new code without words fails the typecheck. The English
 * words are the contract's text, but where the screen says the rest itself.
 */
export const BILLING_ERROR_WORDS = {
  methodUnavailable: msg`Phương thức thanh toán này hiện không dùng được. Vui lòng chọn phương thức khác.`,
  notPurchasable: msg`Gói này không mua trực tuyến được. Hãy liên hệ với chúng tôi để có gói riêng.`,
  upgradeNeedsAnnual: msg`Gói theo năm hiện tại của bạn còn giá trị hơn một tháng của gói mới: hãy chọn thanh toán theo năm để nâng cấp.`,
  paymentNotFound: msg`Không tìm thấy giao dịch thanh toán này.`,
  // The checkout says itself that nothing was charged, whatever failed: not said twice here.
  providerUnavailable: msg`Không kết nối được với cổng thanh toán. Vui lòng thử lại sau ít phút.`,
  idempotencyMismatch: msg`Đơn thanh toán này đã được gửi với nội dung khác. Vui lòng tải lại trang rồi thử lại.`,
  scheduleInvalid: msg`Chỉ có thể hẹn chuyển xuống gói thấp hơn vào cuối chu kỳ; nâng cấp được áp dụng ngay qua thanh toán.`,
  noSubscription: msg`Bạn chưa có gói trả phí nào để thay đổi.`,
  receiptUnavailable: msg`Chỉ giao dịch đã hoàn tất mới có biên lai.`,
  unknownProvider: msg`Không nhận ra cổng thanh toán này.`,
} as const satisfies Record<BillingMessageKey, MessageDescriptor>;

function isBillingCode(code: unknown): code is BillingMessageKey {
  return typeof code === 'string' && Object.hasOwn(BILLING_ERROR_WORDS, code);
}

/** What a failed billing call says to the seller: a billing code's words, else apiErrorText's. */
export function billingErrorText(i18n: I18n, error: unknown): string {
  const code = error instanceof ApiError ? error.code : undefined;
  return isBillingCode(code) ? i18n._(BILLING_ERROR_WORDS[code]) : apiErrorText(i18n, error);
}
