import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  CONTACT_DESCRIPTION_MAX,
  CONTACT_DESCRIPTION_MIN,
  CONTACT_FILE_MAX_MB,
  CONTACT_FILES_MAX,
  CONTACT_NAME_MAX,
  type ContactMessageKey,
} from '../../../../contract/contact.ts';

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
      return msg`Số điện thoại chưa đúng: số Việt Nam như 0912 345 678, hoặc số quốc tế bắt đầu bằng +.`;
    case 'topicRequired':
      return msg`Vui lòng chọn chủ đề.`;
    case 'descriptionLength':
      return msg`Mô tả cần dài từ ${CONTACT_DESCRIPTION_MIN} đến ${CONTACT_DESCRIPTION_MAX} ký tự.`;
    case 'invalidText':
      return msg`Có ký tự không hợp lệ, vui lòng xóa ký tự đó.`;
    case 'tooManyFiles':
      return msg`Bạn chỉ có thể đính kèm tối đa ${CONTACT_FILES_MAX} tệp.`;
    case 'invalidFileType':
      return msg`“${name}” không phải là tệp PNG, JPG hoặc PDF.`;
    case 'fileTooLarge':
      return msg`“${name}” quá lớn. Mỗi tệp chỉ được tối đa ${CONTACT_FILE_MAX_MB} MB.`;
    case 'tooManyMessages':
      return msg`Bạn đã gửi nhiều tin nhắn trong thời gian ngắn. Vui lòng đợi ${minutes} phút rồi gửi tiếp.`;
    default:
      // The proof of work was refused (it is solved again at once), or a form the page never
      // sends: sending again is the way out.
      return msg`Chưa gửi được. Vui lòng bấm Gửi lại.`;
  }
}
