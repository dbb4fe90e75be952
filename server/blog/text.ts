/**
 * Vietnamese text rules of the blog (docs/product-rules.md#blog-search): diacritic folding for
 * search and for slugs, and a sort key that orders titles like a Vietnamese dictionary.
 *
 * Search: a post's title, description and body are stored folded (`searchDocument`: lower case,
 * no diacritics, đ → d, every run of non-letters one space, a space at each end); a query is
 * folded the same way and split into terms, and every term must begin a word of the stored text
 * (`LIKE '% term%'`). "ao dai", "áo dài" and "ÁO DÀI" are the same query and find "Áo dài"; "chup"
 * finds "chụp" and "chụp ảnh" while it is being typed; "ao" does not find "bao".
 *
 * Sorting: `titleSortKey` builds an ASCII string whose byte order (Postgres `COLLATE "C"`, PGlite
 * alike) is the dictionary's order:
 * - primary level: the letters in the Vietnamese alphabet's order, a ă â b c d đ e ê (f) g h i (j)
 *   k l m n o ô ơ p q r s t u ư v (w) x y (z) (the four letters Vietnamese does not use sit where
 *   the Latin alphabet puts them), digits before letters, each run of spaces and punctuation one
 *   word break that sorts before any letter or digit, so titles compare word by word like
 *   dictionary entries ("áo" < "áo dài" < "áo khoác" < "áokhoác");
 * - secondary level (only when the letters are equal): tones in the dictionary's order, ngang
 *   (none), huyền, hỏi, ngã, sắc, nặng, compared letter by letter;
 * - tertiary level: lower case before upper case.
 * Letters of other scripts sort after z, by code point.
 */

/** The alphabet at the primary level, in order (f, j, w, z: loan words and brand names). */
const ALPHABET = [
  'a',
  'ă',
  'â',
  'b',
  'c',
  'd',
  'đ',
  'e',
  'ê',
  'f',
  'g',
  'h',
  'i',
  'j',
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
  'w',
  'x',
  'y',
  'z',
] as const;

/** Combining marks that make another letter at the primary level (ă â ê ô ơ ư), by base letter. */
const LETTER_MARKS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  a: { '\u0306': 'ă', '\u0302': 'â' },
  e: { '\u0302': 'ê' },
  o: { '\u0302': 'ô', '\u031B': 'ơ' },
  u: { '\u031B': 'ư' },
};

/** The five tone marks, as their rank at the secondary level (0 is ngang, no mark). */
const TONE_RANK: Readonly<Record<string, number>> = {
  '\u0300': 1, // huyền (grave)
  '\u0309': 2, // hỏi (hook above)
  '\u0303': 3, // ngã (tilde)
  '\u0301': 4, // sắc (acute)
  '\u0323': 5, // nặng (dot below)
};

/** Separates the three levels; sorts before every unit so a shorter key that is a prefix comes first. */
const LEVEL_SEPARATOR = '!';
/** One word break at the primary level: after the level separator, before digits and letters. */
const WORD_BREAK = '#';
/** First character of a letter's code at the primary level (ALPHABET index added: 'A' … 'a'). */
const LETTER_BASE = 0x41;
/** Prefix of a character outside the alphabet, followed by its code point in 6 hex digits. */
const OTHER_PREFIX = '~';

const COMBINING_MARK = /\p{M}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Removes diacritics: "Đường phố Hà Nội" → "Duong pho Ha Noi". */
export function foldDiacritics(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D');
}

/** Folded, lower-case, every run of non-letters one space, trimmed: the stored and queried form of search text. */
export function normaliseForSearch(text: string): string {
  return foldDiacritics(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The stored search text of a post: folded, with a space at each end so every word follows a space. */
export function searchDocument(...parts: string[]): string {
  return ` ${normaliseForSearch(parts.join(' '))} `;
}

/** Most terms of one query (each must match): beyond this a query is a sentence, not a search. */
export const MAX_SEARCH_TERMS = 12;

/** The distinct folded terms of a query, at most MAX_SEARCH_TERMS; empty when it has no letter or digit. */
export function searchTerms(query: string): string[] {
  const normalised = normaliseForSearch(query);
  if (normalised === '') return [];
  return [...new Set(normalised.split(' '))].slice(0, MAX_SEARCH_TERMS);
}

/** ASCII slug of a heading or a title: folded, lower case, `a-z0-9` runs joined by '-'. Empty when nothing is left. */
export function asciiSlug(text: string): string {
  return foldDiacritics(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

interface SortUnit {
  primary: string;
  tone: number;
  upper: boolean;
}

/** Splits NFD text into base characters with their combining marks. */
function clusters(text: string): { base: string; marks: string[] }[] {
  const out: { base: string; marks: string[] }[] = [];
  for (const char of text.normalize('NFD')) {
    const last = out.at(-1);
    if (COMBINING_MARK.test(char) && last) last.marks.push(char);
    else if (!COMBINING_MARK.test(char)) out.push({ base: char, marks: [] });
  }
  return out;
}

function letterCode(letter: string): string | null {
  const index = (ALPHABET as readonly string[]).indexOf(letter);
  return index < 0 ? null : String.fromCharCode(LETTER_BASE + index);
}

function unitOf(base: string, marks: readonly string[]): SortUnit | null {
  const lower = base.toLowerCase();
  const upper = lower !== base;
  if (!LETTER_OR_DIGIT.test(base)) return null;
  if (/^[0-9]$/.test(base)) return { primary: base, tone: 0, upper: false };
  let letter = lower;
  let tone = 0;
  for (const mark of marks) {
    const variant = LETTER_MARKS[letter]?.[mark];
    if (variant) letter = variant;
    else if (TONE_RANK[mark] !== undefined) tone = TONE_RANK[mark];
  }
  const code = letterCode(letter);
  if (code) return { primary: code, tone, upper };
  return { primary: OTHER_PREFIX + (lower.codePointAt(0) ?? 0).toString(16).padStart(6, '0'), tone, upper };
}

/** The dictionary-order key of a title (see the module header); ASCII only, compare it byte-wise. */
export function titleSortKey(title: string): string {
  const units: (SortUnit | 'break')[] = [];
  for (const { base, marks } of clusters(title)) {
    const unit = unitOf(base, marks);
    if (unit) units.push(unit);
    // A run of spaces or punctuation is one break; none at the start.
    else if (units.length > 0 && units.at(-1) !== 'break') units.push('break');
  }
  if (units.at(-1) === 'break') units.pop();
  const letters = units.filter((unit): unit is SortUnit => unit !== 'break');
  const primary = units.map((unit) => (unit === 'break' ? WORD_BREAK : unit.primary)).join('');
  const secondary = letters.map((unit) => String(unit.tone)).join('');
  const tertiary = letters.map((unit) => (unit.upper ? '1' : '0')).join('');
  return `${primary}${LEVEL_SEPARATOR}${secondary}${LEVEL_SEPARATOR}${tertiary}`;
}

/** Compares two titles in dictionary order (what sorting by titleSortKey byte-wise gives). */
export function compareTitles(a: string, b: string): number {
  const [x, y] = [titleSortKey(a), titleSortKey(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}
