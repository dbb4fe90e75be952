/**
 * Draws the public pages' link-preview image (public/images/og/atelier.png, 1200 × 630 px) from
 * an SVG with the brand's colours and type: `npx node scripts/make-og-image.ts`. Run again after
 * changing the brand; the PNG is committed.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

const WIDTH = 1200;
const HEIGHT = 630;

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <rect width="100%" height="100%" fill="#0b0b0c"/>
  <rect x="0" y="0" width="16" height="${HEIGHT}" fill="#a4373c"/>
  <g fill="none" stroke="#eab9b3" stroke-width="3" opacity="0.9">
    <path d="M905 150 l45 -40 h70 l45 40 l55 45 l-35 45 l-35 -25 v260 h-200 v-260 l-35 25 l-35 -45 z"/>
    <path d="M950 110 q35 40 70 0"/>
  </g>
  <text x="96" y="250" font-family="Georgia, 'Noto Serif', serif" font-size="112" fill="#ffffff">Atelier</text>
  <text x="100" y="330" font-family="'Noto Sans', 'DejaVu Sans', Arial, sans-serif" font-size="40" fill="#c8c8cc">Studio AI cho thời trang và hình ảnh</text>
  <text x="100" y="385" font-family="'Noto Sans', 'DejaVu Sans', Arial, sans-serif" font-size="30" fill="#c8c8cc">AI studio for fashion and imagery</text>
  <text x="100" y="520" font-family="'Noto Sans', 'DejaVu Sans', Arial, sans-serif" font-size="28" fill="#eab9b3">Thử đồ ảo · Chỉnh sửa ảnh · Người mẫu ảo · Kiểu tóc · Ảnh thành video</text>
</svg>`;

const out = join(import.meta.dirname, '..', 'public', 'images', 'og', 'atelier.png');
await writeFile(out, await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer());
console.log(`wrote ${out}`);
