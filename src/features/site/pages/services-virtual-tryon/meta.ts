import { msg } from '@lingui/core/macro';

/** The page's title and description, in its own catalog (see pages/pricing/meta.ts for why). */
export const SERVICES_VIRTUAL_TRYON_META = {
  title: msg`Thử đồ ảo cho shop thời trang`,
  description: msg`Mặc thử áo, váy, áo dài lên ảnh người mẫu ngay trên trình duyệt: 1 tín dụng mỗi món đồ, không cần buổi chụp mới. Xem ví dụ thật và cách làm.`,
};
