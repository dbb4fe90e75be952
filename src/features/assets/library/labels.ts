import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AssetRole } from '../../../contract/media.ts';
import type { AssetSort, AssetTool } from '../../../contract/media.schema.ts';
import { FEATURES } from '../../../contract/tools.ts';
import { type StudioId, featureName, STUDIO_IDS, STUDIOS } from '../../registry/studios.ts';
import type { LibraryTab } from './search.ts';

/** The library's words for its tabs, filters, sorts and "use in" targets. */

export const TAB_LABELS: Readonly<Record<LibraryTab, MessageDescriptor>> = {
  all: msg`Tất cả`,
  images: msg`Ảnh`,
  videos: msg`Video`,
  upscaled: msg`Đã làm nét`,
  masks: msg`Mặt nạ`,
};

export const TOOL_LABELS: Readonly<Record<AssetTool, MessageDescriptor>> = {
  ...(Object.fromEntries(FEATURES.map((feature) => [feature, featureName(feature)])) as Record<Exclude<AssetTool, 'upload'>, MessageDescriptor>),
  upload: msg`Ảnh tải lên`,
};

/** What a tile says made a file the person uploaded (a video upload is not a photo). */
export const UPLOAD_SOURCE_LABEL: MessageDescriptor = msg`Tải lên`;

export const SORT_LABELS: Readonly<Record<AssetSort, MessageDescriptor>> = {
  newest: msg`Mới nhất`,
  oldest: msg`Cũ nhất`,
  name: msg`Tên (A–Z)`,
  largest: msg`Dung lượng lớn nhất`,
};

export const STUDIO_LABELS: Readonly<Record<StudioId, MessageDescriptor>> = Object.fromEntries(STUDIO_IDS.map((id) => [id, STUDIOS[id].name])) as Record<
  StudioId,
  MessageDescriptor
>;

/** What the asset becomes in the studio. */
export const ROLE_USE_LABELS: Readonly<Record<AssetRole, MessageDescriptor>> = {
  model: msg`Làm ảnh người mẫu`,
  garment: msg`Làm ảnh trang phục`,
  face: msg`Làm ảnh khuôn mặt`,
  hair: msg`Làm ảnh chân dung để đổi tóc`,
  image: msg`Làm ảnh đầu vào`,
  video: msg`Làm video đầu vào`,
  mask: msg`Làm mặt nạ vùng tóc`,
};
