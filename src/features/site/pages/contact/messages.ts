import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CONTACT_DESCRIPTION_MAX, CONTACT_DESCRIPTION_MIN, CONTACT_FILE_MAX_MB, CONTACT_FILES_MAX, CONTACT_NAME_MAX, type ContactMessageKey, type ContactTopic } from '../../../../contract/contact-rules.ts';

/**
 * The page's words for each message the contract names (CONTACT_MESSAGES), in the reader's
 * language, whether the page's own check or the server found the problem; `name` is a file's
 * name, `minutes` the wait before another message can be sent.
 */
export function contactText(code: ContactMessageKey, name = '', minutes = 1): MessageDescriptor {
  switch (code) {
    case 'firstNameRequired':
      return msg`Vui lòng nhập tên của bạn.`;
    case 'lastNameRequired':
      return msg`Vui lòng nhập họ của bạn.`;
    case 'nameTooLong':
      return msg`Tên chỉ được dài tối đa ${CONTACT_NAME_MAX} ký tự.`;
    case 'invalidEmail':
      return msg`Vui lòng nhập email hợp lệ, ví dụ ban@vidu.vn.`;
    case 'invalidPhone':
      return msg`Vui lòng nhập số điện thoại hợp lệ: số Việt Nam như 0912 345 678, hoặc số quốc tế bắt đầu bằng +.`;
    case 'topicRequired':
      return msg`Vui lòng chọn chủ đề.`;
    case 'descriptionLength':
      return msg`Vui lòng mô tả yêu cầu của bạn trong khoảng ${CONTACT_DESCRIPTION_MIN} đến ${CONTACT_DESCRIPTION_MAX} ký tự.`;
    case 'invalidText':
      return msg`Nội dung có ký tự không hợp lệ. Vui lòng xóa ký tự đó rồi thử lại.`;
    case 'tooManyFiles':
      return msg`Bạn chỉ có thể đính kèm tối đa ${CONTACT_FILES_MAX} tệp.`;
    case 'invalidFileType':
      return msg`“${name}” không phải là tệp PNG, JPG hoặc PDF. Vui lòng chỉ đính kèm tệp PNG, JPG hoặc PDF.`;
    case 'fileTooLarge':
      return msg`“${name}” quá lớn. Mỗi tệp chỉ được tối đa ${CONTACT_FILE_MAX_MB} MB.`;
    case 'formTooLarge':
      return msg`Các tệp đính kèm quá lớn. Vui lòng bỏ bớt tệp rồi gửi lại.`;
    case 'notMultipart':
      return msg`Không gửi được biểu mẫu. Vui lòng tải lại trang rồi thử lại.`;
    case 'challengeMissing':
      return msg`Chưa hoàn tất kiểm tra chống spam. Vui lòng gửi lại.`;
    case 'challengeInvalid':
      return msg`Kiểm tra chống spam không thành công. Vui lòng gửi lại.`;
    case 'challengeExpired':
      return msg`Kiểm tra chống spam đã hết hạn. Vui lòng gửi lại.`;
    case 'challengeUsed':
      return msg`Biểu mẫu này đã được gửi. Vui lòng gửi lại nếu bạn muốn gửi thêm tin nhắn.`;
    case 'tooManyMessages':
      return msg`Bạn đã gửi nhiều tin nhắn trong thời gian ngắn. Vui lòng đợi ${minutes} phút rồi gửi tiếp.`;
  }
}

export const TOPIC_LABELS: Record<ContactTopic, MessageDescriptor> = {
  support: msg`Hỗ trợ kỹ thuật`,
  pricing: msg`Thông tin dịch vụ và bảng giá`,
  business: msg`Hợp tác kinh doanh`,
  feedback: msg`Góp ý`,
  other: msg`Khác`,
};
