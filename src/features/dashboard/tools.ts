import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { NAV, type NavItem } from '../shell/sidebar/nav-items.ts';
import type { RecentFilter } from './search.ts';

export interface QuickAccessTool {
  item: NavItem;
  /** One honest line on what the tool does. */
  description: MessageDescriptor;
}

/** Quick access: the six studios, then Smart Chat and Agent Hub. */
export const QUICK_ACCESS: readonly QuickAccessTool[] = [
  { item: NAV.virtualTryOn, description: msg`Mặc thử một hoặc nhiều món đồ lên ảnh người mẫu toàn thân.` },
  { item: NAV.bodyGenerator, description: msg`Tạo người mẫu ảo từ số đo cơ thể, có thể kèm ảnh khuôn mặt.` },
  { item: NAV.hairstyleChanger, description: msg`Đổi kiểu và màu tóc trên ảnh chân dung chụp chính diện.` },
  { item: NAV.imageToVideo, description: msg`Biến một ảnh tĩnh thành đoạn video ngắn 5–10 giây.` },
  { item: NAV.imageEditing, description: msg`Sửa một ảnh hoặc 2–10 ảnh theo mô tả bằng lời của bạn.` },
  { item: NAV.upscaler, description: msg`Tăng độ phân giải ảnh từ 2× đến 4×, hoặc làm nét video.` },
  { item: NAV.chat, description: msg`Hỏi đáp cách dùng Atelier và từng công cụ.` },
  { item: NAV.agentHub, description: msg`Chọn trợ lý AI phù hợp cho từng việc.` },
];

/** Chip labels of the recent-generations filters (spec §2). */
export const FILTER_LABELS: Record<RecentFilter, MessageDescriptor> = {
  all: msg`Tất cả`,
  'virtual-tryon': NAV.virtualTryOn.label,
  'hairstyle-changer': NAV.hairstyleChanger.label,
  'body-generator': NAV.bodyGenerator.label,
  'image-to-video': NAV.imageToVideo.label,
  'image-editing': NAV.imageEditing.label,
  upscaler: msg`Làm nét ảnh AI`,
};
