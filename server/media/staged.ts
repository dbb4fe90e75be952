/**
 * Staged results: the asset rows a generation run stores before its job completes, kept in
 * generations.staged_results (server/generations/run-repository.ts) until they are attached or removed.
 */
import * as v from 'valibot';
import { RecordIdSchema } from '../../src/contract/input.schema.ts';
import type { StagedResult } from './types.ts';

const IdSchema = RecordIdSchema;
const TimeSchema = v.pipe(v.string(), v.isoTimestamp());

/**
 * The shape of generations.staged_results as the media area writes it (checked when read back:
 * the keys name the files a retry reuses or a cleanup removes).
 */
export const StagedResultsSchema = v.array(
  v.looseObject({
    id: IdSchema,
    user_id: IdSchema,
    storage_key: v.string(),
    thumbnail_key: v.string(),
    poster_key: v.nullable(v.string()),
    /** Absent on rows staged before 0010. */
    watermarked_key: v.optional(v.nullable(v.string())),
    created_at: TimeSchema,
  }),
);

type StoredKeys = Pick<StagedResult, 'storage_key' | 'thumbnail_key' | 'poster_key' | 'watermarked_key'>;

/** The storage keys of an asset's (or a staged result's) files. */
export const stagedKeys = (row: StoredKeys): string[] =>
  [row.storage_key, row.thumbnail_key, row.poster_key, row.watermarked_key].filter((key): key is string => typeof key === 'string');
