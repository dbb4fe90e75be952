import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { AUTH_MESSAGES, type AuthMessageKey } from '../contract/auth.schema.ts';

/**
 * Every auth message of the contract (docs/product-rules.md#messages-auth) as a Lingui message: the contract carries the
 * English text and a stable key (also the server's error `code`); the interface shows the
 * translation of that key. The English catalog must hold exactly the contract's text.
 */
export const AUTH_MESSAGE_DESCRIPTORS = {
  invalidEmail: msg`Vui lòng nhập email hợp lệ`,
  passwordRequired: msg`Vui lòng nhập mật khẩu`,
  nameTooShort: msg`Tên phải có ít nhất 2 ký tự`,
  passwordTooShort: msg`Mật khẩu phải có ít nhất 8 ký tự`,
  confirmRequired: msg`Vui lòng xác nhận mật khẩu`,
  passwordsDontMatch: msg`Mật khẩu không khớp`,
  invalidCode: msg`Vui lòng nhập mã xác minh hợp lệ`,
  emailNotInSession: msg`Không tìm thấy email trong phiên. Vui lòng quay lại đăng nhập và thử lại.`,
  loginFailed: msg`Đăng nhập thất bại`,
  checkCredentials: msg`Vui lòng kiểm tra thông tin đăng nhập và thử lại.`,
  registrationFailed: msg`Đăng ký thất bại`,
  otpSendFailed: msg`Không gửi được mã OTP`,
  verificationFailed: msg`Xác minh thất bại`,
  invalidOtp: msg`Mã OTP không đúng. Vui lòng thử lại.`,
  requestFailed: msg`Yêu cầu thất bại`,
  resetFailed: msg`Đặt lại mật khẩu thất bại`,
  invalidResetToken: msg`Mã đặt lại mật khẩu không hợp lệ hoặc đã hết hạn.`,
  forgotPasswordSent: msg`Nếu có tài khoản dùng email này, bạn sẽ nhận được hướng dẫn đặt lại mật khẩu.`,
  accessDenied: msg`Từ chối truy cập`,
  googleLoginFailed: msg`Đăng nhập Google thất bại`,
  emailNotVerified: msg`Vui lòng xác minh email trước khi đăng nhập. Chúng tôi đã gửi cho bạn một mã xác minh.`,
  // `{n}`: whole minutes to wait, from the error body's retry_after_seconds.
  tooManyAttempts: msg({ message: 'Bạn đã thử quá nhiều lần. Vui lòng đợi {n, plural, other {# phút}} rồi thử lại.' }),
  otpExpired: msg`Mã này đã hết hạn. Vui lòng yêu cầu mã mới.`,
  otpTooManyTries: msg`Bạn đã nhập sai mã quá nhiều lần. Vui lòng yêu cầu mã mới.`,
  emailTaken: msg`Email này đã có tài khoản. Vui lòng đăng nhập.`,
  signInRequired: msg`Vui lòng đăng nhập để tiếp tục.`,
  sessionExpired: msg`Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.`,
  googleNotConfigured: msg`Máy chủ này chưa cấu hình đăng nhập bằng Google.`,
  identityTokenInvalid: msg`Không xác minh được lần đăng nhập Google của bạn. Vui lòng thử lại.`,
  identityMismatch: msg`Thông tin đăng nhập không khớp với tài khoản Google của bạn. Vui lòng thử lại.`,
  identityEmailUnverified: msg`Email này đã có tài khoản. Hãy đăng nhập bằng mật khẩu, hoặc xác minh email với Google trước.`,
  identityUnverified: msg`Email của tài khoản Google này chưa được xác minh. Hãy xác minh email với Google rồi đăng nhập lại.`,
  invalidPictureAddress: msg`Địa chỉ ảnh đại diện phải bắt đầu bằng http:// hoặc https://.`,
} as const satisfies Record<AuthMessageKey, MessageDescriptor>;

export type AuthCode = AuthMessageKey;
export type MessageValues = Record<string, string | number>;

const BY_TEXT = new Map<string, AuthMessageKey>((Object.entries(AUTH_MESSAGES) as [AuthMessageKey, string][]).map(([key, text]) => [text, key]));

export function isAuthCode(value: unknown): value is AuthCode {
  return typeof value === 'string' && Object.hasOwn(AUTH_MESSAGE_DESCRIPTORS, value);
}

/**
 * A message for a person: a known code, or a contract text (a valibot issue carries the English
 * text), is translated; any other text is shown as it is.
 */
export function authMessage(i18n: I18n, codeOrText: string, values?: MessageValues): string {
  if (isAuthCode(codeOrText)) return i18n._({ ...AUTH_MESSAGE_DESCRIPTORS[codeOrText], values });
  const key = BY_TEXT.get(codeOrText);
  return key ? i18n._(AUTH_MESSAGE_DESCRIPTORS[key]) : codeOrText;
}

/** The translated message of a key. */
export function authText(i18n: I18n, code: AuthCode, values?: MessageValues): string {
  return i18n._({ ...AUTH_MESSAGE_DESCRIPTORS[code], values });
}
