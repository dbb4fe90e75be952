/**
 * The proposed hair mask's request and answer (the endpoint and its errors: ./hair-mask.ts).
 *
 * Imports only valibot and the input schemas.
 */
import * as v from 'valibot';
import type { HairMaskResponse } from './hair-mask.ts';
import { RecordIdSchema } from './input.schema.ts';

export const HairMaskRequestSchema = v.object({
  /** The portrait: an image asset of the caller's. */
  image: RecordIdSchema,
});
export type HairMaskRequest = v.InferOutput<typeof HairMaskRequestSchema>;

export const HairMaskResponseSchema = v.object({
  png: v.string(),
  width: v.number(),
  height: v.number(),
  coverage: v.number(),
}) satisfies v.GenericSchema<HairMaskResponse>;
