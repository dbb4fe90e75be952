import { msg } from '@lingui/core/macro';

/** The page's title and description, in its own catalog (see pages/pricing/meta.ts for why). */
export const SERVICES_HAIRSTYLE_CHANGER_META = {
  title: msg`Đổi màu và kiểu tóc trên ảnh cho salon`,
  description: msg`Cho khách xem trước màu tóc mới ngay trên ảnh của chính họ trước khi nhuộm: tô vùng tóc, chọn màu, 1 tín dụng mỗi lần. Xem ví dụ thật.`,
};
