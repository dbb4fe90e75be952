import { msg } from '@lingui/core/macro';

/**
 * The page's title and description, in the page's own catalog (like the pricing page's): the
 * `site` catalog every public page loads has no room for them.
 */
export const API_DOCS_META = {
  title: msg`Tài liệu API`,
  description: msg`Tài liệu API công khai của Atelier: xác thực bằng token, giới hạn tần suất, idempotency, webhook, mã lỗi và tham chiếu đầy đủ với ví dụ curl, JavaScript và Python.`,
};
