/**
 * The rules of the i18n check (scripts/i18n-check.ts) on the words themselves, as plain functions
 * over text so they can be tested: the glossary's rejected forms (docs/glossary.md), the place of
 * the tone mark, Unicode NFC, and counts written into a message that is not a plural one.
 */

/** One row of the glossary's table. */
export interface GlossaryTerm {
  vi: string;
  en: string;
  /** Forms the check refuses, as a whole word or phrase, in any case. */
  rejected: string[];
  /** What the English translation of a message containing `vi` must contain (lower case), if anything. */
  englishMustSay: string | null;
}

const START = '<!-- glossary:start -->';
const END = '<!-- glossary:end -->';

/** The table between the glossary markers of docs/glossary.md. */
export function parseGlossary(markdown: string): GlossaryTerm[] {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  if (start < 0 || end < start) throw new Error('docs/glossary.md: no table between the glossary markers');
  const rows = markdown
    .slice(start + START.length, end)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('|'));
  // The header and the separator row.
  return rows.slice(2).map((row) => {
    const cells = row
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((cell) => cell.trim().normalize('NFC'));
    const [vi = '', en = '', rejected = '', mustSay = ''] = cells;
    if (!vi || !en) throw new Error(`docs/glossary.md: a row without its Vietnamese or English word: ${row}`);
    return {
      vi,
      en,
      rejected: [...rejected.matchAll(/`([^`]+)`/g)].map((match) => match[1]!),
      englishMustSay: mustSay ? mustSay.toLowerCase() : null,
    };
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `phrase` as a whole word or phrase (no letter or digit touching either end), in any case. */
const wholePhrase = (phrase: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(phrase.normalize('NFC'))}(?![\\p{L}\\p{N}])`, 'iu');

/** The glossary's rejected forms found in `text`, each with the form to write instead. */
export function rejectedForms(text: string, glossary: readonly GlossaryTerm[]): { found: string; use: string }[] {
  const nfc = text.normalize('NFC');
  const out: { found: string; use: string }[] = [];
  for (const term of glossary) {
    for (const variant of term.rejected) {
      const match = wholePhrase(variant).exec(nfc);
      if (match) out.push({ found: match[0], use: term.vi });
    }
  }
  return out;
}

/**
 * The terms whose English word a translation lacks: a Vietnamese message that says "Nâng cấp"
 * must say "upgrade" in English (the word never names the upscaler's work).
 */
export function missingEnglishTerms(vi: string, en: string, glossary: readonly GlossaryTerm[]): GlossaryTerm[] {
  const english = en.toLowerCase();
  return glossary.filter((term) => term.englishMustSay !== null && wholePhrase(term.vi).test(vi.normalize('NFC')) && !english.includes(term.englishMustSay));
}

const decompose = (char: string) => char.normalize('NFD');
const TONES = /[\u0300\u0301\u0303\u0309\u0323]/u;

/**
 * The word with its tone mark where docs/glossary.md#spelling-rules puts it, for the vowel pairs
 * "oa", "oe" and "uy": on the first vowel when the pair ends the syllable (hóa, khỏe, thủy), on the
 * second when a letter follows (hoàn, ngoài, huỳnh). "Qu" is a consonant (quý, quả).
 */
export function placeToneMark(word: string): string {
  const letters = [...word.normalize('NFC')];
  const lower = letters.map((char) => decompose(char.toLowerCase()));
  for (let i = 0; i < letters.length - 1; i++) {
    const first = lower[i]!;
    const second = lower[i + 1]!;
    const pair = first[0]! + second[0]!;
    if (pair !== 'oa' && pair !== 'oe' && pair !== 'uy') continue;
    if (i > 0 && lower[i - 1]![0] === 'q') continue;
    const open = i + 2 === letters.length;
    const [from, to] = open ? [i + 1, i] : [i, i + 1];
    const tone = decompose(letters[from]!).match(TONES)?.[0];
    if (!tone) continue;
    const out = [...letters];
    out[from] = decompose(letters[from]!).replace(tone, '').normalize('NFC');
    out[to] = (decompose(letters[to]!) + tone).normalize('NFC');
    return out.join('');
  }
  return word.normalize('NFC');
}

/** Words of `text` whose tone mark is misplaced, each with its right spelling. */
export function misplacedToneMarks(text: string): { found: string; use: string }[] {
  const out: { found: string; use: string }[] = [];
  for (const [word] of text.normalize('NFC').matchAll(/\p{L}+/gu)) {
    const right = placeToneMark(word);
    if (right !== word) out.push({ found: word, use: right });
  }
  return out;
}

/** `text` without its ICU plural and select blocks (`{n, plural, one {…} other {…}}`). */
export function withoutPlurals(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const rest = text.slice(i);
    if (/^\{\s*\w+\s*,\s*(plural|selectordinal|select)\s*,/.test(rest)) {
      let depth = 0;
      let j = i;
      for (; j < text.length; j++) {
        if (text[j] === '{') depth++;
        else if (text[j] === '}' && --depth === 0) break;
      }
      out += '{…}';
      i = j;
    } else out += text[i];
  }
  return out;
}

/** English words ending in "s" that are not the plural of a noun after a number. */
const NOT_PLURAL = new Set(['is', 'was', 'has', 'does', 'its', 'this', 'us', 'yes', 'plus', 'fps', 'kbps', 'mbps', 'as']);

/**
 * Where an English text writes a count into a message that is not a plural one: a placeholder
 * (or a range of two: "{min}–{max}", "{used}/{cap}", "{count} of {max}") followed by a plural noun
 * ("{0} requests", "{days} days"), or "(s)". Plural blocks are left out: `{n, plural, …}` is the fix.
 */
export function unpluralisedCounts(english: string): string[] {
  const text = withoutPlurals(english);
  const found: string[] = [];
  if (text.includes('(s)')) found.push('(s)');
  const count = /\{\w+\}(?:\s*(?:\/|–|-|to|of)\s*\{\w+\})?[ -]([A-Za-z]+)/g;
  for (const match of text.matchAll(count)) {
    const noun = match[1]!;
    if (noun.length > 2 && noun.endsWith('s') && !noun.endsWith('ss') && !NOT_PLURAL.has(noun.toLowerCase())) found.push(match[0]);
  }
  return found;
}
