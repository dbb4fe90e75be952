/**
 * The landing pages' examples, written by scripts/make-examples.ts (do not edit: run it again).
 * Every "after" is the built-in engine's own output (public/examples/provenance.json), 262 KB in all.
 */
import type { LandingExample } from './types.ts';

export const VIRTUAL_TRYON_EXAMPLES = [
  {
    "id": "ao-dai",
    "params": {},
    "before": [
      { "src": "/examples/virtual-tryon/model.webp", "width": 640, "height": 960 },
      { "src": "/examples/virtual-tryon/ao-dai.webp", "width": 500, "height": 820 },
      { "src": "/examples/virtual-tryon/silk-trousers.webp", "width": 420, "height": 780 }
    ],
    "after": { "src": "/examples/virtual-tryon/ao-dai-after.webp", "width": 640, "height": 960 }
  },
  {
    "id": "shirt",
    "params": {},
    "before": [
      { "src": "/examples/virtual-tryon/model.webp", "width": 640, "height": 960 },
      { "src": "/examples/virtual-tryon/shirt.webp", "width": 500, "height": 520 },
      { "src": "/examples/virtual-tryon/chinos.webp", "width": 400, "height": 760 }
    ],
    "after": { "src": "/examples/virtual-tryon/shirt-after.webp", "width": 640, "height": 960 }
  }
] as const satisfies readonly LandingExample[];

export const IMAGE_EDITING_EXAMPLES = [
  {
    "id": "product",
    "params": { "prompt": "Tăng sáng, ấm hơn một chút, màu tươi hơn và làm nét" },
    "before": [
      { "src": "/examples/image-editing/product.webp", "width": 960, "height": 960 }
    ],
    "after": { "src": "/examples/image-editing/product-after.webp", "width": 960, "height": 960 }
  },
  {
    "id": "handbag",
    "params": { "prompt": "Xóa nền" },
    "before": [
      { "src": "/examples/image-editing/handbag.webp", "width": 800, "height": 800 }
    ],
    "after": { "src": "/examples/image-editing/handbag-after.webp", "width": 800, "height": 800 }
  }
] as const satisfies readonly LandingExample[];

export const HAIRSTYLE_CHANGER_EXAMPLES = [
  {
    "id": "auburn",
    "params": { "style": "long-straight-layer", "prompt": "Nhuộm nâu hạt dẻ" },
    "before": [
      { "src": "/examples/hairstyle-changer/portrait.webp", "width": 640, "height": 800 },
      { "src": "/examples/hairstyle-changer/hair-mask.webp", "width": 640, "height": 800 }
    ],
    "after": { "src": "/examples/hairstyle-changer/auburn-after.webp", "width": 640, "height": 800 }
  },
  {
    "id": "pink",
    "params": { "style": "long-straight-layer", "prompt": "Tóc hồng pastel" },
    "before": [
      { "src": "/examples/hairstyle-changer/portrait.webp", "width": 640, "height": 800 },
      { "src": "/examples/hairstyle-changer/hair-mask.webp", "width": 640, "height": 800 }
    ],
    "after": { "src": "/examples/hairstyle-changer/pink-after.webp", "width": 640, "height": 800 }
  }
] as const satisfies readonly LandingExample[];

export const BODY_GENERATOR_EXAMPLES = [
  {
    "id": "petite",
    "params": {
      "gender": "female",
      "height": 155,
      "weight": 47,
      "age": 24,
      "skin_tone": "light",
      "body_type": "ectomorph",
      "aspect_ratio": "3:4",
      "style_hints": [
        "đồ màu be"
      ]
    },
    "before": [],
    "after": { "src": "/examples/body-generator/petite-after.webp", "width": 960, "height": 1280 }
  },
  {
    "id": "curvy",
    "params": {
      "gender": "female",
      "height": 163,
      "weight": 66,
      "age": 38,
      "skin_tone": "medium",
      "body_type": "endomorph",
      "aspect_ratio": "3:4",
      "style_hints": [
        "đồ màu xanh navy"
      ]
    },
    "before": [],
    "after": { "src": "/examples/body-generator/curvy-after.webp", "width": 960, "height": 1280 }
  },
  {
    "id": "athletic",
    "params": {
      "gender": "male",
      "height": 176,
      "weight": 72,
      "age": 29,
      "skin_tone": "tan",
      "body_type": "mesomorph",
      "aspect_ratio": "3:4",
      "style_hints": [
        "đồ màu xám"
      ]
    },
    "before": [],
    "after": { "src": "/examples/body-generator/athletic-after.webp", "width": 960, "height": 1280 }
  }
] as const satisfies readonly LandingExample[];

export const IMAGE_TO_VIDEO_EXAMPLES = [
  {
    "id": "ao-dai",
    "params": { "model": "seedance-v1", "duration": 5, "resolution": "480p", "prompt": "Phóng to chậm về phía người mẫu" },
    "before": [
      { "src": "/examples/image-to-video/ao-dai-still.webp", "width": 640, "height": 960 }
    ],
    "after": { "src": "/examples/image-to-video/ao-dai.mp4", "width": 480, "height": 720, "poster": "/examples/image-to-video/ao-dai-poster.webp" }
  }
] as const satisfies readonly LandingExample[];
