import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  cleanText,
  drawTitleCard,
  layoutTitle,
  textWidth,
  TITLE_CARD_HEIGHT,
  TITLE_CARD_WIDTH,
  titleCardSvg,
  titleCardVersion,
  type TitleCard,
} from './title-card.ts';

const card = (title: string, overrides: Partial<TitleCard> = {}): TitleCard => ({
  title,
  kicker: 'Mẹo chụp ảnh',
  footer: 'Blog · Tiếng Việt',
  lang: 'vi',
  ...overrides,
});

/** The headline's room: 100 px margins on a 1200 px card. */
const TEXT_WIDTH = 1000;

/** The brightest value of any channel in a region of a PNG (the ground is #0b0b0c: 12). */
async function brightest(png: Buffer, region: { left: number; top: number; width: number; height: number }): Promise<number> {
  // stats() reads its input, not the pipeline: the region is cut out first.
  const stats = await sharp(await sharp(png).extract(region).toBuffer()).stats();
  return Math.max(...stats.channels.map((channel) => channel.max));
}

describe('the title card', () => {
  it('sets a short title on one line in the largest type and a long one on up to four, cut with an ellipsis', () => {
    expect(layoutTitle('Áo dài Tết')).toEqual({ size: 80, lines: ['Áo dài Tết'] });
    const long = layoutTitle('Chụp ảnh sản phẩm cho sàn thương mại điện tử '.repeat(6).trim());
    expect(long.lines).toHaveLength(4);
    expect(long.lines.at(-1)).toMatch(/[^\s,]…$/);
    const unbroken = layoutTitle('W'.repeat(200));
    expect(unbroken.lines).toHaveLength(4);
    for (const layout of [long, unbroken]) for (const line of layout.lines) expect(textWidth(line, layout.size)).toBeLessThanOrEqual(TEXT_WIDTH);
  });

  it('keeps the text an SVG can carry, escaped', () => {
    expect(cleanText(' Ao\u0000 da\u0300i \uD800\uFFFE\u0007 ')).toBe('Ao dài');
    const svg = titleCardSvg(card('<b>&"\'</b>]]>', { kicker: '</text><!DOCTYPE x>', lang: '"><x' }));
    expect(svg).toContain('&lt;b&gt;&amp;&quot;&apos;&lt;/b&gt;]]&gt;');
    expect(svg).toContain('&lt;/text&gt;&lt;!DOCTYPE x&gt;');
    expect(svg).toContain('xml:lang="und"');
    // No element but the drawing's own.
    expect(svg.match(/<\/?[a-zA-Z!]+/g)?.filter((tag) => !/^<\/?(?:svg|rect|g|path|text|tspan)$/.test(tag))).toEqual([]);
  });

  it('draws a 1200 × 630 PNG from any title, hostile ones too', async () => {
    for (const title of ['\u0000\uD800', '🧵 Áo dài 👗', '\u202E‮ ngược', 'x'.repeat(200), '&amp; <b>']) {
      const metadata = await sharp(await drawTitleCard(card(title))).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', TITLE_CARD_WIDTH, TITLE_CARD_HEIGHT]);
    }
  });

  it('draws the title inside its margins, even in the widest letters', async () => {
    const png = await drawTitleCard(card('W'.repeat(200), { kicker: 'M'.repeat(100) }));
    // Ink where the title goes, and none past the right margin (a 90 px strip before the edge).
    expect(await brightest(png, { left: 100, top: 180, width: 900, height: 300 })).toBeGreaterThan(200);
    expect(await brightest(png, { left: 1110, top: 160, width: 90, height: 340 })).toBeLessThan(20);
  });

  it('changes its version with any text, and only then', () => {
    const base = card('Áo dài Tết');
    expect(titleCardVersion(base)).toMatch(/^[0-9a-f]{16}$/);
    expect(titleCardVersion({ ...base })).toBe(titleCardVersion(base));
    // The same text in another Unicode form draws the same.
    expect(titleCardVersion(card('Áo dài Tết'.normalize('NFD')))).toBe(titleCardVersion(base));
    const variants = [
      card('Áo dài Tết 2027'),
      card('Áo dài Tết', { kicker: 'Lookbook' }),
      card('Áo dài Tết', { footer: 'Blog · English' }),
      card('Áo dài Tết', { lang: 'en' }),
    ];
    expect(new Set([base, ...variants].map(titleCardVersion)).size).toBe(5);
  });
});
