import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { messages as enApp } from '../../locales/en/app.po';
import { messages as enShare } from '../../locales/en/app/share-target.po';
import { CHOOSER_TARGETS, chooserTargetName } from './ShareChooser.tsx';

const vi = setupI18n({ locale: 'vi', messages: { vi: {} } });
// The share route loads the app catalog and its own.
const en = setupI18n({ locale: 'en', messages: { en: { ...enApp, ...enShare } } });

describe('the share target’s choices', () => {
  it('take the studio’s name from the registry, with the input where a studio has several', () => {
    expect(CHOOSER_TARGETS.map((target) => chooserTargetName(target, vi))).toEqual([
      'Thử đồ ảo — người mẫu',
      'Thử đồ ảo — trang phục',
      'Đổi kiểu tóc',
      'Chỉnh sửa ảnh',
      'Ảnh thành video',
      'Làm nét ảnh',
      'Tạo người mẫu — khuôn mặt',
    ]);
    expect(CHOOSER_TARGETS.map((target) => chooserTargetName(target, en))).toEqual([
      'Virtual Try-On — model',
      'Virtual Try-On — garment',
      'Hairstyle Changer',
      'Image Editing',
      'Image to Video',
      'Upscaler',
      'Body Generator — face',
    ]);
  });
});
