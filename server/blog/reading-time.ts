/**
 * Reading time of a post (docs/product-rules.md#blog-reading-time), in whole minutes, rounded up,
 * at least 1.
 *
 * Units: English counts words; Vietnamese writes one syllable per space-separated token ("áo dài"
 * is one word of two syllables), so it counts syllables. A unit is a whitespace-separated token
 * with at least one letter or digit ("—", "|" and "↩" are not read).
 *
 * Rates:
 * - English: 238 words per minute, the average silent reading rate of adults for non-fiction in
 *   Brysbaert (2019), "How many words do we read per minute? A review and meta-analysis of reading
 *   rate", Journal of Memory and Language 109, 104047 (190 studies, 18,573 readers;
 *   doi:10.1016/j.jml.2019.104047).
 * - Vietnamese: no published silent-reading rate for Vietnamese adults in syllables per minute was
 *   found. The same paper shows that rates in other languages follow from how many words they need
 *   to say what English says in one, and Pellegrino, Coupé & Marsico (2011), "A cross-language
 *   perspective on speech information rate", Language 87(3), measured Vietnamese and English
 *   conveying nearly the same information per second (English 1.08 × Vietnamese). So the
 *   Vietnamese rate is the English one times the number of Vietnamese syllables the blog's own
 *   translations use per English word: VI_SYLLABLES_PER_EN_WORD, measured on the seed posts (the
 *   same article in both languages), see below.
 *
 * Calibration (repeat it when the seed posts change much): for every seed post with both
 * languages, count Vietnamese syllables and English words of the rendered body text (the text
 * renderMarkdown returns, so code, tables and headings count as read), and take the ratio of the
 * sums. On the eight posts of content/blog/posts (November 2026): 10,324 Vietnamese syllables for
 * 8,848 English words, 1.167 (per article 1.11 to 1.32), so VI_SYLLABLES_PER_EN_WORD = 1.17 and
 * 278 syllables per minute. Every one of those articles then reads in 5 minutes in Vietnamese and
 * 4 to 6 in English: the same time to within the rounding up. tests/server/blog-text.test.ts
 * checks the same on the fixture posts (the two languages within 15% of each other in seconds).
 */
import type { BlogLocale } from '../db/schema-blog.ts';

/** Adult silent reading of English non-fiction, words per minute (Brysbaert 2019). */
export const EN_WORDS_PER_MINUTE = 238;
/** Vietnamese syllables per English word in the same article (see the calibration above). */
export const VI_SYLLABLES_PER_EN_WORD = 1.17;
/** Vietnamese syllables per minute: the English rate carried over by the ratio above. */
export const VI_SYLLABLES_PER_MINUTE = Math.round(EN_WORDS_PER_MINUTE * VI_SYLLABLES_PER_EN_WORD);

const READ_UNIT = /[\p{L}\p{N}]/u;

/** Whitespace-separated tokens holding a letter or a digit: words (en) or syllables (vi). */
export function countUnits(text: string): number {
  let count = 0;
  for (const token of text.split(/\s+/)) if (READ_UNIT.test(token)) count += 1;
  return count;
}

export function unitsPerMinute(locale: BlogLocale): number {
  return locale === 'vi' ? VI_SYLLABLES_PER_MINUTE : EN_WORDS_PER_MINUTE;
}

/** Minutes to read `units` words (en) or syllables (vi): rounded up, at least 1. */
export function readingMinutes(units: number, locale: BlogLocale): number {
  return Math.max(1, Math.ceil(units / unitsPerMinute(locale)));
}
