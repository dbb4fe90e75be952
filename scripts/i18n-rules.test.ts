import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { misplacedToneMarks, missingEnglishTerms, parseGlossary, placeToneMark, rejectedForms, unpluralisedCounts, withoutPlurals } from './i18n-rules.ts';

const glossary = parseGlossary(readFileSync(resolve(import.meta.dirname, '../docs/glossary.md'), 'utf8'));

describe('the glossary (docs/glossary.md)', () => {
  it('is read from the table between its markers', () => {
    const cancel = glossary.find((term) => term.vi === 'Hủy');
    expect(cancel).toEqual({ vi: 'Hủy', en: 'Cancel', rejected: ['Huỷ'], englishMustSay: null });
    expect(glossary.find((term) => term.vi === 'Nâng cấp')?.englishMustSay).toBe('upgrad');
    expect(glossary.find((term) => term.vi === 'Theo tháng')?.rejected).toEqual(['Hằng tháng', 'Hàng tháng']);
  });

  it('refuses a page without the table', () => {
    expect(() => parseGlossary('# Glossary\n\nNo table.')).toThrow(/glossary markers/);
  });
});

describe('rejectedForms', () => {
  it('finds a rejected form in any case, as a whole word', () => {
    expect(rejectedForms('Huỷ đăng ký', glossary)).toEqual([{ found: 'Huỷ', use: 'Hủy' }]);
    expect(rejectedForms('Bạn có thể huỷ bất cứ lúc nào.', glossary)).toEqual([{ found: 'huỷ', use: 'Hủy' }]);
    expect(rejectedForms('Tỷ lệ lỗi hôm nay', glossary)).toEqual([{ found: 'Tỷ lệ', use: 'Tỉ lệ' }]);
    expect(rejectedForms('Pro · Hằng tháng', glossary)).toEqual([{ found: 'Hằng tháng', use: 'Theo tháng' }]);
    expect(rejectedForms('Hồ sơ: Gói free', glossary)).toEqual([{ found: 'Gói free', use: 'Gói Miễn phí' }]);
    expect(rejectedForms('dùng công cụ nâng cấp ảnh', glossary)).toEqual([{ found: 'nâng cấp ảnh', use: 'Làm nét' }]);
  });

  it('finds a rejected form written with decomposed marks (NFD)', () => {
    expect(rejectedForms('Xoá ảnh'.normalize('NFD'), glossary)).toEqual([{ found: 'Xoá', use: 'Xóa' }]);
  });

  it('passes the chosen forms, and a rejected form inside a longer word', () => {
    expect(rejectedForms('Hủy đăng ký · Xóa · Tỉ lệ khung hình · Gói hiện tại · theo tháng · Gói Miễn phí · Nâng cấp', glossary)).toEqual([]);
    expect(rejectedForms('Gói freelancer', glossary)).toEqual([]);
  });
});

describe('missingEnglishTerms', () => {
  it('fails "Nâng cấp" translated by another word than "upgrade"', () => {
    expect(missingEnglishTerms('Nâng cấp', 'Upscaled', glossary).map((term) => term.vi)).toEqual(['Nâng cấp']);
    expect(missingEnglishTerms('Bước 3: Nâng cấp', 'Step 3: Upscale', glossary).map((term) => term.vi)).toEqual(['Nâng cấp']);
  });

  it('passes "Nâng cấp" translated by "upgrade", and a message without it', () => {
    expect(missingEnglishTerms('Hãy nâng cấp lên Pro', 'Upgrade to Pro', glossary)).toEqual([]);
    expect(missingEnglishTerms('Đã làm nét', 'Upscaled', glossary)).toEqual([]);
  });
});

describe('the tone mark on "oa", "oe" and "uy"', () => {
  it('sits on the first vowel when the pair ends the syllable', () => {
    expect(placeToneMark('hoá')).toBe('hóa');
    expect(placeToneMark('Xoá')).toBe('Xóa');
    expect(placeToneMark('khoẻ')).toBe('khỏe');
    expect(placeToneMark('huỷ')).toBe('hủy');
    expect(placeToneMark('TUỲ')).toBe('TÙY');
  });

  it('sits on the second vowel when a letter follows', () => {
    expect(placeToneMark('hòan')).toBe('hoàn');
    expect(placeToneMark('tòan')).toBe('toàn');
    expect(placeToneMark('ngòai')).toBe('ngoài');
  });

  it('leaves the right spellings, "qu" and words without a pair alone', () => {
    for (const word of ['hóa', 'hoàn', 'toàn', 'khoản', 'ngoài', 'xoắn', 'thuyết', 'huỳnh', 'quý', 'quả', 'Hủy', 'hoa', 'lý']) {
      expect(placeToneMark(word), word).toBe(word);
    }
  });

  it('lists the misplaced words of a text', () => {
    expect(misplacedToneMarks('Đơn đã hòan tất; xóa hoá đơn cũ.')).toEqual([
      { found: 'hòan', use: 'hoàn' },
      { found: 'hoá', use: 'hóa' },
    ]);
    expect(misplacedToneMarks('Đơn đã hoàn tất; xóa hóa đơn cũ. Upload 2 files.')).toEqual([]);
  });
});

describe('unpluralisedCounts', () => {
  it('fails a placeholder before a plural noun, a range before one, and "(s)"', () => {
    expect(unpluralisedCounts('Peak: {0} requests/day')).toEqual(['{0} requests']);
    expect(unpluralisedCounts('{imageCount}/{MAX_EDIT_IMAGES} images selected')).toEqual(['{imageCount}/{MAX_EDIT_IMAGES} images']);
    expect(unpluralisedCounts('edit {min} to {max} images at once')).toEqual(['{min} to {max} images']);
    expect(unpluralisedCounts('{count} of {maxLength} characters entered')).toEqual(['{count} of {maxLength} characters']);
    expect(unpluralisedCounts('Delete {count} file(s)?')).toEqual(['(s)']);
  });

  it('passes a count inside an ICU plural, with one and other', () => {
    expect(unpluralisedCounts('Peak: {0, plural, one {{0} request} other {{0} requests}}/day')).toEqual([]);
    expect(unpluralisedCounts('{count, plural, one {# credit} other {# credits}}')).toEqual([]);
    expect(unpluralisedCounts('Requests over {0, plural, one {# day} other {# days}}: {1, plural, one {# request} other {# requests}}')).toEqual([]);
  });

  it('passes a placeholder before a verb, a unit or a word that is not a noun', () => {
    expect(unpluralisedCounts('{name} is not available yet')).toEqual([]);
    expect(unpluralisedCounts('{fps} fps')).toEqual([]);
    expect(unpluralisedCounts('{width} × {height} px, {size} MB')).toEqual([]);
    expect(unpluralisedCounts('{name} (opens in a new tab)')).toEqual([]);
    expect(unpluralisedCounts('Up to {count} access')).toEqual([]);
  });

  it('sees past nested plural blocks', () => {
    expect(withoutPlurals('a {n, plural, one {{n} x} other {{n} xs}} b {m} items')).toBe('a {…} b {m} items');
  });
});
