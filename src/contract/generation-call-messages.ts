/**
 * The generation messages a call to the generation endpoints can answer with (the app's and the
 * public API's `/v1`: submit, read, cancel), by stable key (the error body's `code`): part of
 * GENERATION_MESSAGES (generation-messages.ts), in a module of their own because the public
 * /api-docs page lists them and loads nothing else of that table.
 *
 * Plain: imports nothing.
 */
export const GENERATION_CALL_MESSAGES = {
  /** 402: `{cost}`, `{balance}`, `{shortage}` (the body carries them as numbers too). */
  insufficientCredits: 'Not enough credits: this generation costs {cost} credits, you have {balance} ({shortage} more needed).',
  /** 422: an input asset id is unknown or belongs to someone else. */
  assetNotFound: 'One of the selected files could not be found. Please select it again.',
  /** 422: an input asset is of the wrong media type (a video where an image is needed, …). */
  wrongAssetType: 'One of the selected files is not the right type for this tool.',
  /** 422: a model option the chosen model does not accept. */
  unsupportedOption: 'The selected model does not support these settings. Please choose other settings.',
  /** 409 on cancel of a job that already ended. */
  notCancellable: 'This generation has already finished and can no longer be cancelled.',
  /** 404 */
  notFound: 'Generation not found.',
} as const;
