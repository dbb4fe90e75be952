/**
 * What a fal result payload holds: its file(s) (`{ image }`, `{ images: [] }` or `{ video }`) and
 * the seed the model used, read defensively (the payload is another service's JSON).
 */
import type { FalOutputShape } from './endpoints.ts';

/** One file of a result payload. */
export interface ResultFile {
  url: string;
}

function asFile(value: unknown): ResultFile | null {
  const url = typeof value === 'object' && value !== null ? (value as { url?: unknown }).url : undefined;
  return typeof url === 'string' && url !== '' ? { url } : null;
}

/** The file(s) of a result payload: `{ image }`, `{ images: [] }` or `{ video }` (fal's File objects). */
export function filesOf(data: unknown, shape: FalOutputShape): ResultFile[] {
  if (typeof data !== 'object' || data === null) return [];
  const record = data as Record<string, unknown>;
  if (shape === 'images') {
    return Array.isArray(record.images) ? record.images.map(asFile).filter((file): file is ResultFile => file !== null) : [];
  }
  const file = asFile(record[shape]);
  return file ? [file] : [];
}

export function seedOf(data: unknown): number | null {
  const seed = typeof data === 'object' && data !== null ? (data as { seed?: unknown }).seed : undefined;
  return typeof seed === 'number' && Number.isFinite(seed) ? seed : null;
}
