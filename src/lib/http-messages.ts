import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { HttpMessageKey } from '../contract/http-errors.ts';
import { messages as vi } from '../locales/vi/http-errors.po';
import { addCatalog, type Catalog } from './i18n.ts';

/**
 * The errors of no particular area (HTTP_MESSAGES of src/contract/http-errors.ts: a body, an input,
 * a cursor or a header the server cannot take, a path nothing answers, a failure on its side) in
 * the person's language, by the answer's `code` (docs/product-rules.md#api-errors). The server's
 * text is English and, for `invalidInput`, lists schema issues for a developer: the SPA shows these
 * words instead, with the one figure a text carries (a size, a length) read from it.
 *
 * Loaded with the first error answer that carries a code (./error-words.ts, which the screens
 * call), with its Vietnamese catalog (`http-errors`, lingui.config.ts; the English one loads when
 * it is the language): no screen shows these before a call fails, so a first screen carries neither.
 */
export const HTTP_MESSAGE_DESCRIPTORS = {
  invalidInput: msg`Một số thông tin gửi lên chưa hợp lệ. Vui lòng kiểm tra lại rồi thử lại.`,
  invalidJson: msg`Máy chủ không đọc được dữ liệu gửi lên. Vui lòng tải lại trang rồi thử lại.`,
  unreadableBody: msg`Dữ liệu gửi lên bị gián đoạn giữa chừng. Vui lòng thử lại.`,
  invalidContentLength: msg`Máy chủ không đọc được kích thước dữ liệu gửi lên. Vui lòng thử lại.`,
  // `{maxSize}`: the route's limit as the server wrote it, e.g. `64 KiB`.
  bodyTooLarge: msg({ message: 'Dữ liệu gửi lên quá lớn: mục này nhận tối đa {maxSize}.' }),
  invalidCursor: msg`Không tải tiếp được danh sách. Vui lòng tải lại trang.`,
  // `{maxLength}`: the longest key the route takes.
  invalidIdempotencyKey: msg({ message: 'Mã Idempotency-Key phải dài từ 1 đến {maxLength} ký tự nhìn thấy được.' }),
  localOnly: msg`Hộp thư đi và công cụ nhà phát triển chỉ mở được trên chính máy chủ (http://localhost), không qua proxy hay thiết bị khác.`,
  unknownPath: msg`Không tìm thấy địa chỉ này trên máy chủ.`,
  unstorableValue: msg`Thông tin gửi lên có ký tự hoặc con số không lưu được. Vui lòng kiểm tra lại.`,
  requestRefused: msg`Máy chủ không xử lý được yêu cầu này.`,
  internalError: msg`Máy chủ gặp sự cố. Vui lòng thử lại.`,
} as const satisfies Record<HttpMessageKey, MessageDescriptor>;

export function isHttpCode(value: unknown): value is HttpMessageKey {
  return typeof value === 'string' && Object.hasOwn(HTTP_MESSAGE_DESCRIPTORS, value);
}

/**
 * The figure a server text carries, from the English text itself (the contract's table stays off
 * the client's bundle): `… at most 64 KiB.` → `64 KiB`; `… 1 to 200 visible …` → `200`.
 */
const VALUE_PATTERNS: Partial<Record<HttpMessageKey, { name: string; pattern: RegExp }>> = {
  bodyTooLarge: { name: 'maxSize', pattern: /at most (.+?)\.?$/ },
  invalidIdempotencyKey: { name: 'maxLength', pattern: /1 to (\d+)/ },
};

/**
 * The words of a code; `serverText` (the answer's English) gives the figure its words name, and is
 * what is said while the words are not loaded (an error kept from an earlier visit, offline).
 */
export function httpText(i18n: I18n, code: HttpMessageKey, serverText = ''): string {
  const descriptor = HTTP_MESSAGE_DESCRIPTORS[code];
  if (serverText && descriptor.id && !i18n.messages[descriptor.id]) return serverText;
  const value = VALUE_PATTERNS[code];
  const found = value ? value.pattern.exec(serverText)?.[1] : undefined;
  // Without its figure the sentence would show a bare placeholder: say what it can without it.
  if (value && !found) return i18n._(HTTP_MESSAGE_DESCRIPTORS.requestRefused);
  return i18n._({ ...descriptor, values: value && found ? { [value.name]: found } : undefined });
}

const CATALOG: Catalog = { vi, en: async () => (await import('../locales/en/http-errors.po')).messages };

/** Loads the catalog of these words, in the active language (and in every later one). */
export async function loadHttpCatalog(): Promise<void> {
  await addCatalog(CATALOG);
}
