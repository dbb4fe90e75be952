import { msg } from '@lingui/core/macro';

/** The page's title and description, in the page's own catalog (like the about page's). */
export const CONTACT_META = {
  title: msg`Liên hệ`,
  description: msg`Gửi câu hỏi, yêu cầu hỗ trợ hoặc đề nghị hợp tác cho đội ngũ Atelier. Chúng tôi trả lời trong vòng 1 ngày làm việc.`,
};
