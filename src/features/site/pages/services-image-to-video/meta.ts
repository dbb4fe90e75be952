import { msg } from '@lingui/core/macro';

/** The page's title and description, in its own catalog (see pages/pricing/meta.ts for why). */
export const SERVICES_IMAGE_TO_VIDEO_META = {
  title: msg`Biến ảnh sản phẩm thành video ngắn`,
  description: msg`Biến một ảnh tĩnh thành clip 5 đến 10 giây cho Reels, TikTok và trang sản phẩm. Từ 2 tín dụng mỗi clip. Xem ví dụ thật.`,
};
