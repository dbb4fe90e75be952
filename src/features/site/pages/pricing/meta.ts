import { msg } from '@lingui/core/macro';

/**
 * The page's title and description. Written here rather than in pages.ts so their text is in the
 * page's own catalog (loaded before the page renders) and not in `site`, which every public page
 * loads: the home page's script budget has no room for another page's description.
 */
export const PRICING_META = {
  title: msg`Bảng giá`,
  description: msg`Bảng giá Atelier bằng VND: gói miễn phí, các gói cá nhân và doanh nghiệp theo tháng hoặc theo năm, và tín dụng mua thêm.`,
};
