import { msg } from '@lingui/core/macro';

/**
 * The page's title and description, in the page's own catalog (loaded before the page renders)
 * like the pricing page's: `site`, which every public page and the SPA load, does not carry them.
 */
export const ABOUT_META = {
  title: msg`Về Atelier`,
  description: msg`Câu chuyện, sứ mệnh và đội ngũ đứng sau Atelier — studio AI giúp người bán hàng và salon Việt tạo hình ảnh đẹp, nhanh và tiết kiệm.`,
};
