/**
 * The one engine interface: every tool's work goes through `Engine.run`, whatever does it (the
 * `local` engine with sharp and ffmpeg, or `fal`). The generations worker resolves the job's
 * input assets to local files, calls the engine chosen for the feature, stores the files it
 * returns as assets, and settles the credits.
 *
 * Engines never touch the database or the credit ledger; they read input files, write output
 * files into `workDir`, report progress, and throw `EngineError` for failures a person should
 * read about.
 */
import type { Json } from '../db/schema.ts';
import { GENERATION_MESSAGES, type GenerationMessageKey } from '../../src/contract/generation-messages.ts';
import type { GenerationStage } from '../../src/contract/generation-stages.ts';
import type { EngineName } from '../../src/contract/expected-durations.ts';
import type { EnginePlan } from '../../src/contract/engine-plan.schema.ts';
import type { Feature } from '../../src/contract/tools.ts';
import type { GenerationRequest, GenerationRequestOf } from '../../src/contract/generations.schema.ts';
import type { AssetKind, AssetRole, AssetWarning, MediaType } from '../../src/contract/media.ts';

/** One input asset as a file on this machine. */
export interface InputFile {
  assetId: string;
  /** Absolute path of the original bytes (read-only: never write to it). */
  path: string;
  mime: string;
  mediaType: MediaType;
  width: number;
  height: number;
  /** Videos only. */
  durationSeconds: number | null;
  fps: number | null;
  /**
   * A URL an outside service can fetch the file from (provider engines): a capability URL on
   * PUBLIC_URL. Provider engines may prefer to upload the file to their own storage instead.
   */
  publicUrl: string;
}

/** The inputs of each feature, resolved to files (names follow the request's `inputs`). */
export interface EngineInputs {
  'virtual-tryon': {
    model: InputFile;
    garments: Array<InputFile & { category: GenerationRequestOf<'virtual-tryon'>['inputs']['garments'][number]['category'] }>;
  };
  'image-editing': { images: InputFile[] };
  'body-generator': { face: InputFile | null };
  'hairstyle-changer': { image: InputFile; mask: InputFile | null; reference: InputFile | null };
  'image-to-video': { image: InputFile };
  'upscaler-image': { image: InputFile };
  'upscaler-video': { video: InputFile };
}

export interface EngineJob<F extends Feature = Feature> {
  /** The generation id. */
  id: string;
  feature: F;
  userId: string;
  /** 1 on the first run; more when a transient failure is retried. */
  attempt: number;
}

export interface EngineRequest<F extends Feature = Feature> {
  job: EngineJob<F>;
  inputs: EngineInputs[F];
  /** The validated request's params, defaults applied. */
  params: GenerationRequestOf<F>['params'];
  /**
   * Reports the stage (docs/product-rules.md#generation-stages) and a percentage 0-100. Calls are cheap: the worker
   * writes at most a few per second and drops repeats.
   */
  report(stage: GenerationStage, percent: number): void;
  /** Aborted when the job is cancelled or its time limit passes: stop work and child processes. */
  signal: AbortSignal;
  /** An empty directory of this run for outputs and scratch files; removed after the run. */
  workDir: string;
}

/** One produced file. The worker stores it and makes it an asset of the job's owner. */
export interface EngineOutput {
  /** Absolute path inside workDir. */
  path: string;
  mediaType: MediaType;
  mime: string;
  kind: AssetKind;
  roles: AssetRole[];
  /** A file name for downloads, e.g. `tryon-result.png`. */
  name: string;
  warnings?: AssetWarning[];
  /** Anything worth keeping about how it was made (also shown in the result's metadata). */
  metadata?: { [key: string]: Json };
}

export interface EngineResult {
  outputs: EngineOutput[];
  /** Recorded on each result asset: at least which engine; models, settings applied, notes. */
  metadata: { engine: EngineName; [key: string]: Json };
  /**
   * What was done and what was not, when the photo made it differ from the plan the job was
   * accepted on (docs/product-rules.md#engine-plan): it replaces that plan on the completed job.
   */
  plan?: EnginePlan;
}

export interface Engine {
  readonly name: EngineName;
  /** Whether this engine can run the feature at all (a provider may lack one). */
  supports(feature: Feature): boolean;
  /**
   * What it will do of a request and what it will not, from the request alone, or the message of
   * an input it needs that the request lacks (docs/product-rules.md#engine-plan). Absent: it does
   * whatever it is asked (fal). The submit refuses on it before anything is charged.
   */
  plan?(request: GenerationRequest): EnginePlan | { missing: GenerationMessageKey };
  run<F extends Feature>(request: EngineRequest<F>): Promise<EngineResult>;
}

/**
 * A failure with a message for the person (a GENERATION_MESSAGES key and, where the message has
 * blanks, its filled text). `transient` failures (network, provider overload) are retried with
 * backoff; the others fail the job at once.
 */
export class EngineError extends Error {
  readonly code: GenerationMessageKey;
  readonly transient: boolean;

  constructor(code: GenerationMessageKey, options: { text?: string; transient?: boolean; cause?: unknown } = {}) {
    super(options.text ?? GENERATION_MESSAGES[code], { cause: options.cause });
    this.name = 'EngineError';
    this.code = code;
    this.transient = options.transient ?? false;
  }
}

/** What a tool's child process failing (ffmpeg exiting non-zero, …) is for the person: failedToProcess, the process's error as cause. */
export const failedToProcess = (cause: Error): EngineError => new EngineError('failedToProcess', { cause });
