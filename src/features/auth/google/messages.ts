import { msg } from '@lingui/core/macro';

/** The words of Google and identity-provider sign-in (docs/product-rules.md#identity-rules, #messages-google). */
export const GOOGLE_MESSAGES = {
  popupBlocked: msg`Cửa sổ bật lên đã bị chặn. Vui lòng cho phép cửa sổ bật lên và thử lại.`,
  internalWithDetails: msg`Xác thực thất bại do lỗi nội bộ. Vui lòng thử lại hoặc liên hệ bộ phận hỗ trợ.`,
  internalNoDetails: msg`Xác thực thất bại do sự cố cấu hình. Vui lòng liên hệ bộ phận hỗ trợ nếu lỗi vẫn tiếp diễn.`,
  possibleCauses: msg`Nguyên nhân có thể:`,
  suggestedActions: msg`Bạn có thể thử:`,
  unknownError: msg`Đã xảy ra lỗi không xác định`,
  firebaseConfigurationError: msg`Lỗi cấu hình Firebase`,
  contactSupport: msg`Vui lòng liên hệ bộ phận hỗ trợ.`,
  networkConnectionError: msg`Lỗi kết nối mạng`,
  checkConnection: msg`Vui lòng kiểm tra kết nối mạng và thử lại.`,
  authenticationError: msg`Lỗi xác thực`,
  invalidSignInData: msg`Dữ liệu đăng nhập không hợp lệ. Vui lòng thử lại.`,
  firebaseAuthenticationFailed: msg`Xác thực Firebase thất bại`,
  configValidationFailed: msg`Kiểm tra cấu hình Firebase thất bại`,
  invalidEmailAddress: msg`Địa chỉ email không hợp lệ`,
  passwordRequired: msg`Vui lòng nhập mật khẩu`,
  passwordMin6: msg`Mật khẩu phải có ít nhất 6 ký tự`,
} as const;

/** docs/product-rules.md#messages-google: what may have gone wrong, and what to try, when an internal error has details. */
export const INTERNAL_ERROR_CAUSES = [
  msg`Máy chủ xác thực đang gặp sự cố`,
  msg`Kết nối mạng không ổn định`,
  msg`Trình duyệt chặn cửa sổ bật lên`,
  msg`Cấu hình đăng nhập chưa đúng`,
] as const;

export const INTERNAL_ERROR_ACTIONS = [
  msg`Thử lại và cho phép cửa sổ bật lên`,
  msg`Kiểm tra kết nối mạng`,
  msg`Thử đăng nhập bằng cách chuyển hướng`,
  msg`Liên hệ bộ phận hỗ trợ nếu lỗi vẫn tiếp diễn`,
] as const;
