import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Generation } from '../../contract/generations.schema.ts';
import type { Asset } from '../../contract/media.schema.ts';

/**
 * A job's inputs as history shows them: each asset id of `inputs` (the request as submitted) in
 * its slot (model, garments, face, image…), with the asset from `input_assets` when it still
 * exists. The server leaves deleted inputs out of `input_assets`; their slot stays, marked.
 */

/** The input slots of every tool's request (src/contract/generations.schema.ts). */
export const INPUT_LABELS = {
  model: msg`Người mẫu`,
  garments: msg`Trang phục`,
  face: msg`Khuôn mặt`,
  image: msg`Ảnh gốc`,
  images: msg`Ảnh đầu vào`,
  mask: msg`Vùng tô`,
  reference: msg`Ảnh mẫu tóc`,
  video: msg`Video gốc`,
} as const satisfies Record<string, MessageDescriptor>;
export type InputSlotName = keyof typeof INPUT_LABELS;

/** Any slot a newer server may add is still shown, under this name. */
export const OTHER_INPUT_LABEL: MessageDescriptor = msg`Đầu vào`;

export interface InputSlot {
  /** Unique within the job (React key). */
  key: string;
  name: InputSlotName | null;
  /** 1-based place among the slot's assets when it holds several (garments, images); else null. */
  index: number | null;
  assetId: string;
  /** Null when the asset was deleted since. */
  asset: Asset | null;
}

function isSlotName(name: string): name is InputSlotName {
  return Object.hasOwn(INPUT_LABELS, name);
}

/** `"id"`, `["id", …]` or `[{ asset_id: "id", … }, …]` (try-on garments): the asset ids of one slot. */
function idsOf(value: unknown): string[] {
  if (typeof value === 'string') return value ? [value] : [];
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    if (typeof entry === 'string') return entry ? [entry] : [];
    if (entry && typeof entry === 'object' && typeof (entry as { asset_id?: unknown }).asset_id === 'string') return [(entry as { asset_id: string }).asset_id];
    return [];
  });
}

export function inputSlots(job: Pick<Generation, 'inputs' | 'input_assets'>): InputSlot[] {
  const assets = new Map(job.input_assets.map((asset) => [asset.id, asset]));
  return Object.entries(job.inputs).flatMap(([name, value]) => {
    const ids = idsOf(value);
    return ids.map((assetId, position) => ({
      key: `${name}-${position}`,
      name: isSlotName(name) ? name : null,
      index: ids.length > 1 ? position + 1 : null,
      assetId,
      asset: assets.get(assetId) ?? null,
    }));
  });
}
