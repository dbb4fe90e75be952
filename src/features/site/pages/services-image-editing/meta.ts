import { msg } from '@lingui/core/macro';

/** The page's title and description, in its own catalog (see pages/pricing/meta.ts for why). */
export const SERVICES_IMAGE_EDITING_META = {
  title: msg`Chỉnh sửa ảnh sản phẩm bằng lời mô tả`,
  description: msg`Viết điều cần đổi — tăng sáng, ấm hơn, xóa nền, cắt vuông — cho một ảnh hoặc cả loạt 2 đến 10 ảnh. 1 tín dụng mỗi ảnh. Xem ví dụ thật.`,
};
