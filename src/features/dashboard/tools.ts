import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { GenerationStatus } from '../../contract/generations.ts';
import { NAV, type NavItem } from '../../ui/nav-items.ts';

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

/** Chip labels of the recent-generations filters (spec §2): the same as /history's. */
export { TOOL_FILTER_LABELS as FILTER_LABELS } from '../generations/filters.ts';

/** Status badges of the recent list (the studios' history panel words them the same). */
export const STATUS_LABELS: Record<GenerationStatus, MessageDescriptor> = {
  queued: msg`Đang chờ`,
  processing: msg`Đang xử lý`,
  completed: msg`Hoàn thành`,
  failed: msg`Thất bại`,
  cancelled: msg`Đã hủy`,
};
