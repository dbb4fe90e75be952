/**
 * A link-preview image drawn from text (a blog post's Open Graph and Twitter card): 1200 × 630 px,
 * in the visual language of the site's own preview (scripts/make-og-image.ts): near-black ground,
 * the red bar on the left, a pink kicker line, the headline in a serif over up to four lines, and
 * the "Atelier" wordmark with a line of context at the foot.
 *
 * Drawn as SVG and rasterised by sharp (librsvg): the texts need a font with Vietnamese coverage
 * on the server (DejaVu or Noto, found through fontconfig). Lines are broken here, not by the
 * renderer, with advance widths measured on DejaVu Serif, the widest of the faces the SVG names:
 * a narrower face only leaves more room at the right margin.
 *
 * `titleCardVersion(card)` names what a card looks like (its texts and the drawing's design), so a
 * URL carrying it can be cached for good: a changed title is a new URL.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** The size of a link preview Open Graph and Twitter cards expect, in pixels. */
export const TITLE_CARD_WIDTH = 1200;
export const TITLE_CARD_HEIGHT = 630;
/**
 * The drawing's design: part of every card's version, so a change of the layout below is a new
 * URL for every card. Raise it with any change that alters the pixels.
 */
const DESIGN = 1;

export interface TitleCard {
  /** The headline (a post's title): up to four lines, smaller type for a longer one, cut with "…" past that. */
  title: string;
  /** The short line above it (a post's category), in the accent colour. */
  kicker: string;
  /** The line at the foot, right of the wordmark (what and which language: "Blog · Tiếng Việt"). */
  footer: string;
  /** The language of the texts (BCP 47), for the renderer's shaping. */
  lang: string;
}

const COLORS = { ground: '#0b0b0c', bar: '#a4373c', accent: '#eab9b3', title: '#ffffff', muted: '#c8c8cc', rule: '#2a2a2e' } as const;
const SERIF = "'Noto Serif', 'DejaVu Serif', Georgia, serif";
const SANS = "'Noto Sans', 'DejaVu Sans', Arial, sans-serif";

/** Left edge of every text and the room kept free on the right, in pixels. */
const MARGIN_X = 100;
const TEXT_WIDTH = TITLE_CARD_WIDTH - 2 * MARGIN_X;
/** The band the headline is centred in, in pixels from the top (between the kicker and the foot). */
const TITLE_TOP = 170;
const TITLE_BOTTOM = 490;
/** Headline sizes tried in turn, in pixels: the largest that fits its lines in the band wins. */
const TITLE_SIZES = [80, 72, 64, 56] as const;
/** Most headline lines: a fifth would make the type too small to read in a feed. */
const TITLE_MAX_LINES = 4;
/** Line height of the headline, as a multiple of its size. */
const TITLE_LEADING = 1.18;
const KICKER_SIZE = 30;
const FOOTER_SIZE = 26;
const WORDMARK_SIZE = 48;
/** The footer's room: the width left of the wordmark and a gap, in pixels. */
const FOOTER_WIDTH = 640;
/** The kicker's room: the line's width less the garment mark at its right end, in pixels. */
const KICKER_WIDTH = TEXT_WIDTH - 120;
/**
 * The site image's garment outline (scripts/make-og-image.ts), a fifth of its size, in the top
 * right corner: its box there is x 1032–1100, y 72–145 px.
 */
const GARMENT = `<g transform="translate(876 50) scale(0.2)" fill="none" stroke="${COLORS.accent}" stroke-width="13" opacity="0.9">
    <path d="M905 150 l45 -40 h70 l45 40 l55 45 l-35 45 l-35 -25 v260 h-200 v-260 l-35 25 l-35 -45 z"/>
    <path d="M950 110 q35 40 70 0"/>
  </g>`;

/**
 * Advance widths of DejaVu Serif, in em (measured by rendering through the same librsvg). Other
 * Latin letters count as their base letter (ệ as e, Đ as D); anything else as a full em. The sans
 * lines (kicker, footer) are measured with them too: DejaVu Sans runs up to ~4% wider, well inside
 * the room they are given.
 */
const ADVANCE: Readonly<Record<string, number>> = {
  ' ': 0.32,
  a: 0.6,
  b: 0.64,
  c: 0.56,
  d: 0.64,
  e: 0.59,
  f: 0.37,
  g: 0.64,
  h: 0.64,
  i: 0.32,
  j: 0.31,
  k: 0.61,
  l: 0.32,
  m: 0.95,
  n: 0.64,
  o: 0.6,
  p: 0.64,
  q: 0.64,
  r: 0.48,
  s: 0.51,
  t: 0.4,
  u: 0.64,
  v: 0.57,
  w: 0.86,
  x: 0.56,
  y: 0.57,
  z: 0.53,
  A: 0.72,
  B: 0.74,
  C: 0.77,
  D: 0.8,
  E: 0.73,
  F: 0.69,
  G: 0.8,
  H: 0.87,
  I: 0.4,
  J: 0.4,
  K: 0.75,
  L: 0.66,
  M: 1.02,
  N: 0.88,
  O: 0.82,
  P: 0.67,
  Q: 0.82,
  R: 0.75,
  S: 0.67,
  T: 0.68,
  U: 0.84,
  V: 0.72,
  W: 1.03,
  X: 0.71,
  Y: 0.66,
  Z: 0.7,
  '0': 0.64,
  '1': 0.64,
  '2': 0.64,
  '3': 0.64,
  '4': 0.64,
  '5': 0.64,
  '6': 0.64,
  '7': 0.64,
  '8': 0.64,
  '9': 0.64,
  '.': 0.32,
  ',': 0.32,
  ':': 0.34,
  ';': 0.34,
  '!': 0.4,
  '?': 0.54,
  "'": 0.28,
  '"': 0.46,
  '-': 0.34,
  '–': 0.5,
  '—': 1,
  '(': 0.39,
  ')': 0.39,
  '[': 0.39,
  ']': 0.39,
  '&': 0.89,
  '/': 0.34,
  '%': 0.95,
  '+': 0.84,
  '…': 1,
  '·': 0.32,
  '“': 0.51,
  '”': 0.51,
  '‘': 0.32,
  '’': 0.32,
  '@': 1,
  '#': 0.84,
  $: 0.64,
  '*': 0.5,
  '=': 0.84,
  _: 0.5,
};
const BASE_LETTER: Readonly<Record<string, string>> = { đ: 'd', Đ: 'D', ð: 'd', Ð: 'D', ø: 'o', Ø: 'O', ł: 'l', Ł: 'L' };

function advance(char: string): number {
  const known = ADVANCE[char];
  if (known !== undefined) return known;
  if (/\p{M}/u.test(char)) return 0;
  const base = BASE_LETTER[char] ?? char.normalize('NFD').replace(/\p{M}/gu, '');
  return ADVANCE[base] ?? 1;
}

/** The width of a line of text at `size` px, in pixels (DejaVu Serif's advances; no kerning). */
export function textWidth(text: string, size: number): number {
  let em = 0;
  for (const char of text) em += advance(char);
  return em * size;
}

/**
 * Text an SVG can carry: NFC (precomposed Vietnamese letters, as the fonts draw them best),
 * characters XML 1.0 forbids (controls, lone surrogates, U+FFFE/F) dropped, whitespace collapsed.
 */
export function cleanText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/**
 * `text` cut to `width` px at `size` px and ended with "…" (which says that it goes on): whole
 * words go first, and a single word too long is cut between letters.
 */
function withEllipsis(text: string, size: number, width: number): string {
  const fits = (head: string) => textWidth(`${head}…`, size) <= width;
  const words = text.split(' ');
  while (words.length > 1 && !fits(words.join(' '))) words.pop();
  const chars = [...words.join(' ')];
  while (chars.length > 0 && !fits(chars.join(''))) chars.pop();
  return `${chars.join('').replace(/[\s,;:.\-–—]+$/u, '')}…`;
}

/** `text` as it is when it fits in `width` px at `size` px, else cut and ended with "…". */
export function fitLine(text: string, size: number, width: number): string {
  return textWidth(text, size) <= width ? text : withEllipsis(text, size, width);
}

/** Words broken into pieces no wider than `width` (a word longer than a line is cut between letters). */
function pieces(text: string, size: number, width: number): string[] {
  const out: string[] = [];
  for (const word of text.split(' ').filter(Boolean)) {
    if (textWidth(word, size) <= width) {
      out.push(word);
      continue;
    }
    let piece = '';
    for (const char of word) {
      if (piece && textWidth(piece + char, size) > width) {
        out.push(piece);
        piece = '';
      }
      piece += char;
    }
    if (piece) out.push(piece);
  }
  return out;
}

/** Greedy line filling: as many words on each line as fit in `width`. */
export function wrapText(text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of pieces(text, size, width)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/** How many headline lines fit the band at `size` px (never more than TITLE_MAX_LINES). */
const roomAt = (size: number) => Math.min(TITLE_MAX_LINES, Math.floor((TITLE_BOTTOM - TITLE_TOP) / (size * TITLE_LEADING)));

/** The headline's type size and lines: the largest size whose lines fit the band, else the smallest, cut with "…". */
export function layoutTitle(title: string): { size: number; lines: string[] } {
  for (const size of TITLE_SIZES) {
    const lines = wrapText(title, size, TEXT_WIDTH);
    if (lines.length <= roomAt(size)) return { size, lines };
  }
  const size = TITLE_SIZES.at(-1)!;
  const room = roomAt(size);
  const lines = wrapText(title, size, TEXT_WIDTH).slice(0, room);
  lines[room - 1] = withEllipsis(lines[room - 1]!, size, TEXT_WIDTH);
  return { size, lines };
}

/** The card as SVG (exported for tests: what the renderer is given). */
export function titleCardSvg(card: TitleCard): string {
  const title = cleanText(card.title) || ' ';
  const kicker = fitLine(cleanText(card.kicker), KICKER_SIZE, KICKER_WIDTH);
  const footer = fitLine(cleanText(card.footer), FOOTER_SIZE, FOOTER_WIDTH);
  const lang = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/.test(card.lang) ? card.lang : 'und';
  const { size, lines } = layoutTitle(title);
  const leading = size * TITLE_LEADING;
  // The block centred in the band; each baseline sits ~0.8 em below its line's top.
  const top = TITLE_TOP + (TITLE_BOTTOM - TITLE_TOP - lines.length * leading) / 2;
  const tspans = lines.map((line, index) => `<tspan x="${MARGIN_X}" y="${Math.round(top + index * leading + size * 0.8)}">${escapeXml(line)}</tspan>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${TITLE_CARD_WIDTH}" height="${TITLE_CARD_HEIGHT}" viewBox="0 0 ${TITLE_CARD_WIDTH} ${TITLE_CARD_HEIGHT}" xml:lang="${lang}">
  <rect width="100%" height="100%" fill="${COLORS.ground}"/>
  <rect x="0" y="0" width="16" height="${TITLE_CARD_HEIGHT}" fill="${COLORS.bar}"/>
  ${GARMENT}
  <text x="${MARGIN_X}" y="125" font-family="${SANS}" font-size="${KICKER_SIZE}" letter-spacing="1" fill="${COLORS.accent}">${escapeXml(kicker)}</text>
  <text font-family="${SERIF}" font-size="${size}" fill="${COLORS.title}">${tspans}</text>
  <rect x="${MARGIN_X}" y="515" width="${TEXT_WIDTH}" height="2" fill="${COLORS.rule}"/>
  <text x="${MARGIN_X - 4}" y="580" font-family="${SERIF}" font-size="${WORDMARK_SIZE}" fill="${COLORS.title}">Atelier</text>
  <text x="${TITLE_CARD_WIDTH - MARGIN_X}" y="575" text-anchor="end" font-family="${SANS}" font-size="${FOOTER_SIZE}" fill="${COLORS.muted}">${escapeXml(footer)}</text>
</svg>`;
}

/** What a card looks like, as 16 hex digits: equal for equal texts and design, different otherwise. */
export function titleCardVersion(card: TitleCard): string {
  const texts = [DESIGN, cleanText(card.title), cleanText(card.kicker), cleanText(card.footer), card.lang];
  return createHash('sha256').update(JSON.stringify(texts)).digest('hex').slice(0, 16);
}

/** The card as a PNG: a 256-colour palette, which the flat ground and the text's few tones keep sharp. */
export async function drawTitleCard(card: TitleCard): Promise<Buffer> {
  return sharp(Buffer.from(titleCardSvg(card)))
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
}
