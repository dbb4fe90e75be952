/**
 * The examples of /services/image-to-video, written by scripts/make-examples.ts (do not edit: run it again).
 * Every "after" is the built-in engine's own output (public/examples/provenance.json; 262 KB for the five pages).
 */
import type { LandingExample } from '../types.ts';

export const IMAGE_TO_VIDEO_EXAMPLES = [
  {
    id: 'ao-dai',
    params: { model: 'seedance-v1', duration: 5, resolution: '480p', prompt: 'Phóng to chậm về phía người mẫu' },
    before: [{ src: '/examples/image-to-video/ao-dai-still.webp', width: 640, height: 960 }],
    after: { src: '/examples/image-to-video/ao-dai.mp4', width: 480, height: 720, poster: '/examples/image-to-video/ao-dai-poster.webp' },
  },
] as const satisfies readonly LandingExample[];
