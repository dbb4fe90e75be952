import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ExpandIcon } from '../../ui/icons/site/ExpandIcon.tsx';
import { FigureIcon } from '../../ui/icons/site/FigureIcon.tsx';
import { FilmIcon } from '../../ui/icons/site/FilmIcon.tsx';
import { HangerIcon } from '../../ui/icons/site/HangerIcon.tsx';
import { ScissorsIcon } from '../../ui/icons/site/ScissorsIcon.tsx';
import { WandIcon } from '../../ui/icons/site/WandIcon.tsx';
import { type IconComponent } from '../../ui/icons/icon.tsx';
import { landingPath, STUDIO_IDS, TOOL_CATALOGUE, type CardPriceUnit, type StudioId } from '../../contract/tools.ts';

/** The AI tools as the public site presents them: the tool catalogue's studios (plain data: the site loads none of the app). */
export type ToolId = StudioId;

export interface SiteTool {
  name: MessageDescriptor;
  /** One short line, for menus. */
  summary: MessageDescriptor;
  /** One honest sentence, for cards. */
  description: MessageDescriptor;
  /** The landing page, or the app for a tool without one. */
  to: string;
  icon: IconComponent;
  /**
   * What it costs, as the cards quote it: the credits of one unit, the tool catalogue's, from the
   * contract's price list that the server charges by (src/contract/prices.ts, docs/product-rules.md#credits-prices).
   */
  price: SitePrice;
}

/** A tool's price on a card: `per` names the unit ('from': the cheapest job, the rest cost more). */
export interface SitePrice {
  credits: number;
  per: CardPriceUnit;
}

/** What only the site says of a tool (translated words, an icon); the rest is the catalogue's. */
type SiteWords = Omit<SiteTool, 'to' | 'price'>;

const SITE_WORDS = {
  'virtual-tryon': {
    name: msg`Thử đồ ảo`,
    summary: msg`Mặc thử một hay nhiều món đồ lên ảnh người mẫu`,
    description: msg`Tải ảnh người mẫu và một hoặc nhiều món đồ để xem cả bộ trang phục lên dáng ra sao, không cần một buổi chụp mới.`,
    icon: HangerIcon,
  },
  'image-editing': {
    name: msg`Chỉnh sửa ảnh`,
    summary: msg`Sửa một ảnh hoặc 2–10 ảnh bằng lời mô tả`,
    description: msg`Mô tả điều cần đổi — nền, ánh sáng, màu sắc, chi tiết thừa — cho một ảnh hoặc cả loạt từ 2 đến 10 ảnh.`,
    icon: WandIcon,
  },
  'image-to-video': {
    name: msg`Ảnh thành video`,
    summary: msg`Biến ảnh tĩnh thành clip 5, 8 hoặc 10 giây`,
    description: msg`Biến một ảnh tĩnh thành clip 5, 8 hoặc 10 giây có chuyển động tự nhiên, hợp cho Reels, TikTok và trang sản phẩm.`,
    icon: FilmIcon,
  },
  'body-generator': {
    name: msg`Tạo người mẫu`,
    summary: msg`Người mẫu ảo theo số đo và gương mặt bạn chọn`,
    description: msg`Nhập chiều cao, vóc dáng, thêm ảnh gương mặt nếu muốn, và nhận người mẫu ảo giống khách hàng thật của bạn.`,
    icon: FigureIcon,
  },
  'hairstyle-changer': {
    name: msg`Đổi kiểu tóc`,
    summary: msg`Xem trước kiểu và màu tóc mới trước khi cắt`,
    description: msg`Chọn kiểu, màu và tô vùng tóc cần đổi để khách xem trước diện mạo mới ngay trên ảnh của chính họ.`,
    icon: ScissorsIcon,
  },
  upscaler: {
    name: msg`Làm nét ảnh và video`,
    summary: msg`Phóng to ảnh 2–4 lần, làm nét video`,
    description: msg`Phóng to ảnh từ 2 đến 4 lần và nâng độ phân giải video, để ảnh sản phẩm vẫn sắc nét trên màn hình lớn.`,
    icon: ExpandIcon,
  },
} satisfies Record<ToolId, SiteWords>;

export const TOOLS: Readonly<Record<ToolId, SiteTool>> = Object.fromEntries(
  TOOL_CATALOGUE.map((tool) => [tool.id, { ...SITE_WORDS[tool.id], to: tool.landing ? landingPath(tool.id) : '/dashboard', price: tool.cardPrice }]),
) as Record<ToolId, SiteTool>;

/**
 * The Services dropdown: the tools with a landing page, in product order (docs/product-rules.md#tools,
 * #public-header): the catalogue's.
 */
export const SERVICE_MENU: readonly ToolId[] = TOOL_CATALOGUE.flatMap((tool) => (tool.landing ? [tool.id] : []));

/** The home page's tool grid, in product order (docs/product-rules.md#tools): the catalogue's. */
export const TOOL_SHOWCASE: readonly ToolId[] = STUDIO_IDS;
