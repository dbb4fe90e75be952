/**
 * The stages a running job reports (its `stage`), by key. Apart from the generation messages
 * (generation-messages.ts), which the SPA does not load: the job schema and the processing
 * screens load these at once.
 *
 * Plain: imports nothing.
 */
/** Staged text of processing screens (docs/product-rules.md#generation-stages), by key; the PWA translates the key. */
export const GENERATION_STAGES = {
  queued: 'Waiting in line...',
  analyzingPose: 'Analyzing pose...',
  analyzingComposition: 'Analyzing image composition...',
  processingGarment: 'Processing garment fit...',
  generatingMotion: 'Generating motion vectors...',
  renderingFrames: 'Rendering frames...',
  generatingResult: 'Generating the final result...',
  finalizingVideo: 'Finalizing video...',
} as const;
export type GenerationStage = keyof typeof GENERATION_STAGES;
