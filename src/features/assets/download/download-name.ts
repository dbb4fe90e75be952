/**
 * The name a downloaded result is saved under (docs/product-rules.md#download-options):
 * `<tool>-<source>-<date>[-<n>]`, e.g. `thu-do-ao-model-woman-2026-12-02` for a try-on of the
 * model photo "Model Woman.jpg" made on 2 December 2026:
 * - tool: the tool's name in the interface's language (Thử đồ ảo, Virtual Try-On), made safe;
 * - source: the main input's file name without its extension (the model photo of a try-on, the
 *   photo of an edit, an upscale or a video; the face of a body, when one was given);
 * - date: the day the result was made, on the person's clock;
 * - n: the result's place among its job's results, when the job made several.
 * Every part is ASCII: diacritics stripped (đ → d), lower case, anything else a hyphen. An upload
 * (no tool) keeps its own name. The extension is the download plan's (download.ts).
 *
 * The one naming rule of every download: the download dialog is the only place that saves a file,
 * from the studios' results, the history and the library alike.
 */
import type { Asset } from '../../../contract/media.schema.ts';
import type { Feature } from '../../../contract/tools.ts';
import type { Generation } from '../../../contract/generations.schema.ts';

/** The input whose file names a tool's result. */
const SOURCE_INPUT: Readonly<Record<Feature, string>> = {
  'virtual-tryon': 'model',
  'image-editing': 'images',
  'body-generator': 'face',
  'hairstyle-changer': 'image',
  'image-to-video': 'image',
  'upscaler-image': 'image',
  'upscaler-video': 'video',
};

/** The longest a source name may take in the file name, in characters. */
const SOURCE_MAX = 40;

/** ASCII, lower case, words joined by hyphens: "Ảnh Đầm đỏ (1)" → "anh-dam-do-1". */
export function fileSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .replace(/[^a-z\d]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The day of `iso` on the person's clock, as YYYY-MM-DD. */
export function localDate(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const stem = (name: string) => name.replace(/\.[a-z\d]{1,5}$/i, '');

/** The id of the job's input that names `result` (an edit of several photos with one result per photo: that result's photo). */
function sourceId(job: Pick<Generation, 'feature' | 'inputs' | 'results'>, resultId: string): string | null {
  const value = job.inputs[SOURCE_INPUT[job.feature]];
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.length > 0) {
    const index = job.results.findIndex((result) => result.id === resultId);
    const id: unknown = value.length === job.results.length && index >= 0 ? value[index] : value[0];
    return typeof id === 'string' ? id : null;
  }
  return null;
}

export interface DownloadNameParts {
  asset: Pick<Asset, 'id' | 'name' | 'feature' | 'created_at'>;
  /** The job that made it, when known (the result's source and place come from it). */
  job?: Pick<Generation, 'feature' | 'inputs' | 'results' | 'input_assets'> | null;
  /** The tool's name in the interface's language. */
  toolName?: string | null;
}

/** The file name without its extension; never empty. */
export function downloadStem({ asset, job, toolName }: DownloadNameParts): string {
  if (!asset.feature) return fileSlug(stem(asset.name)) || 'atelier';
  const id = job ? sourceId(job, asset.id) : null;
  const source = id ? job?.input_assets.find((input) => input.id === id) : undefined;
  const index = job && job.results.length > 1 ? job.results.findIndex((result) => result.id === asset.id) : -1;
  const parts = [
    fileSlug(toolName ?? '') || fileSlug(asset.feature),
    source ? fileSlug(stem(source.name)).slice(0, SOURCE_MAX).replace(/-+$/, '') : '',
    localDate(asset.created_at),
    index >= 0 ? String(index + 1) : '',
  ];
  return parts.filter(Boolean).join('-');
}
