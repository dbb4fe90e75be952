import { describe, expect, it } from 'vitest';
import { FEATURES } from '../src/contract/tools.ts';
import { APP_ICON, isJobNotificationData, jobNotification, SW_TEXTS } from './job-texts.ts';

const media = (path: string) => `https://api.example${path}`;

describe('job notifications', () => {
  it('announces a result in Vietnamese with the tool, the thumbnail and the job as tag', () => {
    const { title, options } = jobNotification(
      { id: 'g1', feature: 'body-generator', status: 'completed', locale: 'vi', thumbnailPath: '/media/t/g1.webp?sig=abc' },
      '/history?job=g1',
      media,
    );
    expect(title).toBe('Tạo thành công');
    expect(options).toEqual({
      body: 'Tạo người mẫu',
      tag: 'g1',
      lang: 'vi',
      icon: 'https://api.example/media/t/g1.webp?sig=abc',
      image: 'https://api.example/media/t/g1.webp?sig=abc',
      data: { source: 'atelier:jobs', jobId: 'g1', url: '/history?job=g1' },
    });
    expect(isJobNotificationData(options.data)).toBe(true);
  });

  it('says a job done in part is done in part, never a plain success (docs/product-rules.md#engine-plan)', () => {
    const job = { id: 'g3', feature: 'image-editing', status: 'completed', thumbnailPath: '/media/t/g3.webp' } as const;
    expect(jobNotification({ ...job, locale: 'vi', partial: true }, '/history?job=g3', media).title).toBe('Đã tạo xong phần làm được');
    expect(jobNotification({ ...job, locale: 'en', partial: true }, '/history?job=g3', media).title).toBe('Done, in part');
  });

  it('announces a failure in English with the app icon and no picture', () => {
    const { title, options } = jobNotification({ id: 'g2', feature: 'upscaler-video', status: 'failed', locale: 'en' }, '/history?job=g2', media);
    expect(title).toBe('Generation Failed');
    expect(options.body).toBe('AI Upscaler (video)');
    expect(options.icon).toBe(APP_ICON);
    expect(options).not.toHaveProperty('image');
  });

  it('names every tool in both languages', () => {
    for (const locale of ['vi', 'en'] as const) {
      for (const feature of FEATURES) expect(SW_TEXTS[locale].tools[feature]).toMatch(/\S/);
    }
    expect(SW_TEXTS.en.completed).toBe('Generation Successful');
  });

  it('recognises only its own notifications', () => {
    expect(isJobNotificationData({ url: '/x', jobId: 'g' })).toBe(false);
    expect(isJobNotificationData(null)).toBe(false);
  });
});
