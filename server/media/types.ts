/**
 * What the media area offers the rest of the server (the generations worker above all). The
 * implementation is `createMedia` in ./index.ts; routes live in ./routes.ts.
 */
import type { Selectable } from 'kysely';
import type { Feature } from '../../src/contract/features.ts';
import type { Asset } from '../../src/contract/media.ts';
import type { AssetsTable, Json } from '../db/schema.ts';
import type { EngineOutput, InputFile } from '../engines/types.ts';

export type AssetRow = Selectable<AssetsTable>;

export interface IngestOptions {
  /** The generation that produced the file. */
  generationId: string;
  /** Its tool (the asset's `feature`). */
  feature: Feature;
  /** Recorded in the asset's metadata (at least `{ engine }`), merged with the output's own. */
  metadata: { [key: string]: Json };
}

export interface MediaService {
  /** The API view of an asset, with freshly signed capability URLs. */
  toApiAsset(row: AssetRow): Asset;
  /** The caller's assets among `ids` (unknown ids and other people's assets are left out). */
  findOwned(userId: string, ids: readonly string[]): Promise<AssetRow[]>;
  /**
   * Makes an asset's original available as a local file for an engine: local storage gives its
   * own path; a bucket is downloaded into `dir`.
   */
  materialize(row: AssetRow, dir: string): Promise<InputFile>;
  /**
   * Stores an engine's output file as an asset of `userId`: probes it (dimensions, duration,
   * codec), makes its thumbnail (and a poster frame for videos), and inserts the row.
   */
  ingest(userId: string, output: EngineOutput, options: IngestOptions): Promise<AssetRow>;
  /** Deletes assets (rows and stored files) of `userId`; ids of others are ignored. */
  deleteAssets(userId: string, ids: readonly string[]): Promise<void>;
  /** Bytes the person's assets keep in storage (originals, thumbnails, posters) and their plan's quota. */
  storageUse(userId: string): Promise<{ usedBytes: number; limitBytes: number }>;
}
