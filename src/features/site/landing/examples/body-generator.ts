/**
 * The examples of /services/body-generator, written by scripts/make-examples.ts (do not edit: run it again).
 * Every "after" is the built-in engine's own output (public/examples/provenance.json; 262 KB for the five pages).
 */
import type { LandingExample } from '../types.ts';

export const BODY_GENERATOR_EXAMPLES = [
  {
    id: 'petite',
    params: {
      gender: 'female',
      height: 155,
      weight: 47,
      age: 24,
      skin_tone: 'light',
      body_type: 'ectomorph',
      aspect_ratio: '3:4',
      style_hints: ['đồ màu be'],
    },
    before: [],
    after: { src: '/examples/body-generator/petite-after.webp', width: 960, height: 1280 },
  },
  {
    id: 'curvy',
    params: {
      gender: 'female',
      height: 163,
      weight: 66,
      age: 38,
      skin_tone: 'medium',
      body_type: 'endomorph',
      aspect_ratio: '3:4',
      style_hints: ['đồ màu xanh navy'],
    },
    before: [],
    after: { src: '/examples/body-generator/curvy-after.webp', width: 960, height: 1280 },
  },
  {
    id: 'athletic',
    params: {
      gender: 'male',
      height: 176,
      weight: 72,
      age: 29,
      skin_tone: 'tan',
      body_type: 'mesomorph',
      aspect_ratio: '3:4',
      style_hints: ['đồ màu xám'],
    },
    before: [],
    after: { src: '/examples/body-generator/athletic-after.webp', width: 960, height: 1280 },
  },
] as const satisfies readonly LandingExample[];
