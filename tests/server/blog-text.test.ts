/**
 * The blog's Vietnamese text rules (server/blog/text.ts) and reading time
 * (server/blog/reading-time.ts): diacritic-insensitive search terms, a title sort key in
 * Vietnamese dictionary order, words and syllables per minute.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../server/blog/markdown.ts';
import { countUnits, EN_WORDS_PER_MINUTE, readingMinutes, VI_SYLLABLES_PER_MINUTE } from '../../server/blog/reading-time.ts';
import { postInputOf } from '../../server/blog/seed.ts';
import { asciiSlug, compareTitles, foldDiacritics, normaliseForSearch, searchTerms, titleSortKey } from '../../server/blog/text.ts';

const FIXTURES = join(import.meta.dirname, 'fixtures', 'blog', 'posts');

describe('search folding', () => {
  it('folds case and every Vietnamese diacritic, đ included', () => {
    expect(foldDiacritics('Áo dài ĐẸP, ưu đãi ơi ỷ ỹ')).toBe('Ao dai DEP, uu dai oi y y');
    expect(normaliseForSearch('  ÁO  DÀI — đẹp!!  ')).toBe('ao dai dep');
    expect(searchTerms('ao dai')).toEqual(searchTerms('Áo Dài'));
    expect(searchTerms('áo, ÁO; dài')).toEqual(['ao', 'dai']);
    expect(searchTerms('  —!! ')).toEqual([]);
  });

  it('matches a folded query inside the folded text, whatever the query’s diacritics', () => {
    const letters = fc.constantFrom(...'aàảãáạăằẳẵắặâầẩẫấậdđeèéêềếoòóôồốơờớuùúưừứyỳý'.split(''), ' ');
    fc.assert(
      fc.property(fc.array(letters, { minLength: 1, maxLength: 20 }), (chars) => {
        const text = chars.join('');
        const stored = normaliseForSearch(`Bài viết về ${text} hôm nay`);
        for (const term of searchTerms(text)) expect(stored).toContain(term);
        for (const term of searchTerms(foldDiacritics(text).toUpperCase())) expect(stored).toContain(term);
      }),
    );
  });

  it('makes ASCII slugs', () => {
    expect(asciiSlug('Đường phố — Hà Nội (2026)')).toBe('duong-pho-ha-noi-2026');
    expect(asciiSlug('🎉')).toBe('');
  });
});

const sorted = (titles: string[]) => titles.toSorted(compareTitles);
/** The letters-only level of a sort key. */
const primary = (title: string) => titleSortKey(title).split('!')[0] ?? '';

describe('Vietnamese dictionary order', () => {
  it('orders the alphabet a ă â b c d đ e ê … o ô ơ … u ư v x y', () => {
    const alphabet = [
      'a',
      'ă',
      'â',
      'b',
      'c',
      'd',
      'đ',
      'e',
      'ê',
      'g',
      'h',
      'i',
      'k',
      'l',
      'm',
      'n',
      'o',
      'ô',
      'ơ',
      'p',
      'q',
      'r',
      's',
      't',
      'u',
      'ư',
      'v',
      'x',
      'y',
    ];
    expect(sorted(alphabet.toReversed())).toEqual(alphabet);
    expect(sorted(['Zalo', 'Ưu đãi', 'Ảnh', 'Đà Nẵng', 'Dương', 'Ơn', 'Ô', 'Hà Nội'])).toEqual([
      'Ảnh',
      'Dương',
      'Đà Nẵng',
      'Hà Nội',
      'Ô',
      'Ơn',
      'Ưu đãi',
      'Zalo',
    ]);
  });

  it('puts tones second: ngang, huyền, hỏi, ngã, sắc, nặng, only between otherwise equal letters', () => {
    expect(sorted(['mạ', 'má', 'mã', 'mả', 'mà', 'ma'])).toEqual(['ma', 'mà', 'mả', 'mã', 'má', 'mạ']);
    // A letter difference decides before any tone: "mạ" < "mb", "má" < "mă".
    expect(sorted(['mb', 'mạ', 'mă', 'má'])).toEqual(['má', 'mạ', 'mă', 'mb']);
  });

  it('compares word by word, digits before letters, lower case before upper case', () => {
    expect(sorted(['áo khoác', 'áokhoác', 'áo', 'áo dài', '10 mẹo', 'Áo'])).toEqual(['10 mẹo', 'áo', 'Áo', 'áo dài', 'áo khoác', 'áokhoác']);
  });

  it('ignores leading punctuation and quotes', () => {
    expect(titleSortKey('“Áo dài” đẹp')).toBe(titleSortKey('Áo dài đẹp'));
  });

  it('is ASCII, so COLLATE "C" compares it byte by byte as JavaScript compares it', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (title) => {
        expect(titleSortKey(title)).toMatch(/^[\x20-\x7e]*$/);
      }),
    );
  });

  it('agrees with ICU’s Vietnamese collation at the letter level', () => {
    const icu = new Intl.Collator('vi', { sensitivity: 'base' });
    const word = fc.array(fc.constantFrom(...'aăâbcdđeêghiklmnoôơpqrstuưvxyáàạếờủữ'.split('')), { minLength: 1, maxLength: 6 }).map((chars) => chars.join(''));
    const title = fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));
    fc.assert(
      fc.property(title, title, (a, b) => {
        const [x, y] = [primary(a), primary(b)];
        expect(Math.sign(x < y ? -1 : x > y ? 1 : 0), `${a} / ${b}`).toBe(Math.sign(icu.compare(a, b)));
      }),
      { numRuns: 500 },
    );
  });
});

describe('reading time', () => {
  it('counts words or syllables: tokens with a letter or digit', () => {
    expect(countUnits('Áo dài — đẹp | 2026 ↩ ok')).toBe(5);
    expect(countUnits('')).toBe(0);
  });

  it('rounds up, at least one minute, at each language’s rate', () => {
    expect(readingMinutes(0, 'en')).toBe(1);
    expect(readingMinutes(EN_WORDS_PER_MINUTE, 'en')).toBe(1);
    expect(readingMinutes(EN_WORDS_PER_MINUTE + 1, 'en')).toBe(2);
    expect(readingMinutes(VI_SYLLABLES_PER_MINUTE * 3, 'vi')).toBe(3);
    expect(readingMinutes(VI_SYLLABLES_PER_MINUTE * 3 + 1, 'vi')).toBe(4);
    expect(VI_SYLLABLES_PER_MINUTE).toBeGreaterThan(EN_WORDS_PER_MINUTE);
  });

  it('gives the two languages of an article close times: vi syllables and en words take within 15% of the same time', async () => {
    for (const key of ['ao-dai-photos', 'natural-light', 'salon-consultation', 'shopee-checklist', 'tiktok-dress-video']) {
      const seconds = await Promise.all(
        (['vi', 'en'] as const).map(async (locale) => {
          const input = postInputOf(key, locale, await readFile(join(FIXTURES, key, `${locale}.md`), 'utf8'));
          if (typeof input === 'string') throw new Error(input);
          const units = countUnits(renderMarkdown(input.markdown, { locale }).text);
          return (units / (locale === 'vi' ? VI_SYLLABLES_PER_MINUTE : EN_WORDS_PER_MINUTE)) * 60;
        }),
      );
      const [vi = 0, en = 0] = seconds;
      expect(Math.abs(vi - en) / en, `${key}: vi ${vi.toFixed(0)} s, en ${en.toFixed(0)} s`).toBeLessThan(0.15);
    }
  });
});
