/**
 * Colour words in Vietnamese (with or without diacritics) and English, for the few places the
 * local engine reads a colour out of free text: the outfit colour of the body generator's style
 * hints, and the hair colour of a hairstyle prompt when no colour was picked. Hair and clothing
 * read the same word differently ("vàng" is blonde hair but a yellow top), hence two tables.
 */
import { fold } from './edit-vocabulary.ts';

interface ColourWord {
  pattern: RegExp;
  hex: string;
  name: string;
}

/**
 * Vietnamese colour words are short and fold onto other words ("đỏ"/"độ" → "do", "đen"/"đến"
 * → "den", "trắng"/"trang phục" → "trang"), so they count only after a word that makes them a
 * colour: "màu", "tóc", "nhuộm", "áo", "váy", "quần", "đồ" (and the colour names that are
 * unambiguous on their own). Longer phrases first: "xanh lá" must win over "xanh".
 */
const vi = (words: string): string => `(?:mau|toc|nhuom|ao|vay|quan|do|trang phuc) (?:${words})`;
const colour = (viWords: string, english: string, hex: string, name: string): ColourWord => ({
  pattern: new RegExp(`\\b(?:${vi(viWords)}|${english})\\b`),
  hex,
  name,
});

export const OUTFIT_COLOURS: readonly ColourWord[] = [
  colour('xanh la', 'green|xanh la', '#3f6f45', 'green'),
  colour('xanh navy|xanh than', 'navy', '#1f2a44', 'navy'),
  colour('xanh duong|xanh da troi|xanh', 'blue|xanh duong', '#2f5496', 'blue'),
  colour('den', 'black', '#1c1c1f', 'black'),
  colour('trang', 'white', '#efefec', 'white'),
  colour('xam|ghi', 'gr[ae]y', '#85888e', 'grey'),
  colour('do', 'red', '#a8232d', 'red'),
  colour('hong', 'pink', '#dd8fa6', 'pink'),
  colour('tim', 'purple|violet', '#6a3d8f', 'purple'),
  colour('cam', 'orange', '#d9722b', 'orange'),
  colour('vang', 'yellow', '#e0b83a', 'yellow'),
  colour('be|kem', 'beige|cream|nude', '#d6c1a3', 'beige'),
  colour('nau', 'brown', '#6b4a33', 'brown'),
];

export const HAIR_COLOURS: readonly ColourWord[] = [
  colour('bach kim', 'platinum|bach kim', '#e6dcc8', 'platinum'),
  colour('vang', 'blonde?|golden', '#c9a25a', 'blonde'),
  colour('nau do|nau hat de', 'auburn|chestnut', '#7a3b22', 'auburn'),
  colour('nau', 'brown', '#5a3a24', 'brown'),
  colour('den', 'black', '#1b1714', 'black'),
  colour('do', 'red|ginger', '#9c2f1f', 'red'),
  colour('hong', 'pink', '#d77fa1', 'pink'),
  colour('tim', 'purple|violet', '#6b3f8c', 'purple'),
  colour('xanh', 'blue', '#2f5d9c', 'blue'),
  colour('bac|xam|muoi tieu', 'silver|gr[ae]y', '#a8a8a8', 'silver'),
  colour('trang', 'white', '#ecebe8', 'white'),
];

/** The first colour of the table named in the text, or null. */
export function findColour(text: string, table: readonly ColourWord[]): { hex: string; name: string } | null {
  const folded = fold(text);
  let best: { at: number; word: ColourWord } | null = null;
  for (const word of table) {
    const match = word.pattern.exec(folded);
    if (match && (!best || match.index < best.at)) best = { at: match.index, word };
  }
  return best ? { hex: best.word.hex, name: best.word.name } : null;
}

/** `#rrggbb` → [r, g, b] (0-255). */
export function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** [r, g, b] scaled by `factor` (darker below 1, lighter above), as `#rrggbb`. */
export function shadeHex(hex: string, factor: number): string {
  const [r, g, b] = hexToRgb(hex);
  const channel = (c: number) =>
    Math.max(0, Math.min(255, Math.round(factor <= 1 ? c * factor : c + (255 - c) * (factor - 1))))
      .toString(16)
      .padStart(2, '0');
  return `#${channel(r)}${channel(g)}${channel(b)}`;
}
