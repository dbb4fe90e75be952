/**
 * The examples of /services/virtual-tryon, written by scripts/make-examples.ts (do not edit: run it again).
 * Every "after" is the built-in engine's own output (public/examples/provenance.json; 262 KB for the five pages).
 */
import type { LandingExample } from '../types.ts';

export const VIRTUAL_TRYON_EXAMPLES = [
  {
    id: 'ao-dai',
    params: {},
    before: [
      { src: '/examples/virtual-tryon/model.webp', width: 640, height: 960 },
      { src: '/examples/virtual-tryon/ao-dai.webp', width: 500, height: 820 },
      { src: '/examples/virtual-tryon/silk-trousers.webp', width: 420, height: 780 },
    ],
    after: { src: '/examples/virtual-tryon/ao-dai-after.webp', width: 640, height: 960 },
  },
  {
    id: 'shirt',
    params: {},
    before: [
      { src: '/examples/virtual-tryon/model.webp', width: 640, height: 960 },
      { src: '/examples/virtual-tryon/shirt.webp', width: 500, height: 520 },
      { src: '/examples/virtual-tryon/chinos.webp', width: 400, height: 760 },
    ],
    after: { src: '/examples/virtual-tryon/shirt-after.webp', width: 640, height: 960 },
  },
] as const satisfies readonly LandingExample[];
