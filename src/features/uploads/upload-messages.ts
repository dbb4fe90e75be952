import { i18n as globalI18n, type I18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { MediaMessageKey } from '../../contract/media.ts';
import { formatStorageSize } from '../../lib/format.ts';
import { authText, type AuthCode } from '../../lib/auth-messages.ts';
import { httpWords } from '../../lib/error-words.ts';

/**
 * Upload messages (docs/product-rules.md#messages-uploads): every MEDIA_MESSAGES key of the contract as a Lingui
 * message (the English catalog holds exactly the contract's text), the client's own problems in
 * the same voice, and the per-kind 'Upload Successful' / 'Upload Failed' toasts.
 */
export const MEDIA_MESSAGE_DESCRIPTORS = {
  // `{acceptedTypes}`: e.g. 'JPEG, PNG, WebP'.
  invalidType: msg({ message: 'Loại tệp không hợp lệ. Vui lòng chỉ tải lên tệp {acceptedTypes}.' }),
  // `{maxSize}`: whole megabytes.
  tooLarge: msg({ message: 'Tệp quá lớn. Kích thước tối đa là {maxSize}MB.' }),
  uploadFailed: msg`Tải lên thất bại`,
  noFile: msg`Vui lòng chọn một tệp để tải lên.`,
  unreadableFile: msg`Không đọc được tệp này. Tệp có thể bị hỏng, vui lòng thử tệp khác.`,
  tooManyPixels: msg`Ảnh này có quá nhiều điểm ảnh để xử lý. Vui lòng tải lên ảnh nhỏ hơn.`,
  videoTooLarge: msg`Khung hình của video này quá lớn để xử lý (trên 8K). Vui lòng tải lên video nhỏ hơn.`,
  assetNotFound: msg`Không tải được tệp`,
  linkExpired: msg`Liên kết của tệp này đã hết hạn. Vui lòng tải lại trang.`,
  // `{n}`: whole minutes to wait.
  tooManyUploads: msg({ message: 'Bạn đã tải lên khá nhiều trong một giờ qua. Vui lòng đợi {n, plural, other {# phút}} rồi thử lại.' }),
  // `{used}`, `{limit}`: storage sizes, e.g. '4,9 GB'.
  storageFull: msg({ message: 'Không đủ dung lượng lưu trữ: đã dùng {used} trên {limit}. Hãy xóa bớt tệp trong thư viện để tải tệp này lên.' }),
  uploadMalformed: msg`Không đọc được tệp tải lên: dữ liệu gửi đi bị lỗi hoặc không đầy đủ.`,
  uploadInterrupted: msg`Việc tải lên bị gián đoạn.`,
  // `{field}`: the form field (purpose, role); `{allowed}`: the values it takes.
  invalidField: msg({ message: 'Dữ liệu không hợp lệ: {field} phải là một trong {allowed}' }),
  // `{cursorOrder}`, `{order}`: the library's sort orders.
  cursorOrderMismatch: msg({ message: 'Con trỏ trang này thuộc thứ tự "{cursorOrder}", không phải "{order}". Hãy tải lại trang đầu của thứ tự này.' }),
  // `{field}`: `from` or `to`.
  invalidDay: msg({ message: 'Dữ liệu không hợp lệ: {field} không phải một ngày có thật' }),
} as const satisfies Record<MediaMessageKey, MessageDescriptor>;

/** Problems the client finds itself (no server code): too many files, no connection, a stalled upload. */
export const CLIENT_UPLOAD_DESCRIPTORS = {
  // `{max}`: how many files the step takes.
  tooManyFiles: msg({ message: 'Chỉ chọn được tối đa {max, plural, other {# tệp}}.' }),
  network: msg`Không kết nối được máy chủ. Vui lòng kiểm tra mạng và thử lại.`,
  timeout: msg`Tải lên bị gián đoạn quá lâu. Vui lòng kiểm tra mạng và thử lại.`,
} as const;

export type UploadProblemCode = MediaMessageKey | keyof typeof CLIENT_UPLOAD_DESCRIPTORS;

/** What went wrong with one file: a code and the values of its placeholders. */
export interface UploadProblem {
  code: UploadProblemCode;
  values?: { acceptedTypes?: string; maxSize?: number; max?: number; n?: number };
  /** `storageFull`: the quota's figures in bytes, worded in the reader's language when shown. */
  storage?: { usedBytes: number; limitBytes: number };
  /** The server answered with an auth code (a 401 when the session ended): its translation is shown. */
  authCode?: AuthCode;
  /** The code of an answer no upload words know: the words of one of HTTP_MESSAGES (a body the server could not read, a failure on its side) are shown. */
  serverCode?: string;
  /** The server's text of an answer without a known code (code `uploadFailed`): shown when it is human. */
  serverText?: string;
}

/** What the person uploads a file as; each has its own success and failure toast (docs/product-rules.md#messages-uploads). */
export const UPLOAD_KINDS = ['model', 'garment', 'face', 'hair', 'image', 'video', 'mask'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const UPLOAD_SUCCESS_DESCRIPTORS = {
  model: msg`Tải ảnh người mẫu thành công`,
  garment: msg`Tải ảnh trang phục thành công`,
  face: msg`Tải ảnh khuôn mặt thành công`,
  hair: msg`Tải ảnh chân dung thành công`,
  image: msg`Tải ảnh lên thành công`,
  video: msg`Tải video lên thành công`,
  mask: msg`Tải mặt nạ lên thành công`,
} as const satisfies Record<UploadKind, MessageDescriptor>;

export const UPLOAD_FAILURE_DESCRIPTORS = {
  model: msg`Tải ảnh người mẫu thất bại`,
  garment: msg`Tải ảnh trang phục thất bại`,
  face: msg`Tải ảnh khuôn mặt thất bại`,
  hair: msg`Tải ảnh chân dung thất bại`,
  image: msg`Tải ảnh lên thất bại`,
  video: msg`Tải video lên thất bại`,
  mask: msg`Tải mặt nạ lên thất bại`,
} as const satisfies Record<UploadKind, MessageDescriptor>;

/** The line of the "waiting for the network" toast: how many files the outbox will send, in each language's plural forms. */
export function waitingUploadsText(waiting: number, i18n: I18n = globalI18n): string {
  return i18n._(msg`${plural(waiting, { other: '# tệp sẽ được tải lên khi có mạng trở lại.' })}`);
}

/** The translated text of a problem. */
export function describeUploadProblem(problem: UploadProblem, i18n: I18n = globalI18n): string {
  const values: Record<string, string | number> = { ...problem.values };
  if (problem.storage) {
    const locale = i18n.locale === 'en' ? 'en' : 'vi';
    values.used = formatStorageSize(problem.storage.usedBytes, locale);
    values.limit = formatStorageSize(problem.storage.limitBytes, locale);
  }
  if (problem.authCode) return authText(i18n, problem.authCode);
  const words = problem.serverCode ? httpWords(i18n, problem.serverCode, problem.serverText ?? '') : undefined;
  if (words) return words;
  if (Object.hasOwn(CLIENT_UPLOAD_DESCRIPTORS, problem.code)) {
    return i18n._({ ...CLIENT_UPLOAD_DESCRIPTORS[problem.code as keyof typeof CLIENT_UPLOAD_DESCRIPTORS], values });
  }
  // An answer without a code: the server's own text says why, unless it is the generic status line.
  const text = problem.serverText?.trim();
  if (problem.code === 'uploadFailed' && text && !/^API request failed with status: \d+$/.test(text)) return text;
  return i18n._({ ...MEDIA_MESSAGE_DESCRIPTORS[problem.code as MediaMessageKey], values });
}
