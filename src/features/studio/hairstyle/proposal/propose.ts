/**
 * The proposed hair mask (src/contract/hair-mask.ts): asked of the server for a portrait of
 * the seller's library, and decoded to the mask editor's pixels (one byte a photo pixel, 0-255).
 */
import { HAIR_MASK_PATH, type HairMaskResponse } from '../../../../contract/hair-mask.ts';
import { api } from '../../../../lib/api.ts';

/** The models take about half a second; a busy server queues them behind jobs. */
const PROPOSAL_TIMEOUT_MS = 60_000;

export const fetchProposal = (imageId: string, signal?: AbortSignal): Promise<HairMaskResponse> =>
  api.post<HairMaskResponse>(HAIR_MASK_PATH, { image: imageId }, { timeoutMs: PROPOSAL_TIMEOUT_MS, ...(signal ? { signal } : {}) });

/** The answer's PNG drawn at `width` × `height` (the editor's raster), its grey level a pixel. */
export async function decodeProposal(answer: HairMaskResponse, width: number, height: number): Promise<Uint8ClampedArray> {
  const bytes = Uint8Array.from(atob(answer.png), (char) => char.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas to read the proposed mask');
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const { data } = context.getImageData(0, 0, width, height);
  const mask = new Uint8ClampedArray(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = data[i * 4]!;
  return mask;
}
