import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CREDIT_CAP_MAX, TOKEN_MESSAGES, TOKENS_PER_ACCOUNT_MAX, type TokenMessageKey } from '../../contract/tokens.ts';
import type { ApiTokenService, TokenExpiryPreset } from '../../contract/token-terms.ts';
import type { DeliveryStatus, TokenStatus, WebhookEvent } from '../../contract/tokens.schema.ts';
import { ApiError } from '../../lib/api.ts';
import { apiErrorText } from '../../lib/error-words.ts';
import { STUDIOS } from '../registry/studios.ts';

/**
 * The words of the /api-management screen for the contract's values (status, service, expiry,
 * delivery) and for the server's coded answers, in the reader's language.
 */

/** A service's name is its studio's, as the sidebar and the studios say it (the ids are the same). */
export function serviceName(i18n: I18n, service: ApiTokenService): string {
  return i18n._(STUDIOS[service].name);
}

export const STATUS_LABELS: Readonly<Record<TokenStatus, MessageDescriptor>> = {
  active: msg`Đang hoạt động`,
  inactive: msg`Đã tắt`,
  expired: msg`Đã hết hạn`,
};

/** The chip tone of a token's status. */
export const STATUS_TONES: Readonly<Record<TokenStatus, 'success' | 'neutral' | 'danger'>> = {
  active: 'success',
  inactive: 'neutral',
  expired: 'danger',
};

export const EXPIRY_LABELS: Readonly<Record<TokenExpiryPreset, MessageDescriptor>> = {
  '1': msg`1 ngày`,
  '7': msg`7 ngày`,
  '30': msg`30 ngày`,
  '90': msg`90 ngày`,
  never: msg`Không hết hạn`,
};

export const DELIVERY_STATUS_LABELS: Readonly<Record<DeliveryStatus, MessageDescriptor>> = {
  pending: msg`Đang gửi`,
  delivered: msg`Đã gửi`,
  failed: msg`Thất bại`,
};

export const DELIVERY_STATUS_TONES: Readonly<Record<DeliveryStatus, 'success' | 'warning' | 'danger'>> = {
  pending: 'warning',
  delivered: 'success',
  failed: 'danger',
};

export const EVENT_LABELS: Readonly<Record<WebhookEvent, MessageDescriptor>> = {
  'generation.completed': msg`Tạo xong`,
  'generation.failed': msg`Tạo thất bại`,
  'generation.cancelled': msg`Đã hủy`,
};

/** The colour of an HTTP status in the request log: 2xx and 3xx fine, 4xx the caller's, 5xx ours. */
export function httpStatusTone(status: number): 'success' | 'warning' | 'danger' {
  if (status >= 500) return 'danger';
  if (status >= 400) return 'warning';
  return 'success';
}

// ── The server's coded answers ─────────────────────────────────────────────────────────

/** The screen's text for each of the server's token codes (src/contract/tokens.ts TOKEN_MESSAGES). */
export const TOKEN_ERROR_TEXT: Readonly<Record<TokenMessageKey, MessageDescriptor>> = {
  nameRequired: msg`Vui lòng nhập tên token.`,
  permissionsRequired: msg`Vui lòng chọn ít nhất một quyền dịch vụ.`,
  rateLimitRange: msg`Giới hạn tốc độ phải từ 1 đến 1000 yêu cầu mỗi phút.`,
  notFound: msg`Không tìm thấy token`,
  deliveryNotFound: msg`Không tìm thấy lần gửi webhook này`,
  planRequired: msg`Gói của bạn chưa có quyền truy cập API. Hãy nâng cấp lên Pro trở lên để tạo token API.`,
  tooManyTokens: msg`Mỗi tài khoản có tối đa ${TOKENS_PER_ACCOUNT_MAX} token. Hãy xóa một token bạn không còn dùng.`,
  invalidWebhookUrl: msg`URL webhook phải là địa chỉ https trên internet công cộng.`,
  creditCapRange: msg`Hạn mức tín dụng phải là số nguyên từ 1 đến ${CREDIT_CAP_MAX}.`,
  nothingToUpdate: msg`Không có thay đổi nào để lưu`,
};

const isTokenMessageKey = (value: unknown): value is TokenMessageKey => typeof value === 'string' && Object.hasOwn(TOKEN_MESSAGES, value);

/**
 * The code of a token error answer: its `code` when the screen knows it, else the code whose
 * English text the answer carries (a 422 of the contract's own schema says the text alone).
 */
export function tokenErrorCode(error: unknown): TokenMessageKey | undefined {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return undefined;
  const body = error.body as Record<string, unknown>;
  if (isTokenMessageKey(body.code)) return body.code;
  const text = typeof body.message === 'string' ? body.message : typeof body.detail === 'string' ? body.detail : undefined;
  const found = (Object.keys(TOKEN_MESSAGES) as TokenMessageKey[]).find((key) => TOKEN_MESSAGES[key] === text);
  return found;
}

/**
 * What a failed call says under its title: the screen's words for a known code, "no connection"
 * when no answer came, else the words of an HTTP_MESSAGES code or the server's own text (docs/product-rules.md#api-errors).
 */
export function tokenErrorText(i18n: I18n, error: unknown): string {
  const code = tokenErrorCode(error);
  if (code) return i18n._(TOKEN_ERROR_TEXT[code]);
  if (error instanceof ApiError) return apiErrorText(i18n, error);
  // No answer at all: offline, refused, or timed out.
  if (error instanceof TypeError || (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'))) {
    return i18n._(msg`Không kết nối được máy chủ. Vui lòng kiểm tra mạng và thử lại.`);
  }
  // An answer that is not what the contract says (a server of another version).
  return i18n._(msg`Máy chủ trả lời không đúng định dạng. Vui lòng tải lại trang.`);
}
