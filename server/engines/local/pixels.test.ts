import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { garmentSvg, MODEL_BACKDROP, modelPhotoSvg, sceneSvg } from '../../../tests/fixtures/engines/images.ts';
import { borderStats, decontaminate, foreground, readRaster } from './pixels.ts';

const render = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();

describe('borderStats', () => {
  it('finds the backdrop colour of a plain-background photo', async () => {
    const stats = borderStats(await readRaster(await render(modelPhotoSvg())));
    expect(stats.colour).toEqual([MODEL_BACKDROP.r, MODEL_BACKDROP.g, MODEL_BACKDROP.b]);
    expect(stats.spread).toBeLessThan(2);
  });
});

/** The mask at x 160, y 350: between the model's legs. */
const gap = (mask: { data: Uint8Array; width: number }) => mask.data[350 * mask.width + 160];

describe('foreground', () => {
  it('cuts a garment from white, keeping a white print inside it', async () => {
    // A blue shirt with a white square "print" in the middle, on white.
    const svg = garmentSvg('tops').replace('</svg>', '<rect x="100" y="120" width="40" height="40" fill="#ffffff"/></svg>');
    const found = foreground(await readRaster(await render(svg)));
    expect(found.method).toBe('backdrop');
    expect(found.box).toEqual({ left: 10, top: 10, width: 220, height: 220 });
    const at = (x: number, y: number) => found.mask.data[y * found.mask.width + x];
    expect(at(120, 140)).toBe(255); // the print: not reachable from the border
    expect(at(120, 200)).toBe(255); // the shirt
    expect(at(3, 3)).toBe(0); // the backdrop
    expect(at(5, 240)).toBe(0);
  });

  it('gives anti-aliased edges partial alpha, and decontaminate takes the white out of them', async () => {
    const raster = await readRaster(await render(garmentSvg('tops')));
    const found = foreground(raster);
    const soft = found.mask.data.filter((value) => value > 20 && value < 235).length;
    expect(soft).toBeGreaterThan(100);
    decontaminate(raster, found.mask, found.backdrop!);
    // Every visible pixel of the blue shirt (#2255cc) is clearly blue: no light fringe.
    let fringe = 0;
    for (let p = 0; p < found.mask.data.length; p++) {
      const i = p * 4;
      if (found.mask.data[p]! >= 64 && raster.data[i]! > 0x22 + 60) fringe++;
    }
    expect(fringe).toBe(0);
  });

  it("uses a cut-out PNG's own alpha", async () => {
    const found = foreground(await readRaster(await render(garmentSvg('dresses', { transparent: true }))));
    expect(found.method).toBe('alpha');
    expect(found.box).toEqual({ left: 25, top: 10, width: 190, height: 230 });
  });

  it('drops specks far smaller than the subject, or keeps only the largest blob', async () => {
    const svg = garmentSvg('bottoms').replace('</svg>', '<rect x="220" y="5" width="3" height="3" fill="#000"/></svg>');
    const raster = await readRaster(await render(svg));
    expect(foreground(raster).box?.width).toBe(160);
    const two = garmentSvg('bottoms').replace('</svg>', '<rect x="205" y="100" width="30" height="30" fill="#000"/></svg>');
    const twoRaster = await readRaster(await render(two));
    expect(foreground(twoRaster).box?.width).toBe(195);
    expect(foreground(twoRaster, { largestOnly: true }).box?.width).toBe(160);
    // The kept garment keeps its whole anti-aliased (soft) edge; the dropped square leaves nothing.
    const { mask } = foreground(twoRaster, { largestOnly: true });
    const soft = mask.data.filter((value) => value > 0 && value < 255).length;
    const plain = foreground(await readRaster(await render(garmentSvg('bottoms')))).mask.data.filter((value) => value > 0 && value < 255).length;
    expect(soft).toBe(plain);
    expect(mask.data[115 * mask.width + 220]).toBe(0);
  });

  it('clears backdrop enclosed by a person when asked (legs closed off by a floor shadow)', async () => {
    const shadow = '<ellipse cx="160" cy="450" rx="60" ry="6" fill="#8a8a8a"/></svg>';
    const raster = await readRaster(await render(modelPhotoSvg().replace('</svg>', shadow)));
    expect(gap(foreground(raster).mask)).toBe(255);
    expect(gap(foreground(raster, { holes: 'clear' }).mask)).toBe(0);
    // The body itself stays whole.
    expect(foreground(raster, { holes: 'clear', largestOnly: true }).box).toMatchObject({ top: 22 });
  });

  it('finds nothing on a blank image', async () => {
    const blank = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#eeeeee' } })
      .png()
      .toBuffer();
    const found = foreground(await readRaster(blank));
    expect(found.box).toBeNull();
    expect(found.coverage).toBe(0);
    expect(found.plainBackdrop).toBe(true);
  });

  it('tells a busy backdrop from a plain one', async () => {
    expect(foreground(await readRaster(await render(sceneSvg(200, 150)))).plainBackdrop).toBe(false);
    expect(foreground(await readRaster(await render(modelPhotoSvg()))).plainBackdrop).toBe(true);
  });
});
