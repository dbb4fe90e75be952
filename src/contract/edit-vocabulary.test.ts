import { describe, expect, it } from 'vitest';
import { fold, instructionLanguage, parseEdits, understoodEdits } from './edit-vocabulary.ts';

const ops = (text: string) => parseEdits(text).edits;

describe('parseEdits in Vietnamese', () => {
  it('reads several edits in the order written, with and without diacritics', () => {
    const expected = [{ op: 'brightness', amount: 0.2 }, { op: 'crop', ratio: [1, 1] }, { op: 'grayscale' }];
    expect(ops('tăng sáng, cắt 1:1 và đen trắng')).toEqual(expected);
    expect(ops('tang sang, cat 1:1 va den trang')).toEqual(expected);
    expect(ops('Tăng độ sáng rồi cắt 1:1 sau đó chuyển đen trắng')).toEqual(expected);
  });

  it('understands adjustments with directions and amounts', () => {
    expect(ops('sáng hơn')).toEqual([{ op: 'brightness', amount: 0.2 }]);
    expect(ops('tối hơn một chút')).toEqual([{ op: 'brightness', amount: -0.1 }]);
    expect(ops('tăng độ sáng 30%')).toEqual([{ op: 'brightness', amount: 0.3 }]);
    expect(ops('giảm độ sáng 10%')).toEqual([{ op: 'brightness', amount: -0.1 }]);
    expect(ops('tăng tương phản')).toEqual([{ op: 'contrast', amount: 0.25 }]);
    expect(ops('giảm tương phản')).toEqual([{ op: 'contrast', amount: -0.25 }]);
    expect(ops('làm màu rực rỡ hơn')).toEqual([{ op: 'saturation', amount: 0.3 }]);
    expect(ops('nhạt màu')).toEqual([{ op: 'saturation', amount: -0.3 }]);
    expect(ops('ấm hơn')).toEqual([{ op: 'warmth', amount: 0.3 }]);
    expect(ops('lạnh hơn')).toEqual([{ op: 'warmth', amount: -0.3 }]);
    expect(ops('làm nét')).toEqual([{ op: 'sharpen', amount: 1 }]);
    expect(ops('làm mờ nhiều')).toEqual([{ op: 'blur', amount: 2 }]);
  });

  it('understands the fixed edits', () => {
    expect(ops('ảnh sepia')).toEqual([{ op: 'sepia' }]);
    expect(ops('xoá nền')).toEqual([{ op: 'removeBackground' }]);
    expect(ops('tách nền cho ảnh')).toEqual([{ op: 'removeBackground' }]);
    expect(ops('xoay 90')).toEqual([{ op: 'rotate', degrees: 90 }]);
    expect(ops('xoay trái')).toEqual([{ op: 'rotate', degrees: 270 }]);
    expect(ops('xoay 180 độ')).toEqual([{ op: 'rotate', degrees: 180 }]);
    expect(ops('lật ngang')).toEqual([{ op: 'flip', axis: 'horizontal' }]);
    expect(ops('lật dọc')).toEqual([{ op: 'flip', axis: 'vertical' }]);
    expect(ops('cắt vuông')).toEqual([{ op: 'crop', ratio: [1, 1] }]);
    expect(ops('cắt theo tỉ lệ 4:5')).toEqual([{ op: 'crop', ratio: [4, 5] }]);
    expect(ops('chiều rộng 1080')).toEqual([{ op: 'resize', width: 1080 }]);
    expect(ops('âm bản')).toEqual([{ op: 'invert' }]);
  });

  it('does not read "tôi" (I) as darker, nor "độ" as a colour word', () => {
    expect(ops('tôi muốn ảnh sáng hơn')).toEqual([{ op: 'brightness', amount: 0.2 }]);
  });

  it('asks for a grid', () => {
    expect(parseEdits('ghép lưới').grid).toBe(true);
    expect(parseEdits('ghép thành 1 ảnh và làm sáng')).toMatchObject({ grid: true, edits: [{ op: 'brightness' }] });
    expect(parseEdits('làm sáng').grid).toBe(false);
  });
});

describe('parseEdits in English', () => {
  it('reads several edits in order', () => {
    expect(ops('make it brighter and more contrast, then crop to 16:9')).toEqual([
      { op: 'brightness', amount: 0.2 },
      { op: 'contrast', amount: 0.25 },
      { op: 'crop', ratio: [16, 9] },
    ]);
    expect(ops('black and white, then blur a bit')).toEqual([{ op: 'grayscale' }, { op: 'blur', amount: 0.5 }]);
  });

  it('understands signed percentages and synonyms', () => {
    expect(ops('brightness +20%')).toEqual([{ op: 'brightness', amount: 0.2 }]);
    expect(ops('brightness -15%')).toEqual([{ op: 'brightness', amount: -0.15 }]);
    expect(ops('darker')).toEqual([{ op: 'brightness', amount: -0.2 }]);
    expect(ops('vivid colours')).toEqual([{ op: 'saturation', amount: 0.3 }]);
    expect(ops('desaturate')).toEqual([{ op: 'saturation', amount: -0.3 }]);
    expect(ops('cooler')).toEqual([{ op: 'warmth', amount: -0.3 }]);
    expect(ops('warmer')).toEqual([{ op: 'warmth', amount: 0.3 }]);
    expect(ops('grayscale')).toEqual([{ op: 'grayscale' }]);
    expect(ops('b&w')).toEqual([{ op: 'grayscale' }]);
    expect(ops('vintage look')).toEqual([{ op: 'sepia' }]);
    expect(ops('sharpen')).toEqual([{ op: 'sharpen', amount: 1 }]);
  });

  it('understands geometry', () => {
    expect(ops('rotate 90 counterclockwise')).toEqual([{ op: 'rotate', degrees: 270 }]);
    expect(ops('rotate right')).toEqual([{ op: 'rotate', degrees: 90 }]);
    expect(ops('upside down')).toEqual([{ op: 'rotate', degrees: 180 }]);
    expect(ops('mirror')).toEqual([{ op: 'flip', axis: 'horizontal' }]);
    expect(ops('flip vertically')).toEqual([{ op: 'flip', axis: 'vertical' }]);
    expect(ops('square crop')).toEqual([{ op: 'crop', ratio: [1, 1] }]);
    expect(ops('4:5')).toEqual([{ op: 'crop', ratio: [4, 5] }]);
    expect(ops('resize to 1200px')).toEqual([{ op: 'resize', longSide: 1200 }]);
    expect(ops('width 800 height 600')).toEqual([{ op: 'resize', width: 800, height: 600 }]);
    expect(ops('width 100000')).toEqual([{ op: 'resize', width: 4096 }]);
    expect(ops('remove the background')).toEqual([{ op: 'removeBackground' }]);
  });

  it('asks for a grid or collage', () => {
    expect(parseEdits('make a collage').grid).toBe(true);
    expect(parseEdits('combine into one grid').grid).toBe(true);
  });

  it('reports what it did not understand, and nothing for an unknown instruction', () => {
    expect(parseEdits('brighter, add a hat')).toMatchObject({ edits: [{ op: 'brightness' }], ignored: ['add a hat'] });
    expect(parseEdits('make it pop')).toEqual({ edits: [], grid: false, language: 'en', ignored: ['make it pop'], unsupported: [] });
    expect(parseEdits('please')).toMatchObject({ edits: [], ignored: [] });
  });

  it('names a new background back as unsupported, as the person wrote it', () => {
    expect(parseEdits('Đổi nền thành màu trắng và làm sản phẩm sáng hơn')).toEqual({
      edits: [{ op: 'brightness', amount: 0.2 }],
      grid: false,
      language: 'vi',
      ignored: [],
      unsupported: [{ edit: 'replaceBackground', phrase: 'Đổi nền thành màu trắng' }],
    });
    for (const text of ['white background', 'replace the background with a beach', 'nền trắng', 'thay nền xanh', 'change background to grey']) {
      expect(
        parseEdits(text).unsupported.map((item) => item.edit),
        text,
      ).toEqual(['replaceBackground']);
      expect(parseEdits(text).edits, text).toEqual([]);
    }
    // Removing a background is not replacing it.
    expect(parseEdits('xóa nền, nền trong suốt')).toMatchObject({ edits: [{ op: 'removeBackground' }, { op: 'removeBackground' }], unsupported: [] });
  });

  it('keeps ignored phrases as written: diacritics, case, decomposed input', () => {
    expect(parseEdits('Tăng độ sáng, thêm một chiếc mũ đỏ').ignored).toEqual(['thêm một chiếc mũ đỏ']);
    expect(parseEdits('Thêm Logo Cửa Hàng'.normalize('NFD')).ignored).toEqual(['Thêm Logo Cửa Hàng']);
    expect(parseEdits('black and white and add a hat').ignored).toEqual(['add a hat']);
  });

  it('reads "turn" as a rotation only with an angle or a direction', () => {
    expect(ops('turn the cat into a dragon')).toEqual([]);
    expect(ops('turn it 180')).toEqual([{ op: 'rotate', degrees: 180 }]);
    expect(ops('turn left')).toEqual([{ op: 'rotate', degrees: 270 }]);
    expect(ops('quay ảnh sang phải')).toEqual([{ op: 'rotate', degrees: 90 }]);
  });
});

describe('languages', () => {
  it('tells Vietnamese from English, diacritics or not', () => {
    expect(instructionLanguage('thêm một cái mũ')).toBe('vi');
    expect(instructionLanguage('cho anh dep hon')).toBe('vi');
    expect(instructionLanguage('xoay 180')).toBe('vi');
    expect(instructionLanguage('add a hat')).toBe('en');
    expect(instructionLanguage('brightness +20%')).toBe('en');
  });

  it('folds diacritics and đ', () => {
    expect(fold('Đen Trắng, xoá nền')).toBe('den trang, xoa nen');
  });

  it('lists what it understands in each language', () => {
    expect(understoodEdits('vi')).toContain('xóa nền');
    expect(understoodEdits('vi')).toContain('ghép lưới');
    expect(understoodEdits('en')).toContain('remove background');
    expect(understoodEdits('en')).toContain('grid');
  });
});
