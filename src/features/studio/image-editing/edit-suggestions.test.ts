import { describe, expect, it } from 'vitest';
import { parseEdits } from '../../../contract/edit-vocabulary.ts';
import { appendEditPhrase, EDIT_SUGGESTIONS, imageCountProblem } from './edit-suggestions.ts';

/**
 * The English translations of the chips (the en catalog's): each must be a phrase of the local
 * engine's English vocabulary too, so a chip works in either language.
 */
const ENGLISH: Record<string, string> = {
  brighten: 'Brighten',
  darken: 'Darken',
  contrast: 'More contrast',
  vivid: 'More vivid colours',
  warmer: 'Warmer',
  cooler: 'Cooler',
  grayscale: 'Black and white',
  vintage: 'Vintage',
  auto: 'Auto enhance',
  sharpen: 'Sharpen',
  blur: 'Blur',
  square: 'Crop 1:1',
  wide: 'Crop 16:9',
  rotate: 'Rotate right',
  flip: 'Flip horizontally',
  background: 'Remove background',
  grid: 'Grid',
};

describe('edit suggestions', () => {
  it.each(EDIT_SUGGESTIONS.map((suggestion) => [suggestion.id, suggestion] as const))(
    '%s is understood by the local engine in Vietnamese and English',
    (id, suggestion) => {
      for (const phrase of [suggestion.text.message!, ENGLISH[id]!]) {
        const parsed = parseEdits(phrase);
        expect(parsed.ignored).toEqual([]);
        expect(parsed.edits.length + (parsed.grid ? 1 : 0)).toBe(1);
        expect(parsed.grid).toBe(id === 'grid');
      }
    },
  );

  it('appends phrases after a comma, once, so the engine applies them in order', () => {
    expect(appendEditPhrase('', 'Tăng độ sáng')).toBe('Tăng độ sáng');
    expect(appendEditPhrase('   ', 'Tăng độ sáng')).toBe('Tăng độ sáng');
    const two = appendEditPhrase('Tăng độ sáng', 'Đen trắng');
    expect(two).toBe('Tăng độ sáng, đen trắng');
    expect(appendEditPhrase(`${two}, `, 'Cắt 1:1')).toBe('Tăng độ sáng, đen trắng, cắt 1:1');
    expect(appendEditPhrase(two, 'Đen trắng')).toBe(two);
    expect(appendEditPhrase('Make it pop.', 'Sharpen', 'en')).toBe('Make it pop. Sharpen');
    const parsed = parseEdits(appendEditPhrase(appendEditPhrase(two, 'Cắt 1:1'), 'Xóa nền'));
    expect(parsed.edits.map((edit) => edit.op)).toEqual(['brightness', 'grayscale', 'crop', 'removeBackground']);
  });

  it('applies the count rule of each mode', () => {
    expect(imageCountProblem('multi', 0)).toBe('imageCount');
    expect(imageCountProblem('multi', 1)).toBe('imageCount');
    expect(imageCountProblem('multi', 2)).toBeNull();
    expect(imageCountProblem('multi', 10)).toBeNull();
    expect(imageCountProblem('multi', 11)).toBe('imageCount');
    expect(imageCountProblem('single', 0)).toBeNull();
    expect(imageCountProblem('single', 1)).toBeNull();
    expect(imageCountProblem('single', 2)).toBe('singleOnly');
  });
});
