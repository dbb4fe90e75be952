import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ExpandIcon } from '../../ui/icons/site/ExpandIcon.tsx';
import { FigureIcon } from '../../ui/icons/site/FigureIcon.tsx';
import { FilmIcon } from '../../ui/icons/site/FilmIcon.tsx';
import { HangerIcon } from '../../ui/icons/site/HangerIcon.tsx';
import { ScissorsIcon } from '../../ui/icons/site/ScissorsIcon.tsx';
import { WandIcon } from '../../ui/icons/site/WandIcon.tsx';
import { type IconComponent } from '../../ui/icons/icon.tsx';
import { CREDIT_PRICES } from '../../contract/prices.ts';
import type { StudioId } from '../registry/studios.ts';

/** The six AI tools as the public site presents them: the studios (a type only: the site loads none of the app). */
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
   * What it costs, as the cards quote it: the credits of one unit, from the contract's price list
   * that the server charges by (src/contract/prices.ts, docs/product-rules.md#credits-prices).
   */
  price: SitePrice;
}

/** A tool's price on a card: `per` names the unit ('from': the cheapest job, the rest cost more). */
export interface SitePrice {
  credits: number;
  per: 'garment' | 'image' | 'model' | 'look' | 'clip-from' | 'from';
}

export const TOOLS: Record<ToolId, SiteTool> = {
  'virtual-tryon': {
    name: msg`Thử đồ ảo`,
    summary: msg`Mặc thử một hay nhiều món đồ lên ảnh người mẫu`,
    description: msg`Tải ảnh người mẫu và một hoặc nhiều món đồ để xem cả bộ trang phục lên dáng ra sao, không cần một buổi chụp mới.`,
    to: '/services/virtual-tryon',
    icon: HangerIcon,
    price: { credits: CREDIT_PRICES.tryOnPerGarment, per: 'garment' },
  },
  'image-editing': {
    name: msg`Chỉnh sửa ảnh`,
    summary: msg`Sửa một ảnh hoặc 2–10 ảnh bằng lời mô tả`,
    description: msg`Mô tả điều cần đổi — nền, ánh sáng, màu sắc, chi tiết thừa — cho một ảnh hoặc cả loạt từ 2 đến 10 ảnh.`,
    to: '/services/image-editing',
    icon: WandIcon,
    price: { credits: CREDIT_PRICES.editPerImage, per: 'image' },
  },
  'image-to-video': {
    name: msg`Ảnh thành video`,
    summary: msg`Biến ảnh tĩnh thành clip 5, 8 hoặc 10 giây`,
    description: msg`Biến một ảnh tĩnh thành clip 5, 8 hoặc 10 giây có chuyển động tự nhiên, hợp cho Reels, TikTok và trang sản phẩm.`,
    to: '/services/image-to-video',
    icon: FilmIcon,
    price: { credits: CREDIT_PRICES.video5s480p, per: 'clip-from' },
  },
  'body-generator': {
    name: msg`Tạo người mẫu`,
    summary: msg`Người mẫu ảo theo số đo và gương mặt bạn chọn`,
    description: msg`Nhập chiều cao, vóc dáng, thêm ảnh gương mặt nếu muốn, và nhận người mẫu ảo giống khách hàng thật của bạn.`,
    to: '/services/body-generator',
    icon: FigureIcon,
    price: { credits: CREDIT_PRICES.bodyGenerator, per: 'model' },
  },
  'hairstyle-changer': {
    name: msg`Đổi kiểu tóc`,
    summary: msg`Xem trước kiểu và màu tóc mới trước khi cắt`,
    description: msg`Chọn kiểu, màu và tô vùng tóc cần đổi để khách xem trước diện mạo mới ngay trên ảnh của chính họ.`,
    to: '/services/hairstyle-changer',
    icon: ScissorsIcon,
    price: { credits: CREDIT_PRICES.hairstyle, per: 'look' },
  },
  upscaler: {
    name: msg`Làm nét ảnh và video`,
    summary: msg`Phóng to ảnh 2–4 lần, làm nét video`,
    description: msg`Phóng to ảnh từ 2 đến 4 lần và nâng độ phân giải video, để ảnh sản phẩm vẫn sắc nét trên màn hình lớn.`,
    to: '/dashboard',
    icon: ExpandIcon,
    price: { credits: Math.min(CREDIT_PRICES.upscaleImage2x, CREDIT_PRICES.upscaleVideoPer10s), per: 'from' },
  },
};

/** The Services dropdown: the five landing pages, in product order (docs/product-rules.md#public-header). */
export const SERVICE_MENU: readonly ToolId[] = ['virtual-tryon', 'image-editing', 'image-to-video', 'body-generator', 'hairstyle-changer'];

/** The home page's tool grid, in product order (docs/product-rules.md#tools). */
export const TOOL_SHOWCASE: readonly ToolId[] = ['virtual-tryon', 'image-editing', 'body-generator', 'hairstyle-changer', 'image-to-video', 'upscaler'];
