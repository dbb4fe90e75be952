/**
 * What the media area offers the rest of the server (the generations worker above all). The
 * implementation is `createMedia` in ./index.ts; routes live in ./routes.ts.
 */
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Feature } from '../../src/contract/tools.ts';
import type { Asset } from '../../src/contract/media.schema.ts';
import type { AssetsTable, Json, Tables } from '../db/schema.ts';
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

/**
 * A generation result on its way to the library: the asset row its job's completion inserts, as
 * recorded on the job (generations.staged_results) before its files are put into storage.
 */
export type StagedResult = Omit<Insertable<AssetsTable>, 'created_at' | 'feature' | 'upload_key' | 'content_sha256'> & {
  created_at: string;
  feature: string | null;
};

/** A result ready to store: its staged row and the files `putResults` puts into storage. */
export interface PreparedResult {
  staged: StagedResult;
  files: Array<{ key: string; path: string; move: boolean; mime: string }>;
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

  /*
   * Storing a generation's results exactly once (see server/generations/runner.ts): prepare each
   * output (probe, thumbnail, the row, in `workDir`), record the staged rows on the job, put the
   * files, then attach: the rows are inserted in the transaction that completes and charges the
   * job. A retry after a crash reuses staged results whose files are all stored.
   */
  /** Probes an output and writes its derived files into `workDir`; stores nothing yet. */
  prepareResult(userId: string, output: EngineOutput, options: IngestOptions, workDir: string): Promise<PreparedResult>;
  /** Puts the prepared files into storage (at the keys their staged rows name). */
  putResults(prepared: readonly PreparedResult[]): Promise<void>;
  /** Whether every file of the staged results is in storage (what a retry may reuse). */
  resultsStored(staged: readonly StagedResult[]): Promise<boolean>;
  /** Inserts the staged results' asset rows, inside the transaction that completes their job. */
  attachResults(db: Kysely<Tables> | Transaction<Tables>, staged: readonly StagedResult[]): Promise<void>;
  /** Removes the stored files of staged results that never became assets (a job that did not complete). */
  discardResults(staged: readonly StagedResult[]): Promise<void>;
  /** A job's staged_results column, checked (empty when none). */
  readStaged(column: Json[] | null): StagedResult[];
  /** Bytes the person's assets keep in storage (originals, thumbnails, posters) and their plan's quota. */
  storageUse(userId: string): Promise<{ usedBytes: number; limitBytes: number }>;
}
