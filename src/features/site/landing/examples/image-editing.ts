/**
 * The examples of /services/image-editing, written by scripts/make-examples.ts (do not edit: run it again).
 * Every "after" is the built-in engine's own output (public/examples/provenance.json; 262 KB for the five pages).
 */
import type { LandingExample } from '../types.ts';

export const IMAGE_EDITING_EXAMPLES = [
  {
    id: 'product',
    params: { prompt: 'Tăng sáng, ấm hơn một chút, màu tươi hơn và làm nét' },
    before: [{ src: '/examples/image-editing/product.webp', width: 960, height: 960 }],
    after: { src: '/examples/image-editing/product-after.webp', width: 960, height: 960 },
  },
  {
    id: 'handbag',
    params: { prompt: 'Xóa nền' },
    before: [{ src: '/examples/image-editing/handbag.webp', width: 800, height: 800 }],
    after: { src: '/examples/image-editing/handbag-after.webp', width: 800, height: 800 },
  },
] as const satisfies readonly LandingExample[];
