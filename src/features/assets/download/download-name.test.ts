import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeAsset, makeGeneration } from '../../../../tests/fixtures/test-data.ts';
import { downloadStem, fileSlug, localDate } from './download-name.ts';

const originalTz = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'Asia/Ho_Chi_Minh';
});
afterEach(() => {
  process.env.TZ = originalTz;
});

describe('the name of a download', () => {
  const model = makeAsset({ id: 'm1', name: 'Model Woman.jpg', source: 'upload', feature: null });
  const garment = makeAsset({ id: 'g1', name: 'váy đỏ.png', source: 'upload', feature: null });

  it('is the tool, the try-on’s model photo and the day it was made, in ASCII', () => {
    const result = makeAsset({ id: 'r1', name: 'tryon-result.png', source: 'generation', feature: 'virtual-tryon', created_at: '2026-12-02T03:00:00.000Z' });
    const job = makeGeneration({
      feature: 'virtual-tryon',
      inputs: { model: 'm1', garments: [{ asset_id: 'g1', category: 'tops' }] },
      input_assets: [model, garment],
      results: [result],
    });
    expect(downloadStem({ asset: result, job, toolName: 'Thử đồ ảo' })).toBe('thu-do-ao-model-woman-2026-12-02');
    expect(downloadStem({ asset: result, job, toolName: 'Virtual Try-On' })).toBe('virtual-try-on-model-woman-2026-12-02');
  });

  it('takes the day on the person’s clock, not in UTC', () => {
    // 20:00 UTC on the 1st is 03:00 on the 2nd in Hồ Chí Minh City.
    expect(localDate('2026-12-01T20:00:00.000Z')).toBe('2026-12-02');
  });

  it('numbers the results of a job that made several, each named after its own photo', () => {
    const photos = [makeAsset({ id: 'p1', name: 'Áo dài 1.jpg' }), makeAsset({ id: 'p2', name: 'Đầm xanh.webp' })];
    const results = [
      makeAsset({ id: 'r1', feature: 'image-editing', source: 'generation', created_at: '2026-12-02T03:00:00.000Z' }),
      makeAsset({ id: 'r2', feature: 'image-editing', source: 'generation', created_at: '2026-12-02T03:00:00.000Z' }),
    ];
    const job = makeGeneration({ feature: 'image-editing', inputs: { images: ['p1', 'p2'] }, input_assets: photos, results });
    expect(downloadStem({ asset: results[0]!, job, toolName: 'Chỉnh sửa ảnh' })).toBe('chinh-sua-anh-ao-dai-1-2026-12-02-1');
    expect(downloadStem({ asset: results[1]!, job, toolName: 'Chỉnh sửa ảnh' })).toBe('chinh-sua-anh-dam-xanh-2026-12-02-2');
  });

  it('leaves the source out when the job is not known or had no input file (a body without a face)', () => {
    const body = makeAsset({ id: 'b1', name: 'body-model.png', feature: 'body-generator', source: 'generation', created_at: '2026-12-02T03:00:00.000Z' });
    expect(
      downloadStem({
        asset: body,
        job: makeGeneration({ feature: 'body-generator', inputs: {}, input_assets: [], results: [body] }),
        toolName: 'Tạo người mẫu',
      }),
    ).toBe('tao-nguoi-mau-2026-12-02');
    expect(downloadStem({ asset: body, job: null, toolName: null })).toBe('body-generator-2026-12-02');
  });

  it('keeps an upload’s own name, made ASCII', () => {
    expect(downloadStem({ asset: garment })).toBe('vay-do');
    expect(downloadStem({ asset: { ...garment, name: '...' } })).toBe('atelier');
  });

  it('makes slugs of any text', () => {
    expect(fileSlug('Ảnh Đầm đỏ (1)')).toBe('anh-dam-do-1');
    expect(fileSlug('  ../a/b:c*? ')).toBe('a-b-c');
    expect(fileSlug('Làm nét ảnh AI')).toBe('lam-net-anh-ai');
  });
});
