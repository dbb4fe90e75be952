/**
 * The examples of /services/hairstyle-changer, written by scripts/make-examples.ts (do not edit: run it again).
 * Every "after" is the built-in engine's own output (public/examples/provenance.json; 262 KB for the five pages).
 */
import type { LandingExample } from '../types.ts';

export const HAIRSTYLE_CHANGER_EXAMPLES = [
  {
    id: 'auburn',
    params: { style: 'long-straight-layer', prompt: 'Nhuộm nâu hạt dẻ' },
    before: [
      { src: '/examples/hairstyle-changer/portrait.webp', width: 640, height: 800 },
      { src: '/examples/hairstyle-changer/hair-mask.webp', width: 640, height: 800 },
    ],
    after: { src: '/examples/hairstyle-changer/auburn-after.webp', width: 640, height: 800 },
  },
  {
    id: 'pink',
    params: { style: 'long-straight-layer', prompt: 'Tóc hồng pastel' },
    before: [
      { src: '/examples/hairstyle-changer/portrait.webp', width: 640, height: 800 },
      { src: '/examples/hairstyle-changer/hair-mask.webp', width: 640, height: 800 },
    ],
    after: { src: '/examples/hairstyle-changer/pink-after.webp', width: 640, height: 800 },
  },
] as const satisfies readonly LandingExample[];
